import { startEmulator, type FcmEmulator } from '@beacon/fcm-emulator';
import type { MessageForecast } from '@beacon/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { seedSyntheticDevices } from '../../test/fixtures/synthetic-devices';
import { NOTIFICATION, appOnEmulator, ownerAppOnEmulator } from '../../test/messaging';
import { startTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { until } from '../../test/until';

type Emulated = Awaited<ReturnType<typeof appOnEmulator>>;

const FLEET_COUNTRIES = ['FR', 'ES', 'IT', 'DE', 'AT', 'PT'];
const TARGET = [{ label: 'country', op: 'in', values: FLEET_COUNTRIES, allSelected: 0 }];

/**
 * A fleet on the emulator whose devices hit every dispatch loss the engine knows, by `i % 20`: 0, 1 Germany (banned for
 * the app, 104); 2 Austria (banned platform-wide, 6); 3 Portugal (banned all day, 105); 4 an INFINIX HOT 30 (globally
 * shielded, 4); 5 Germany with notifications off (107: the engine's own filters come first), 6 notifications off;
 * 7 uninstalled at FCM (the first send finds it: 1); 8 no push token (1); 9 inactive for 120 days (108); 10 sent a
 * message today (7 under a total daily limit of 1); the rest France, Spain, Italy, sendable. 7 and 10 run app 7.0.0,
 * the audience of that first send.
 */
async function seedFleet(t: TestApp, emu: FcmEmulator, app: Emulated, count: number): Promise<void> {
  const tokens: Array<string | null> = [];
  for (let i = 0; i < count; i++) {
    const token = emu.registerDevice({ projectId: app.projectId, packageName: app.pkg });
    tokens.push(i % 20 === 8 ? null : token);
    if (i % 20 === 7) emu.unregisterDevice(token);
  }
  await t.database.query(
    `INSERT INTO devices (app_id, gaid, country, language, brand, model, os_version, app_version, app_version_code, timezone,
                          utc_offset_min, notifications_enabled, first_seen_at, last_active_at)
     SELECT $1::int, md5('fleet:' || $1::text || ':' || i)::uuid,
       CASE WHEN b IN (0, 1, 5) THEN 'DE' WHEN b = 2 THEN 'AT' WHEN b = 3 THEN 'PT' ELSE (ARRAY['FR', 'ES', 'IT'])[1 + i % 3] END,
       'en', CASE WHEN b = 4 THEN 'INFINIX' ELSE 'TECNO' END, CASE WHEN b = 4 THEN 'HOT 30' ELSE 'SPARK 10' END, 33,
       CASE WHEN b IN (7, 10) THEN '7.0.0' ELSE '3.1.0' END, 310, 'Europe/Paris', 60, b NOT IN (5, 6),
       now() - interval '200 days', now() - CASE WHEN b = 9 THEN interval '120 days' ELSE interval '1 hour' END
     FROM (SELECT i, i % 20 AS b FROM generate_series(0, $2::int - 1) i) x`,
    [app.app.id, count],
  );
  await t.database.query(
    `INSERT INTO device_tokens (device_id, token)
     SELECT d.id, tok.token FROM unnest($2::text[]) WITH ORDINALITY AS tok(token, n)
     JOIN devices d ON d.app_id = $1 AND d.gaid = md5('fleet:' || $1::text || ':' || (tok.n - 1))::uuid
     WHERE tok.token IS NOT NULL`,
    [app.app.id, tokens],
  );
}

describe.each(backends())('forecast before send against the send [$name]', (backend) => {
  let t: TestApp;
  let emu: FcmEmulator;
  let owner: TestClient;
  let small: Emulated;
  let large: Emulated;

  const ok = async <T>(res: Promise<{ json<U>(): U; body: string }>): Promise<T> => {
    const r = await res;
    const body = r.json<{ status: number; data: T }>();
    expect(body.status, r.body).toBe(200);
    return body.data;
  };
  const targetMax = (appId: number, body: object) =>
    ok<{ newCount: number; exact: boolean; forecast: MessageForecast }>(
      owner.post(`/tcm/v1/app/${appId}/msg/target/max`, { ...body, forecast: true }),
    );
  /** Saves a notification to send now and waits until it is sent. */
  const send = async (appId: number, title: string, targeting: object, pushCount: number) => {
    const saved = await ok<{ id: number }>(
      owner.post(`/tcm/v1/app/${appId}/msg/save`, {
        msgType: 1,
        data: NOTIFICATION,
        title,
        pushCount,
        scheduleType: 1,
        countryMsgforceCreate: true,
        ...targeting,
      }),
    );
    return until(
      `${title} sent`,
      () =>
        ok<{ id: number; status: number; dispatchCount: number; forecast: MessageForecast | null }>(
          owner.post(`/tcm/v1/app/${appId}/msg/detail`, { id: saved.id }),
        ),
      (d) => d.status === 1,
      120_000,
    );
  };
  const counted = async (appId: number, msgId: number) => {
    const loss = await ok<{ messageDistributionLoseList: Array<{ type: number; count: number }> }>(
      owner.call('GET', `/tcm/v1/app/${appId}/msg/${msgId}/lose`),
    );
    return new Map(loss.messageDistributionLoseList.map((l) => [l.type, l.count]));
  };
  const exactAudience = async (appId: number) =>
    (
      await t.database.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM devices WHERE app_id = $1 AND country = ANY($2)',
        [appId, FLEET_COUNTRIES],
      )
    )[0]!.n;

  beforeAll(async () => {
    emu = await startEmulator({ tlsPort: null });
    t = await startTestApp(backend, { FCM_BASE_URL: emu.h2cUrl }, { runWorkers: true });
    const created = await ownerAppOnEmulator(
      t,
      emu,
      { title: 'Small', pkg: 'com.example.small', projectId: 'small' },
      100,
    );
    owner = created.owner;
    small = created;
    const user = (await t.repos.users.findByEmail('owner@example.com'))!;
    large = await appOnEmulator(t, emu, user, {
      title: 'Large',
      pkg: 'com.example.large',
      projectId: 'large',
    });
    await seedFleet(t, emu, small, 400);
    await seedFleet(t, emu, large, 4000);
    // a large app: the estimate samples 1/8 of it (none of these devices is in the fleet's countries)
    await seedSyntheticDevices(t.database, large.app.id, 120_000);
    await t.database.exec('VACUUM ANALYZE devices');

    // the policies, through the platform's own calls
    for (const app of [small, large]) {
      await ok(
        owner.post('/tcm/global/plat/app/country/forbid/add', { appId: app.app.id, countryCodes: ['DE'] }),
      );
      await ok(
        owner.post('/tcm/global/plat/app/time/forbid/add', {
          appId: app.app.id,
          countryCode: 'PT',
          intervalTimeList: [
            { start: '00:00', end: '12:00' },
            { start: '12:00', end: '00:00' },
          ],
        }),
      );
      await ok(owner.post('/tcm/global/uem/app/control/config/edit', { operateType: 1, appId: app.app.id }));
    }
    await ok(owner.post('/tcm/global/plat/country/forbid/add', { countryCodes: ['AT'] }));
    await ok(
      owner.post('/tcm/global/uem/config/save', {
        shieldType: 2,
        type: 1,
        brand: 'INFINIX',
        model: 'HOT30',
        protectDefault: 999,
        protectNewMarket: 999,
      }),
    );
    // a first send to the devices of app 7.0.0: FCM answers UNREGISTERED for the uninstalled ones (now known as
    // uninstalled), the others have had a message today
    const v7 = { targetingType: 1, conditions: [{ label: 'appVersion', op: 'in', values: ['7.0.0'] }] };
    for (const app of [small, large]) {
      const [v7count] = await t.database.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM devices WHERE app_id = $1 AND app_version = '7.0.0'",
        [app.app.id],
      );
      await send(app.app.id, 'First', v7, v7count!.n);
    }
    for (const path of [
      '/tcm/global/conf/limit/switcher/1',
      '/tcm/global/conf/restrict/update/total/number/1',
      '/tcm/global/conf/restrict/update/total/enable/1',
    ])
      await ok(owner.post(path));
    // new-device protection on the small app, through the platform's switch: its devices first seen in the last 7
    // days (one in seven, made 2 days old) are dropped with 106
    await ok(owner.post(`/tcm/global/app/${small.app.id}/new-device/1`));
    await t.database.query(
      `UPDATE devices SET first_seen_at = now() - interval '2 days' WHERE app_id = $1 AND id % 7 = 0`,
      [small.app.id],
    );
  }, 600_000);
  afterAll(async () => {
    await t?.close();
    await emu?.close();
  });

  it('forecasts every loss reason exactly on an app the estimate counts exactly', async () => {
    const audience = await exactAudience(small.app.id);
    const est = await targetMax(small.app.id, { targetingType: 0 });
    expect(est).toMatchObject({ newCount: audience, exact: true, forecast: { exact: true } });
    const forecast = est.forecast;
    expect(forecast.losses.map((l) => l.type).sort((a, b) => a - b)).toEqual([
      1, 4, 6, 7, 104, 105, 106, 107, 108,
    ]);
    expect(forecast.send + forecast.losses.reduce((n, l) => n + l.count, 0)).toBe(audience);

    const sent = await send(small.app.id, 'Small', { targetingType: 0 }, audience);
    const actual = await counted(small.app.id, sent.id);
    expect(Object.fromEntries(forecast.losses.map((l) => [l.type, l.count]))).toEqual(
      Object.fromEntries(actual),
    );
    expect(sent.dispatchCount).toBe(forecast.send);
    // the detail keeps the forecast made at save, beside the counted losses
    expect(sent.forecast).toMatchObject({ exact: true, send: forecast.send, losses: forecast.losses });
  });

  it('forecasts each reason within its stated error from the estimate’s sample on a large app', async () => {
    const audience = await exactAudience(large.app.id);
    const targeting = { targetingType: 1, conditions: TARGET };
    const est = await targetMax(large.app.id, targeting);
    expect(est.exact).toBe(false);
    const forecast = est.forecast;
    expect(forecast).toMatchObject({ exact: false, error: expect.any(Number) });
    expect(forecast.losses.map((l) => l.type).sort((a, b) => a - b)).toEqual([
      1, 4, 6, 7, 104, 105, 107, 108,
    ]);

    const sent = await send(large.app.id, 'Large', targeting, audience);
    const actual = await counted(large.app.id, sent.id);
    const rows = [
      ...forecast.losses.map((l) => ({
        type: l.type,
        count: l.count,
        error: l.error!,
        actual: actual.get(l.type) ?? 0,
      })),
      { type: 0, count: forecast.send, error: forecast.sendError!, actual: sent.dispatchCount },
    ];
    for (const type of actual.keys())
      expect(
        rows.some((r) => r.type === type),
        `reason ${type}`,
      ).toBe(true);
    // within three standard errors (the hash sample is fixed, so this holds or fails the same way every run)
    for (const r of rows)
      expect(Math.abs(r.count - r.actual), `reason ${r.type}: ${JSON.stringify(r)}`).toBeLessThanOrEqual(
        3 * r.error,
      );
    // the stored forecast read the same sample
    expect(sent.forecast).toMatchObject({ exact: false, send: forecast.send, losses: forecast.losses });
  });
});
