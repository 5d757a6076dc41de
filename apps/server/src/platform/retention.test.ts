import { startEmulator, type FcmEmulator } from '@beacon/fcm-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listBlocks, maintainPartitions } from '../db/partitions';
import { backends } from '../test/databases';
import { gaid, registerOnEmulator, reportSdkEvents } from '../test/devices';
import { NOTIFICATION, ownerAppOnEmulator } from '../test/messaging';
import { shiftStatisticsDays } from '../test/statistics';
import { startTestApp, type TestApp, type TestClient } from '../test/test-app';
import { until } from '../test/until';

const DAY = 86_400_000;

/**
 * The retention on a real send: the message's send records are dropped with their partition, and every figure the
 * console shows of it (list, detail, funnel, distribution, losses, reach, the app's report) stays the same; the
 * troubleshooting of one of its devices says "beyond retention". Three devices: 0 clicked, 1 received, 2 nothing.
 */
describe.each(backends())('retention of send records [$name]', (backend) => {
  let t: TestApp;
  let emu: FcmEmulator;
  let appId: number;
  let owner: TestClient;
  let msgId: number;

  const send = async (title: string) => {
    const saved = await owner.post(`/tcm/v1/app/${appId}/msg/save`, {
      msgType: 1,
      data: NOTIFICATION,
      title,
      pushCount: 3,
      targetingType: 0,
      scheduleType: 1,
    });
    expect(saved.json().status, saved.body).toBe(200);
    const id = saved.json().data.id as number;
    await until(
      'sent',
      () => owner.post(`/tcm/v1/app/${appId}/msg/detail`, { id }).then((r) => r.json().data),
      (d) => d.status === 1,
    );
    return id;
  };
  const data = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const res = await owner.call(method, `/tcm/v1/app/${appId}${path}`, body);
    expect(res.json().status, res.body).toBe(200);
    return res.json().data;
  };
  /** Everything the console shows of the message and of the app's statistics. */
  const figures = async () => ({
    list: await data('POST', '/msg/list', { msgType: 1 }),
    detail: await data('POST', '/msg/detail', { id: msgId }),
    funnel: await data('GET', `/msg/${msgId}/funnel`),
    countries: await data('GET', `/msg/${msgId}/distribution/country`),
    losses: await data('GET', `/msg/${msgId}/lose`),
    reach: await data('GET', `/msg/${msgId}/reach`),
    report: await data('GET', '/report/project'),
  });

  beforeAll(async () => {
    emu = await startEmulator({ tlsPort: null });
    t = await startTestApp(backend, { FCM_BASE_URL: emu.h2cUrl }, { runWorkers: true });
    const created = await ownerAppOnEmulator(t, emu, {
      title: 'Kept',
      pkg: 'com.example.kept',
      projectId: 'kept',
    });
    owner = created.owner;
    appId = created.app.id;
    for (let i = 0; i < 3; i++) await registerOnEmulator(t, emu, created, i);
    msgId = await send('Sale');
    const ts = Date.now();
    for (const [i, types] of [
      [0, ['received', 'shown', 'clicked']],
      [1, ['received']],
    ] as const)
      expect(
        (
          await reportSdkEvents(
            t,
            created.sdkAuth,
            i,
            types.map((type) => ({ type, msgId, ts })),
          )
        ).json().status,
      ).toBe(200);
    // today's sends become yesterday's: the app's report ranges end yesterday
    await shiftStatisticsDays(t, appId, -1);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await emu?.close();
  });

  it('the daily job is scheduled with pg-boss (00:05 UTC)', async () => {
    const rows = await t.database.query<{ cron: string; timezone: string }>(
      `SELECT cron, timezone FROM pgboss.schedule WHERE name = 'partition-maintenance'`,
    );
    expect(rows).toEqual([{ cron: '5 0 * * *', timezone: 'UTC' }]);
  });

  it('dropping the partition keeps every figure of the message and the app; troubleshooting says beyond retention', async () => {
    const before = await figures();
    expect(before.funnel).toMatchObject({ push: 3, channelReach: 3, targetReceive: 2, show: 1, click: 1 });
    expect(before.report.dated.at(-1)).toMatchObject({ push: 3, dispatch: 3, reach: 2 });
    const trace = async () => {
      const res = await owner.post(`/tcm/v1/app/${appId}/instance/message/query`, {
        instanceId: gaid(0),
        msgId,
      });
      expect(res.json().status, res.body).toBe(200);
      return res.json().data;
    };
    expect(await trace()).toMatchObject({ stage: 'dispatched', reason: null });

    const report = await maintainPartitions(t.database, {
      now: new Date(Date.now() + 120 * DAY),
      retentionDays: 90,
    });
    const block = (await listBlocks(t.database)).find(
      (b) => (b.lo === null || BigInt(b.lo) <= BigInt(msgId)) && BigInt(msgId) < BigInt(b.hi),
    );
    expect(report.dropped).toContain(block?.suffix);
    expect(await t.database.query('SELECT 1 FROM send_records WHERE message_id = $1', [msgId])).toEqual([]);

    expect(await figures()).toEqual(before);
    expect(await trace()).toMatchObject({
      stage: 'beyond-retention',
      reason: 'beyond-retention',
      targeted: null,
      send: null,
      events: null,
      device: { found: true },
    });

    // a recall would reach nobody: it is refused, saying why, and the message stays as it was
    const recall = await owner.post(`/tcm/v1/app/${appId}/msg/${msgId}/retreat`, {});
    expect(recall.json().status, recall.body).toBe(1070);
    expect(recall.json().msg).toMatch(/retention/);
    expect((await data('POST', '/msg/detail', { id: msgId })).status).toBe(1);

    // the next message takes its id from the block of the (simulated) new period, and sends as before
    const next = await send('Next');
    expect(BigInt(next)).toBeGreaterThanOrEqual(BigInt(report.sequenceMovedTo ?? '0'));
    expect(await data('GET', `/msg/${next}/funnel`)).toMatchObject({ push: 3, channelReach: 3 });
    expect((await trace()).stage).toBe('beyond-retention');
  });
});
