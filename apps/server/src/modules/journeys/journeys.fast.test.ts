import {
  ErrorCodes,
  JOURNEY_TYPE,
  JourneySave,
  MessageStatus as S,
  type JourneySaveInput,
} from '@beacon/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { ACTORS, appRecord, memoryServices, notification, NOTIFICATION, testClock } from '../../test/memory';

const gaidOf = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

/** A journey to every device: an entry step, then a step for those who clicked it, an hour later. */
function journey(over: Partial<JourneySaveInput> = {}): JourneySave {
  return JourneySave.parse({
    title: 'Welcome flow',
    targetingType: 0,
    scheduleType: 1,
    childMsgs: [
      { groupTag: 'S1', msgType: 1, data: { ...NOTIFICATION, noti_title: 'Hello' } },
      {
        groupTag: 'S2',
        msgType: 1,
        data: { ...NOTIFICATION, noti_title: 'Thanks for looking' },
        displayConditions: { from: 'S1', outcome: 'clicked', wait: { unit: 'hours', value: 1 } },
      },
    ],
    ...over,
  });
}

/**
 * A journey's states (JourneysService, docs/journeys.md) on in-memory repositories, the fast tier: saved (19), counted
 * (18, or 20 when the count failed), confirmed (its entry step saved as compose saves, later steps waiting), edited,
 * stopped, removed; each transition refused from the states it may not leave. The step transitions at send time
 * (journeys.runner.ts, in the database's transaction) are the database tests' (journeys.test.ts).
 */
describe('journey transitions (fast)', () => {
  let s: ReturnType<typeof memoryServices>;
  const app = appRecord({ id: 1 });
  const status = async (id: number) => (await s.repo.find(app.id, id))?.status;
  /** Saved and counted: a journey at 18, waiting for its confirmation. */
  const counted = async (j = journey()) => {
    const { id } = await s.journeys.save(app, j, ACTORS.manager);
    const { rev } = s.told.estimates.at(-1)!;
    await s.journeys.estimate(id, app.id, rev);
    return id;
  };
  beforeEach(() => {
    s = memoryServices({ now: testClock().now });
    s.store.addApp(app);
    s.store.addDevices(
      app.id,
      Array.from({ length: 30 }, (_, i) => gaidOf(i + 1)),
    );
  });

  it('a save is a definition at 19 (being counted), its estimate queued; nothing is sent', async () => {
    const { id, status: saved } = await s.journeys.save(app, journey(), ACTORS.manager);
    expect(saved).toBe(S.CANVAS_WAITING_COUNT);
    expect(await s.repo.find(app.id, id)).toMatchObject({
      msgType: JOURNEY_TYPE,
      status: S.CANVAS_WAITING_COUNT,
    });
    expect(s.told.estimates).toEqual([{ journeyId: id, appId: app.id, rev: 1 }]);
    expect((await s.journeys.detail(app.id, id)).steps).toEqual([]);
    expect(s.engine.queued).toEqual([]);
  });

  it("a save refuses a step's content naming the step, and writes nothing", async () => {
    const bad = journey();
    bad.childMsgs[1]!.data = { ...NOTIFICATION, noti_title: '' };
    await expect(s.journeys.save(app, bad, ACTORS.manager)).rejects.toMatchObject({
      data: { fields: [{ field: 'childMsgs.1.data.noti_title' }] },
    });
    expect(s.store.rows(() => true)).toEqual([]);
  });

  it('the estimate moves 19 → 18 with the entry audience; one of an older revision is dropped', async () => {
    const { id } = await s.journeys.save(app, journey(), ACTORS.manager);
    await s.journeys.estimate(id, app.id, 0);
    expect(await status(id)).toBe(S.CANVAS_WAITING_COUNT);
    await s.journeys.estimate(id, app.id, 1);
    expect(await s.repo.find(app.id, id)).toMatchObject({
      status: S.CANVAS_WAITING_CONFIRM,
      targetCount: 30,
    });
    expect((await s.journeys.detail(app.id, id)).definition).toMatchObject({ rev: 1, error: '' });
  });

  it('counting again: 18 or 20 → 19 with a new revision; busy (21028) while counting; refused once confirmed', async () => {
    const id = await counted();
    expect(await s.journeys.reCalc(app.id, id)).toEqual({ id, status: S.CANVAS_WAITING_COUNT });
    expect(s.told.estimates.at(-1)).toEqual({ journeyId: id, appId: app.id, rev: 2 });
    await expect(s.journeys.reCalc(app.id, id)).rejects.toMatchObject({ code: ErrorCodes.CALCULATION_BUSY });
    await s.writer.setStatus(id, S.CANVAS_WAIT_ERROR, [S.CANVAS_WAITING_COUNT]);
    await expect(s.journeys.reCalc(app.id, id)).resolves.toMatchObject({ status: S.CANVAS_WAITING_COUNT });
    await s.journeys.estimate(id, app.id, 3);
    await s.journeys.confirm(app, id, ACTORS.manager, {});
    await expect(s.journeys.reCalc(app.id, id)).rejects.toMatchObject({ code: ErrorCodes.JOURNEY_STATE });
  });

  it('confirm (18 only): the entry step saved and queued, later steps waiting their turn, gated by their branch', async () => {
    const { id: draft } = await s.journeys.save(app, journey(), ACTORS.manager);
    await expect(s.journeys.confirm(app, draft, ACTORS.manager, {})).rejects.toMatchObject({
      code: ErrorCodes.JOURNEY_STATE,
    });
    const id = await counted();
    expect(await s.journeys.confirm(app, id, ACTORS.manager, {})).toEqual({ id, status: S.WAITING });
    const { parent, steps } = await s.journeys.detail(app.id, id);
    expect(steps.map((x) => [x.groupTag, x.status, x.gated, x.targetCount])).toEqual([
      ['S1', S.WAITING, false, 30],
      ['S2', S.WAITING_SCHEDULED, true, 0],
    ]);
    expect(parent.status).toBe(S.WAITING);
    expect(s.engine.queued).toHaveLength(1);
    // a second confirm (another tab) finds it no longer at 18
    await expect(s.journeys.confirm(app, id, ACTORS.manager, {})).rejects.toMatchObject({
      code: ErrorCodes.JOURNEY_STATE,
    });
  });

  it("a confirm the entry's save refuses leaves the journey at 18, nothing saved", async () => {
    const limited = appRecord({ id: 1, limitEnable: true, limitCount: 1 });
    const id = await counted();
    await s.messages.save(limited, notification(), ACTORS.manager);
    await expect(s.journeys.confirm(limited, id, ACTORS.manager, {})).rejects.toMatchObject({
      code: ErrorCodes.DAILY_LIMIT_REACHED,
    });
    expect(await status(id)).toBe(S.CANVAS_WAITING_CONFIRM);
    expect((await s.journeys.detail(app.id, id)).steps).toEqual([]);
  });

  it("an operator's confirm on an app that reviews waits for review as one journey; an edit takes it out of review", async () => {
    const reviewed = appRecord({ id: 1, reviewEnable: true });
    const id = await counted();
    expect(await s.journeys.confirm(reviewed, id, ACTORS.operator, {})).toEqual({
      id,
      status: S.PENDING_REVIEW,
    });
    // the entry step's title: the step's own, else the journey's with its tag
    expect(s.told.pending).toEqual([
      { appId: 1, id, msgType: JOURNEY_TYPE, title: 'Welcome flow · S1', author: 'operator@example.com' },
    ]);
    expect((await s.journeys.detail(app.id, id)).parent.status).toBe(S.PENDING_REVIEW);
    expect(s.engine.queued).toEqual([]);
    // the author's fix: back to 19, its confirmed steps gone, a new revision to count
    await s.journeys.save(reviewed, journey({ id, title: 'Welcome flow v2' }), ACTORS.operator);
    expect(await s.repo.find(app.id, id)).toMatchObject({
      status: S.CANVAS_WAITING_COUNT,
      title: 'Welcome flow v2',
    });
    expect((await s.journeys.detail(app.id, id)).steps).toEqual([]);
    expect(s.told.estimates.at(-1)).toEqual({ journeyId: id, appId: 1, rev: 2 });
  });

  it('an edit of a confirmed journey not in review is refused (1060)', async () => {
    const id = await counted();
    await s.journeys.confirm(app, id, ACTORS.manager, {});
    await expect(s.journeys.save(app, journey({ id }), ACTORS.manager)).rejects.toMatchObject({
      code: ErrorCodes.JOURNEY_STATE,
    });
  });

  it('stop: refused before confirmation; a confirmed journey stops, its waiting steps never enter', async () => {
    const draft = await counted();
    await expect(s.journeys.stop(app.id, draft)).rejects.toMatchObject({ code: ErrorCodes.JOURNEY_STATE });
    const id = await counted();
    await s.journeys.confirm(app, id, ACTORS.manager, {});
    await s.journeys.stop(app.id, id);
    const { parent, steps } = await s.journeys.detail(app.id, id);
    expect(parent.status).toBe(S.STOPPED);
    expect(steps.map((x) => [x.groupTag, x.status])).toEqual([
      ['S1', S.STOPPED],
      ['S2', S.STOPPED],
    ]);
    expect(s.engine.stopping.has(steps[0]!.id)).toBe(true);
  });

  it('remove: a draft or an ended journey goes with its steps; a running one is refused', async () => {
    const draft = await counted();
    await s.journeys.remove(app.id, draft);
    await expect(s.journeys.detail(app.id, draft)).rejects.toMatchObject({ code: ErrorCodes.NOT_FOUND });
    const id = await counted();
    await s.journeys.confirm(app, id, ACTORS.manager, {});
    await expect(s.journeys.remove(app.id, id)).rejects.toMatchObject({ code: ErrorCodes.JOURNEY_STATE });
    await s.journeys.stop(app.id, id);
    await s.journeys.remove(app.id, id);
    expect(s.store.rows((m) => !m.deleted)).toEqual([]);
  });
});
