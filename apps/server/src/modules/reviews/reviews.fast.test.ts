import {
  AbTestSave,
  ErrorCodes,
  JourneySave,
  MessageStatus as S,
  ProjectLevel,
  REVIEW_ACT_LEVELS,
  ReviewListRequest,
  waitsForReview,
} from '@beacon/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { ACTORS, appRecord, memoryServices, notification, NOTIFICATION, testClock } from '../../test/memory';
import { reviewsPolicy } from './reviews.policy';

const gaidOf = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
const REVIEWER = { id: 3, email: 'manager@example.com', lang: 'en' as const };

/**
 * Review decisions (ReviewsService, docs/review.md) on in-memory repositories, the fast tier: who is reviewed and who
 * decides, a run scheduling what the save would have, a rejection with its reason, each only from pending review and
 * all or nothing, audited, the author told. The routes' permissions and the mail are the database tests'
 * (reviews.test.ts).
 */
describe('review (fast)', () => {
  let clock: ReturnType<typeof testClock>;
  let s: ReturnType<typeof memoryServices>;
  const app = appRecord({ id: 1, reviewEnable: true });
  /** A message an operator saved, waiting for review. */
  const pending = async (over: Record<string, unknown> = {}) =>
    (await s.messages.save(app, notification(over), ACTORS.operator)).id;
  const status = async (id: number) => (await s.repo.find(app.id, id))?.status;
  beforeEach(() => {
    clock = testClock(new Date('2026-03-02T09:00:00Z'));
    s = memoryServices({ now: clock.now });
    s.store.addApp(app);
    s.store.addDevices(
      app.id,
      Array.from({ length: 40 }, (_, i) => gaidOf(i + 1)),
    );
  });

  it('who: an operator (400) is reviewed where the app reviews; 100, 200 and 300 decide, 400 only reads', () => {
    expect(waitsForReview(app, ProjectLevel.OPERATOR)).toBe(true);
    expect(waitsForReview(app, ProjectLevel.MANAGER)).toBe(false);
    expect(waitsForReview(appRecord({ reviewEnable: false }), ProjectLevel.OPERATOR)).toBe(false);
    expect(reviewsPolicy.decide.appLevels).toEqual(REVIEW_ACT_LEVELS);
    expect([...REVIEW_ACT_LEVELS]).toEqual([100, 200, 300]);
    expect(reviewsPolicy.read.appLevels).toContain(ProjectLevel.OPERATOR);
  });

  it('a run moves 11 to the status its save would have given and schedules it; audited; the author told', async () => {
    const id = await pending({ scheduleType: 2, scheduleDate: '2026-03-02 12:00:00' });
    expect(s.engine.queued).toEqual([]);
    expect(await s.reviews.approve(app, { msgId: id, isAB: false, sendNow: false }, REVIEWER)).toEqual({
      msgId: id,
      status: S.WAITING_SCHEDULED,
    });
    expect(await status(id)).toBe(S.WAITING_SCHEDULED);
    expect(s.engine.queued.map((w) => w.runAt.toISOString())).toEqual(['2026-03-02T12:00:00.000Z']);
    expect(s.store.audit).toEqual([
      expect.objectContaining({
        area: 'message-review',
        action: 'approve',
        actor: { id: 3, email: 'manager@example.com' },
        oldValue: expect.objectContaining({ status: S.PENDING_REVIEW }),
      }),
    ]);
    expect(s.told.decided).toEqual([
      { kind: 'passed', id, author: 'operator@example.com', reviewer: 'manager@example.com' },
    ]);
  });

  it('a run whose time has passed is 90003 and changes nothing, unless the reviewer says send now', async () => {
    const id = await pending({ scheduleType: 2, scheduleDate: '2026-03-02 10:00:00' });
    clock.set(new Date('2026-03-02T11:00:00Z'));
    await expect(
      s.reviews.approve(app, { msgId: id, isAB: false, sendNow: false }, REVIEWER),
    ).rejects.toMatchObject({
      code: ErrorCodes.SCHEDULE_PASSED,
    });
    expect(await status(id)).toBe(S.PENDING_REVIEW);
    expect(s.store.audit).toEqual([]);
    await s.reviews.approve(app, { msgId: id, isAB: false, sendNow: true }, REVIEWER);
    expect(await s.repo.find(app.id, id)).toMatchObject({
      status: S.WAITING,
      scheduleType: 1,
      scheduleLocal: null,
    });
    expect(s.engine.queued.map((w) => w.runAt)).toEqual([clock.now()]);
  });

  it('a rejection keeps its reason for the author; a decided message is decided no more', async () => {
    const id = await pending();
    expect(await s.reviews.reject(app, { msgId: id, isAB: false, reason: 'Too loud' }, REVIEWER)).toEqual({
      msgId: id,
      status: S.REVIEW_REJECTED,
    });
    expect(await s.repo.find(app.id, id)).toMatchObject({
      status: S.REVIEW_REJECTED,
      rejectReason: 'Too loud',
    });
    expect(s.told.decided).toEqual([
      {
        kind: 'rejected',
        id,
        author: 'operator@example.com',
        reviewer: 'manager@example.com',
        reason: 'Too loud',
      },
    ]);
    await expect(
      s.reviews.reject(app, { msgId: id, isAB: false, reason: 'Again' }, REVIEWER),
    ).rejects.toMatchObject({
      code: ErrorCodes.REJECTION_NOT_ALLOWED,
    });
    await expect(
      s.reviews.approve(app, { msgId: id, isAB: false, sendNow: false }, REVIEWER),
    ).rejects.toMatchObject({
      code: ErrorCodes.REVIEW_NOT_PENDING,
    });
    expect(s.engine.queued).toEqual([]);
  });

  it("a message that needed no review is not pending; another app's is not found", async () => {
    const sent = await s.messages.save(app, notification(), ACTORS.manager);
    await expect(
      s.reviews.approve(app, { msgId: sent.id, isAB: false, sendNow: false }, REVIEWER),
    ).rejects.toMatchObject({ code: ErrorCodes.REVIEW_NOT_PENDING });
    const id = await pending();
    await expect(
      s.reviews.approve(appRecord({ id: 2 }), { msgId: id, isAB: false, sendNow: false }, REVIEWER),
    ).rejects.toMatchObject({ code: ErrorCodes.NOT_FOUND });
  });

  it('a run that cannot be scheduled goes back to review (the user group deleted meanwhile)', async () => {
    const id = await s.writer.insert({
      ...(await s.repo.find(app.id, await pending()))!,
      status: S.PENDING_REVIEW,
      ownerId: 4,
      targetingType: 3,
      groupId: 999,
      conditions: [],
    });
    await expect(
      s.reviews.approve(app, { msgId: id, isAB: false, sendNow: false }, REVIEWER),
    ).rejects.toMatchObject({
      code: ErrorCodes.PARAMETER_ILLEGAL,
    });
    expect(await status(id)).toBe(S.PENDING_REVIEW);
    expect(s.told.decided).toEqual([]);
  });

  describe('an A/B test and a journey are decided as one', () => {
    const abTest = () =>
      AbTestSave.parse({
        title: 'AB',
        targetingType: 0,
        childMsgs: (['A', 'B'] as const).map((groupTag) => ({
          msgType: 1,
          groupTag,
          groupPercent: 25,
          scheduleType: 1,
          data: { ...NOTIFICATION },
        })),
      });

    it('isAB must say what it is; an arm alone is not decided (3001); a run schedules both arms', async () => {
      const { id } = await s.abTests.save(app, abTest(), ACTORS.operator);
      const [a, b] = (await s.abTests.detail(app.id, id)).children;
      await expect(
        s.reviews.approve(app, { msgId: id, isAB: false, sendNow: false }, REVIEWER),
      ).rejects.toMatchObject({ data: { fields: [{ field: 'isAB' }] } });
      await expect(
        s.reviews.approve(app, { msgId: a!.id, isAB: false, sendNow: false }, REVIEWER),
      ).rejects.toMatchObject({ code: ErrorCodes.AB_NOT_ALLOWED });
      expect(await s.reviews.approve(app, { msgId: id, isAB: true, sendNow: false }, REVIEWER)).toEqual({
        msgId: id,
        status: S.WAITING,
      });
      expect([await status(id), await status(a!.id), await status(b!.id)]).toEqual([
        S.WAITING,
        S.WAITING,
        S.WAITING,
      ]);
      expect(s.engine.queued).toHaveLength(2);
      expect(s.store.audit[0]?.newValue).toMatchObject({ arms: [a!.id, b!.id] });
    });

    it('rejecting a test rejects its arms', async () => {
      const { id } = await s.abTests.save(app, abTest(), ACTORS.operator);
      await s.reviews.reject(app, { msgId: id, isAB: true, reason: 'No' }, REVIEWER);
      const { children } = await s.abTests.detail(app.id, id);
      expect([await status(id), ...children.map((c) => c.status)]).toEqual([
        S.REVIEW_REJECTED,
        S.REVIEW_REJECTED,
        S.REVIEW_REJECTED,
      ]);
    });

    it('a journey: its entry step is run, the journey shows its status; later steps still wait their turn', async () => {
      const j = JourneySave.parse({
        title: 'Flow',
        targetingType: 0,
        scheduleType: 1,
        childMsgs: [
          { groupTag: 'S1', msgType: 1, data: { ...NOTIFICATION } },
          {
            groupTag: 'S2',
            msgType: 1,
            data: { ...NOTIFICATION },
            displayConditions: { from: 'S1', outcome: 'clicked', wait: { unit: 'hours', value: 1 } },
          },
        ],
      });
      const { id } = await s.journeys.save(app, j, ACTORS.operator);
      await s.journeys.estimate(id, app.id, 1);
      await s.journeys.confirm(app, id, ACTORS.operator, {});
      await s.reviews.approve(app, { msgId: id, isAB: false, sendNow: false }, REVIEWER);
      const { parent, steps } = await s.journeys.detail(app.id, id);
      expect(parent.status).toBe(S.WAITING);
      expect(steps.map((x) => x.status)).toEqual([S.WAITING, S.WAITING_SCHEDULED]);
      expect(s.engine.queued).toHaveLength(1);
    });
  });

  it('the list: what waits or was rejected, newest first, with whether its time has passed', async () => {
    const first = await pending({ scheduleType: 2, scheduleDate: '2026-03-02 10:00:00' });
    const second = await pending();
    await s.messages.save(app, notification(), ACTORS.manager);
    clock.set(new Date('2026-03-02T11:00:00Z'));
    const { results, total } = await s.reviews.list(app.id, ReviewListRequest.parse({}));
    expect(total).toBe(2);
    expect(results.map((r) => [r.msgId, r.schedulePassed])).toEqual([
      [second, false],
      [first, true],
    ]);
  });
});
