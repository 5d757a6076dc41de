import { startEmulator, type FcmEmulator } from '@beacon/fcm-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { seedDevicesAt } from '../../test/devices';
import { startTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { NOTIFICATION, ownerAppOnEmulator } from '../../test/messaging';
import { until } from '../../test/until';

const content = NOTIFICATION;
const MINUTE = 60_000;
// devices 0–2 in Nigeria (UTC+1, where the app bans a window), 3–4 in Kenya (UTC+3, no window)
const COUNTRIES = ['NG', 'NG', 'NG', 'KE', 'KE'];

/** Nigeria's local minute of the day at `at` (UTC+1). */
const lagosMinute = (at: number) => Math.floor((at + 60 * MINUTE) / MINUTE) % 1440;

describe.each(backends('one'))('banned local-time windows in the delivery engine [$name]', (backend) => {
  let t: TestApp;
  let emu: FcmEmulator;
  let owner: TestClient;
  let appId: number;
  const tokens: string[] = [];

  beforeAll(async () => {
    emu = await startEmulator({ tlsPort: null });
    t = await startTestApp(backend, { FCM_BASE_URL: emu.h2cUrl }, { runWorkers: true });
    const created = await ownerAppOnEmulator(t, emu, {
      title: 'Window',
      pkg: 'com.example.window',
      projectId: 'window-project',
    });
    owner = created.owner;
    appId = created.app.id;
    for (const _ of COUNTRIES)
      tokens.push(emu.registerDevice({ projectId: 'window-project', packageName: 'com.example.window' }));
    const zone = (c: string) =>
      c === 'NG'
        ? { country: c, timezone: 'Africa/Lagos', utcOffsetMin: 60 }
        : { country: c, timezone: 'Africa/Nairobi', utcOffsetMin: 180 };
    await seedDevicesAt(t, appId, COUNTRIES.map(zone), tokens);
  });
  afterAll(async () => {
    await t?.database
      .query('DELETE FROM app_forbidden_times WHERE app_id = $1', [appId])
      .catch(() => undefined);
    await t?.close();
    await emu?.close();
  });

  const ban = async (startMinute: number, endMinute: number) => {
    await t.database.query('DELETE FROM app_forbidden_times WHERE app_id = $1', [appId]);
    await t.database.query(
      `INSERT INTO app_forbidden_times (app_id, country, start_minute, end_minute) VALUES ($1, 'NG', $2, $3)`,
      [appId, startMinute, endMinute],
    );
  };
  const deliveries = (id: number) =>
    tokens.map((tok) =>
      emu.inbox(tok).filter((d) => (d.message.data as Record<string, string>).tcm_msg_id === String(id)),
    );
  const detail = (id: number) =>
    owner
      .post(`/tcm/v1/app/${appId}/msg/detail`, { id })
      .then((r) => r.json().data as { status: number; dispatchCount: number });
  const funnel = (id: number) =>
    owner
      .call('GET', `/tcm/v1/app/${appId}/msg/${id}/funnel`)
      .then((r) => r.json().data as Record<string, unknown>);
  const losses = async (id: number) => {
    const list = (await owner.call('GET', `/tcm/v1/app/${appId}/msg/${id}/lose`)).json().data
      .messageDistributionLoseList as Array<{ type: number; count: number }>;
    return Object.fromEntries(list.map((l) => [l.type, l.count]));
  };

  it('devices inside a window that ends within the TTL wait for its end, then get the message once', async () => {
    // the window is Nigeria's current local minute: it ends at the next minute boundary, at least 5 s from now
    if (MINUTE - (Date.now() % MINUTE) < 5000)
      await new Promise((r) => setTimeout(r, MINUTE - (Date.now() % MINUTE) + 100));
    const now = Date.now();
    const windowEnd = now - (now % MINUTE) + MINUTE;
    await ban(lagosMinute(now), (lagosMinute(now) + 1) % 1440);
    const saved = await owner.post(`/tcm/v1/app/${appId}/msg/save`, {
      msgType: 1,
      data: content,
      title: 'Waits',
      pushCount: 5,
      targetingType: 0,
      scheduleType: 1,
    });
    expect(saved.json()).toMatchObject({ status: 200 });
    const id = saved.json().data.id as number;

    // Kenya is sent at once; Nigeria waits: the message stays "sending", nothing is counted lost
    await until(
      'Kenya sent',
      async () => deliveries(id).map((d) => d.length),
      (n) => n[3] === 1 && n[4] === 1,
      90_000,
      100,
    );
    expect(Date.now()).toBeLessThan(windowEnd);
    expect(
      deliveries(id)
        .slice(0, 3)
        .map((d) => d.length),
    ).toEqual([0, 0, 0]);
    // the emulator holds the requests before Beacon has recorded their answers: the count follows
    await until(
      'Kenya counted',
      () => detail(id),
      (d) => d.dispatchCount === 2,
      10_000,
      100,
    );
    expect(await detail(id)).toMatchObject({ status: 4, dispatchCount: 2 });
    expect(await losses(id)).toEqual({});
    // the detail's funnel says how many wait and when the next goes out (the window's end)
    expect(await funnel(id)).toMatchObject({
      push: 5,
      channelReach: 2,
      waiting: 3,
      waitingNext: new Date(windowEnd).toISOString(),
    });

    const done = await until(
      'sent',
      () => detail(id),
      (d) => d.status === 1,
      windowEnd - Date.now() + 60_000,
      100,
    );
    expect(done.dispatchCount).toBe(5);
    const got = deliveries(id);
    expect(got.map((d) => d.length)).toEqual([1, 1, 1, 1, 1]);
    for (const d of got.slice(0, 3)) expect(d[0]!.receivedAt).toBeGreaterThanOrEqual(windowEnd);
    expect(await losses(id)).toEqual({});
    expect(await funnel(id)).toMatchObject({ channelReach: 5, waiting: 0, waitingNext: null });
  }, 120_000);

  it('devices inside a window that outlasts the TTL are dropped with 105', async () => {
    const now = Date.now();
    // two hours of ban from now, one hour to live
    await ban(lagosMinute(now), (lagosMinute(now) + 120) % 1440);
    const body = {
      msgType: 1,
      data: content,
      title: 'Dropped',
      pushCount: 5,
      targetingType: 0,
      scheduleType: 1,
      timeToLive: 3600,
    };
    // the compose check names the window (202); the owner sends anyway
    expect((await owner.post(`/tcm/v1/app/${appId}/msg/save`, body)).json()).toMatchObject({ status: 202 });
    const saved = await owner.post(`/tcm/v1/app/${appId}/msg/save`, { ...body, countryMsgforceCreate: true });
    expect(saved.json()).toMatchObject({ status: 200 });
    const id = saved.json().data.id as number;
    const done = await until(
      'sent',
      () => detail(id),
      (d) => d.status === 1,
      90_000,
      100,
    );
    expect(done.dispatchCount).toBe(2);
    expect(await losses(id)).toEqual({ 105: 3 });
    expect(deliveries(id).map((d) => d.length)).toEqual([0, 0, 0, 1, 1]);
  }, 120_000);
});
