import { startEmulator, type FcmEmulator } from '@beacon/fcm-emulator';
import { ErrorCodes, type ReviewItem } from '@beacon/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { reviewAppOnEmulator } from '../../test/fixtures/review-team';
import { NOTIFICATION } from '../../test/messaging';
import { startTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { until } from '../../test/until';

const DEVICES = 4;

/**
 * A journey held by review, edited on its canvas (dialog mode 4's Edit; an author's fix after a rejection): it leaves
 * review and its confirmed steps go, it is counted again and confirmed again — sent at once by a reviewer, held for
 * review again by an operator. The old entry step never sends; a run racing the edit finds it no longer pending.
 */
describe.each(backends('one'))('journey review, edit [$name]', (backend) => {
  let t: TestApp;
  let emu: FcmEmulator;
  let appId: number;
  let tokens: string[];
  let owner: TestClient;
  let manager: TestClient;
  let operator: TestClient;

  beforeAll(async () => {
    emu = await startEmulator({ tlsPort: null });
    t = await startTestApp(
      backend,
      { FCM_BASE_URL: emu.h2cUrl, BEACON_JOURNEY_SWEEP_SECONDS: '1' },
      { runWorkers: true },
    );
    const created = await reviewAppOnEmulator(t, emu, {
      title: 'Edit Shop',
      pkg: 'com.example.journeyedit',
      projectId: 'journey-edit-project',
      devices: DEVICES,
    });
    ({ appId, tokens } = created);
    ({ owner, manager, operator } = created.clients);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await emu?.close();
  });

  const journey = (title: string, id?: number) => ({
    ...(id ? { id } : {}),
    title,
    targetingType: 0,
    scheduleType: 1,
    childMsgs: [
      { groupTag: 'Start', msgType: 1, data: { ...NOTIFICATION, noti_title: title } },
      {
        groupTag: 'Next',
        msgType: 1,
        data: { ...NOTIFICATION, noti_title: `${title} again` },
        displayConditions: { from: 'Start', outcome: 'everyone', wait: { unit: 'hours', value: 1 } },
      },
    ],
  });
  const canvas = (id: number) =>
    owner.call('GET', `/tcm/v1/app/${appId}/msg/flow/canvas/${id}/detail`).then((r) => r.json().data);
  const save = (who: TestClient, body: Record<string, unknown>) =>
    who.post(`/tcm/v1/app/${appId}/msg/flow/canvas/save`, body);
  /** Saved by `who`, counted, then confirmed by `who`: the status the confirm gave it. */
  const confirm = async (who: TestClient, id: number) => {
    await until(
      'the estimate',
      () => canvas(id),
      (d) => d.status === 18,
    );
    const res = await who.post(`/tcm/v1/app/${appId}/msg/flow/canvas/${id}/approve`);
    expect(res.json(), res.body).toMatchObject({ status: 200 });
    return res.json().data.status as number;
  };
  const pending = async (title: string) => {
    const saved = await save(operator, journey(title));
    expect(saved.json(), saved.body).toMatchObject({ status: 200 });
    const id = saved.json().data.id as number;
    expect(await confirm(operator, id)).toBe(11);
    return { id, entry: (await canvas(id)).childMsgs[0].msgId as number };
  };
  const listed = async (id: number) => {
    const res = await owner.post(`/tcm/v1/app/${appId}/msg/reviews`, { msgId: String(id) });
    return (res.json().data.results as ReviewItem[]).map((r) => r.status);
  };
  const deliveries = (id: number) =>
    tokens.map(
      (tok) =>
        emu.inbox(tok).filter((d) => (d.message.data as Record<string, string>).tcm_msg_id === String(id))
          .length,
    );
  const deleted = async (id: number) =>
    (await t.database.query<{ deleted: boolean }>('SELECT deleted FROM messages WHERE id = $1', [id]))[0]
      ?.deleted;

  it('a reviewer’s edit takes it out of review (its steps gone, a run refused); confirmed again, it sends at once', async () => {
    const { id, entry } = await pending('Journey to fix');
    expect(await listed(id)).toEqual([11]);

    const edited = await save(manager, journey('Journey fixed', id));
    expect(edited.json(), edited.body).toMatchObject({ status: 200, data: { id, status: 19 } });
    expect(await deleted(entry)).toBe(true);
    expect(await listed(id)).toEqual([]);
    const run = await manager.post(`/tcm/v1/app/${appId}/msg/approve`, { msgId: id, isAB: false });
    expect(run.json().status).toBe(ErrorCodes.REVIEW_NOT_PENDING);

    // the manager needs no review: the new entry step sends, the old one never does
    expect(await confirm(manager, id)).not.toBe(11);
    const d = await until(
      'the new entry step sent',
      () => canvas(id),
      (x) => x.childMsgs[0].status === 1,
      60_000,
    );
    expect(d.title).toBe('Journey fixed');
    expect(d.childMsgs).toHaveLength(2);
    expect(d.childMsgs[0].msgId).not.toBe(entry);
    expect(deliveries(d.childMsgs[0].msgId as number)).toEqual(tokens.map(() => 1));
    expect(deliveries(entry)).toEqual(tokens.map(() => 0));
  }, 120_000);

  it('the author edits a rejected journey and it waits for review again; a journey that was run is not edited', async () => {
    const { id, entry } = await pending('Journey refused');
    const no = await owner.post(`/tcm/v1/app/${appId}/msg/reject`, {
      msgId: id,
      isAB: false,
      reason: 'Typo',
    });
    expect(no.json(), no.body).toMatchObject({ status: 200 });
    expect(await listed(id)).toEqual([12]);

    const edited = await save(operator, journey('Journey corrected', id));
    expect(edited.json(), edited.body).toMatchObject({ status: 200, data: { status: 19 } });
    expect(await deleted(entry)).toBe(true);
    expect(await confirm(operator, id)).toBe(11);
    expect(await listed(id)).toEqual([11]);
    expect((await canvas(id)).childMsgs[0].msgId).not.toBe(entry);

    const ran = await pending('Journey run');
    const ok = await owner.post(`/tcm/v1/app/${appId}/msg/approve`, { msgId: ran.id, isAB: false });
    expect(ok.json(), ok.body).toMatchObject({ status: 200 });
    const late = await save(manager, journey('Too late', ran.id));
    expect(late.json().status).toBe(ErrorCodes.JOURNEY_STATE);
    expect(await deleted(ran.entry)).toBe(false);
  }, 120_000);
});
