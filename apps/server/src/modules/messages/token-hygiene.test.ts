import { startEmulator, type FcmEmulator } from '@beacon/fcm-emulator';
import { utcDay, type MessageForecast } from '@beacon/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { registerOnEmulator } from '../../test/devices';
import { clearOfMidnight } from '../../test/statistics';
import { NOTIFICATION, ownerAppOnEmulator } from '../../test/messaging';
import { startTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { until } from '../../test/until';

/**
 * Token hygiene and uninstalls (issue 32 §4), end to end on the FCM emulator, against expectations computed by hand.
 *
 * Nine devices, all registered with a token of the emulator:
 * - 0–4 active; 2 is unregistered at FCM before the first message (never sent anything: its uninstall follows none);
 * - 5 silent for 280 days, its token as old: past FCM's 270-day expiry, stale (111) whatever the app sets;
 * - 6 silent for 100 days: inactive 90 days (108), stale (111) once the app's limit is 30 days;
 * - 7 silent for 40 days: sent to, stale (111) once the app's limit is 30 days;
 * - 8 token registered 300 days ago but active today: not stale (its token is old, not idle).
 *
 * A (limit off): 0 1 3 4 7 8 dispatched, 2 UNREGISTERED (uninstall after none), 5 → 111, 6 → 108.
 * Then 0 and 1 uninstall at FCM; the limit becomes 30 days.
 * B: 3 4 8 dispatched, 0 1 UNREGISTERED (uninstalls after A), 2 already uninstalled (1, not counted again),
 *    5 6 7 → 111. Then 3 uninstalls.
 * C: 4 8 dispatched, 3 UNREGISTERED (its last accepted message is B, not A), 0 1 2 → 1, 5 6 7 → 111.
 * Uninstalls today: 4 — after A 2, after B 1, after none 1.
 */
describe.each(backends())('token hygiene and uninstalls [$name]', (backend) => {
  let t: TestApp;
  let emu: FcmEmulator;
  let appId: number;
  let owner: TestClient;
  const tokens: string[] = [];
  let sdk: { sdkAuth: string; projectId: string; pkg: string };
  const ids: Record<'A' | 'B' | 'C', number> = { A: 0, B: 0, C: 0 };

  const ok = async <T>(res: Promise<{ json<U>(): U; body: string }>): Promise<T> => {
    const r = await res;
    const body = r.json<{ status: number; data: T }>();
    expect(body.status, r.body).toBe(200);
    return body.data;
  };
  const send = async (title: string) => {
    const saved = await ok<{ id: number }>(
      owner.post(`/tcm/v1/app/${appId}/msg/save`, {
        msgType: 1,
        data: NOTIFICATION,
        title,
        pushCount: 9,
        targetingType: 0,
        scheduleType: 1,
      }),
    );
    const detail = await until(
      `${title} sent`,
      () =>
        ok<{ status: number; dispatchCount: number; targetCount: number }>(
          owner.post(`/tcm/v1/app/${appId}/msg/detail`, { id: saved.id }),
        ),
      (d) => d.status === 1,
    );
    const lose = await ok<{
      messageDistributionLoseList: Array<{ type: number; count: number }>;
      total: number;
    }>(owner.call('GET', `/tcm/v1/app/${appId}/msg/${saved.id}/lose`));
    const losses = Object.fromEntries(lose.messageDistributionLoseList.map((l) => [l.type, l.count]));
    return { id: saved.id, detail, losses, total: lose.total };
  };
  const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000);
  const age = async (i: number, activeDays: number | null, tokenDays: number | null) => {
    const gaid = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
    if (activeDays !== null)
      await t.database.query('UPDATE devices SET last_active_at = $3 WHERE app_id = $1 AND gaid = $2', [
        appId,
        gaid,
        daysAgo(activeDays),
      ]);
    if (tokenDays !== null)
      await t.database.query(
        `UPDATE device_tokens SET updated_at = $3
         WHERE device_id = (SELECT id FROM devices WHERE app_id = $1 AND gaid = $2)`,
        [appId, gaid, daysAgo(tokenDays)],
      );
  };

  beforeAll(async () => {
    // the uninstalls below are counted by today's UTC day: the whole file runs on one
    await clearOfMidnight();
    emu = await startEmulator({ tlsPort: null });
    t = await startTestApp(backend, { FCM_BASE_URL: emu.h2cUrl }, { runWorkers: true });
    const created = await ownerAppOnEmulator(t, emu, {
      title: 'Hygiene',
      pkg: 'com.example.hygiene',
      projectId: 'hygiene-project',
    });
    owner = created.owner;
    appId = created.app.id;
    sdk = created;
    for (let i = 0; i < 9; i++) tokens.push(await registerOnEmulator(t, emu, created, i));
    await age(5, 280, 280);
    await age(6, 100, 100);
    await age(7, 40, 40);
    await age(8, null, 300);
    emu.unregisterDevice(tokens[2]!);
  });
  afterAll(async () => {
    await t?.close();
    await emu?.close();
  });

  it('refuses a stale limit out of bounds, naming the field, and keeps the one saved', async () => {
    const path = `/tcm/v1/app/${appId}/token-hygiene`;
    expect(await ok(owner.post(path, {}))).toEqual({ staleDays: 0 });
    for (const staleDays of [10, 271, -1, 'x', 30.5]) {
      const res = (await owner.post(`${path}/save`, { staleDays })).json();
      expect(res, String(staleDays)).toMatchObject({
        status: 400,
        data: { fields: [{ field: 'staleDays' }] },
      });
    }
    expect(await ok(owner.post(path, {}))).toEqual({ staleDays: 0 });
  });

  it('leaves stale devices out with 111 and counts an uninstall after no message (A)', async () => {
    const a = await send('A');
    ids.A = a.id;
    expect(a.detail).toMatchObject({ dispatchCount: 6, targetCount: 9 });
    expect(a.losses).toEqual({ 1: 1, 108: 1, 111: 1 });
    expect(a.total).toBe(9);
    const got = tokens.map((tok) => emu.inbox(tok).length);
    expect(got).toEqual([1, 1, 0, 1, 1, 0, 0, 1, 1]);
  });

  it('forecasts the stale devices under the app’s limit, then sends B as forecast', async () => {
    emu.unregisterDevice(tokens[0]!);
    emu.unregisterDevice(tokens[1]!);
    expect(await ok(owner.post(`/tcm/v1/app/${appId}/token-hygiene/save`, { staleDays: 30 }))).toEqual({
      staleDays: 30,
    });
    const forecast = await ok<{ forecast: MessageForecast }>(
      owner.post(`/tcm/v1/app/${appId}/msg/target/max`, { targetingType: 0, forecast: true }),
    );
    // FCM has not told Beacon about 0 and 1 yet: the forecast sends to them
    expect(forecast.forecast).toMatchObject({ exact: true, send: 5 });
    expect(Object.fromEntries(forecast.forecast.losses.map((l) => [l.type, l.count]))).toEqual({
      1: 1,
      111: 3,
    });

    const b = await send('B');
    ids.B = b.id;
    expect(b.detail).toMatchObject({ dispatchCount: 3, targetCount: 9 });
    expect(b.losses).toEqual({ 1: 3, 111: 3 });
  });

  it('counts each uninstall once, under the last message FCM accepted before (C)', async () => {
    emu.unregisterDevice(tokens[3]!);
    const c = await send('C');
    ids.C = c.id;
    expect(c.detail).toMatchObject({ dispatchCount: 2, targetCount: 9 });
    expect(c.losses).toEqual({ 1: 4, 111: 3 });

    const today = utcDay();
    const report = await ok<{
      dated: Array<{ date: string; count: number }>;
      total: number;
      messages: Array<{ msgId: number; title: string; dispatch: number; count: number; rate: number }>;
    }>(owner.call('GET', `/tcm/v1/app/${appId}/report/uninstalls?start=${today}&end=${today}`));
    expect(report.dated).toEqual([{ date: today, count: 4 }]);
    expect(report.total).toBe(4);
    expect(report.messages).toEqual([
      { msgId: ids.A, title: 'A', msgType: 1, dispatch: 6, count: 2, rate: 33.33 },
      { msgId: ids.B, title: 'B', msgType: 1, dispatch: 3, count: 1, rate: 33.33 },
      { msgId: 0, title: '', msgType: 0, dispatch: 0, count: 1, rate: 0 },
    ]);

    const csv = await owner.call(
      'GET',
      `/tcm/v1/app/${appId}/report/uninstalls/export?start=${today}&end=${today}`,
    );
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines).toContain(`${today},4`);
    expect(lines).toContain(`${ids.A},A,1,6,2,33.33`);
  });

  it('a device that registers again is reachable again, and its next uninstall counts anew', async () => {
    // device 0 reinstalls the app: a new token, a new registration
    const token = await registerOnEmulator(t, emu, sdk, 0);
    emu.unregisterDevice(token);
    const d = await send('D');
    expect(d.losses[1]).toBe(4);
    const today = utcDay();
    const report = await ok<{ total: number; messages: Array<{ msgId: number; count: number }> }>(
      owner.call('GET', `/tcm/v1/app/${appId}/report/uninstalls?start=${today}&end=${today}`),
    );
    // its last accepted message was A (B and C found it gone)
    expect(report.total).toBe(5);
    expect(report.messages.find((m) => m.msgId === ids.A)?.count).toBe(3);
  });
});
