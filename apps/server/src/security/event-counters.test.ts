import { startEmulator, type FcmEmulator } from '@beacon/fcm-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../test/databases';
import { NOTIFICATION, ownerAppOnEmulator } from '../test/messaging';
import { startTestApp, type TestApp, type TestClient } from '../test/test-app';
import { registerOnEmulator, reportSdkEvents } from '../test/devices';
import { until } from '../test/until';

/**
 * Audit finding 11: a device that reports received/shown/clicked for a message it was never dispatched must not be
 * counted. Devices 0–5 get the message; 6–7 have notifications off (loss 107); 8 is uninstalled at FCM (loss 1);
 * 9 registers after the send (never targeted). All ten report every event; only 0–5 count.
 */
describe.each(backends())('event counters count only dispatched devices [$name]', (backend) => {
  let t: TestApp;
  let emu: FcmEmulator;
  let appId: number;
  let sdkAuth: string;
  let owner: TestClient;

  let created: Awaited<ReturnType<typeof ownerAppOnEmulator>>;
  const register = (i: number, notificationsEnabled = true) =>
    registerOnEmulator(t, emu, created, i, { notificationsEnabled });

  const report = (i: number, events: Array<{ type: string; msgId: number; ts: number }>) =>
    reportSdkEvents(t, sdkAuth, i, events);

  beforeAll(async () => {
    emu = await startEmulator({ tlsPort: null });
    t = await startTestApp(backend, { FCM_BASE_URL: emu.h2cUrl }, { runWorkers: true });
    created = await ownerAppOnEmulator(
      t,
      emu,
      {
        title: 'Counters',
        pkg: 'com.example.counters',
        projectId: 'counters',
      },
      100,
    );
    owner = created.owner;
    appId = created.app.id;
    sdkAuth = created.sdkAuth;
    const tokens: string[] = [];
    for (let i = 0; i < 9; i++) tokens.push(await register(i, !(i === 6 || i === 7)));
    emu.unregisterDevice(tokens[8]!);
  });
  afterAll(async () => {
    await t?.close();
    await emu?.close();
  });

  it('ignores events of filtered, lost and never-targeted devices; a click implies a show and a receipt', async () => {
    const saved = await owner.post(`/tcm/v1/app/${appId}/msg/save`, {
      msgType: 1,
      data: NOTIFICATION,
      title: 'Counters',
      pushCount: 9,
      targetingType: 0,
      scheduleType: 1,
    });
    const id = saved.json().data.id as number;
    await until(
      'sent',
      () => owner.post(`/tcm/v1/app/${appId}/msg/detail`, { id }).then((r) => r.json().data),
      (d) => d.status === 1,
    );
    await register(9);

    const ts = Date.now();
    const all = ['received', 'shown', 'clicked'].map((type) => ({ type, msgId: id, ts }));
    for (let i = 1; i < 10; i++) expect((await report(i, all)).json().status).toBe(200);
    // device 0 reports only its click: it was received and shown too
    expect((await report(0, [{ type: 'clicked', msgId: id, ts }])).json().status).toBe(200);

    const row = (await owner.post(`/tcm/v1/app/${appId}/msg/list`, { msgType: 1 }))
      .json()
      .data.results.find((r: { id: number }) => r.id === id);
    expect(row).toMatchObject({ dispatchCount: 6, arriveAll: 6, show: 6, click: 6 });
    const truth = await t.database.query<{ outcome: number; mask: number; n: string }>(
      `SELECT outcome, event_mask AS mask, count(*)::text AS n FROM send_record_events WHERE message_id = $1
       GROUP BY 1, 2 ORDER BY 1, 2`,
      [id],
    );
    // the lost and filtered devices' records carry no event bit
    expect(truth.filter((r) => r.outcome !== 1).every((r) => r.mask === 0)).toBe(true);
    expect(truth.filter((r) => r.outcome === 1)).toEqual([{ outcome: 1, mask: 7, n: '6' }]);
    // without the JetStream log the engine gives a send no place in event pages (migration 0060): its events are on
    // its record (with it, hosts.test.ts)
    const places = await t.database.query<{ ev: number | null; mask: number; outcome: number }>(
      'SELECT ev, event_mask AS mask, outcome FROM send_records WHERE message_id = $1 ORDER BY device_id',
      [id],
    );
    expect(places.every((p) => p.ev === null)).toBe(true);
    expect(places.filter((p) => p.outcome === 1).map((p) => p.mask)).toEqual([7, 7, 7, 7, 7, 7]);
    const byCountry = (await owner.call('GET', `/tcm/v1/app/${appId}/msg/${id}/distribution/country`)).json()
      .data.rows;
    expect(byCountry.find((r: { key: string }) => r.key === 'NG')).toMatchObject({
      dispatch: 6,
      reach: 6,
      show: 6,
      click: 6,
    });
  });
});
