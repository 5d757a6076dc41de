// The forecast before send counts the devices the engine holds out (issue 34 §1): the app's global control group
// (113) and the message's own control share (114), before any other loss, from the engine's own expression. A small
// app (counted exactly) on the FCM emulator: the save's forecast is the send's losses and dispatches exactly; the
// confirmation's (msg/target/max, the message's id not known yet) has the group's exactly and the share's within its
// spread; a transactional send holds the group out only when the setting says so, and its forecast with it.
import { startEmulator, type FcmEmulator } from '@beacon/fcm-emulator';
import { ScheduleType, TargetingType, type MessageForecast } from '@beacon/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audienceOf } from '../../delivery/engine';
import { backends } from '../../test/databases';
import { NOTIFICATION, ownerAppOnEmulator } from '../../test/messaging';
import { startTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { until } from '../../test/until';
import { MessageForecaster } from './messages.forecast';
import { MessagesForecastRepository } from './messages-forecast.repository';
import { MessagesRepository } from './messages.repository';

const DEVICES = 300;
const GROUP = 10;
const HOLDOUT = 20;

const byType = (f: MessageForecast) => Object.fromEntries(f.losses.map((l) => [l.type, l.count]));

describe.each(backends())('the forecast counts the devices held out [$name]', (backend) => {
  let t: TestApp;
  let emu: FcmEmulator;
  let owner: TestClient;
  let appId: number;
  let key: string;
  let gaids: string[] = [];

  const ok = async <T>(res: Promise<{ json<U>(): U; body: string }>): Promise<T> => {
    const r = await res;
    const body = r.json<{ status: number; data: T }>();
    expect(body.status, r.body).toBe(200);
    return body.data;
  };
  const detail = (id: number) =>
    ok<{ status: number; dispatchCount: number; forecast: MessageForecast | null }>(
      owner.post(`/tcm/v1/app/${appId}/msg/detail`, { id }),
    );
  const sent = (id: number) =>
    until(
      `${id} sent`,
      () => detail(id),
      (d) => d.status === 1,
      120_000,
    );
  const counted = async (id: number) => {
    const loss = await ok<{ messageDistributionLoseList: Array<{ type: number; count: number }> }>(
      owner.call('GET', `/tcm/v1/app/${appId}/msg/${id}/lose`),
    );
    return Object.fromEntries(loss.messageDistributionLoseList.map((l) => [l.type, l.count]));
  };
  /** The forecaster over this database, as the messages module builds it (no platform policies here). */
  const forecaster = () =>
    new MessageForecaster({
      repo: new MessagesForecastRepository(t.database),
      estimate: (audience) => new MessagesRepository(t.database).estimateAudience(audience),
      policyFor: undefined,
    });

  beforeAll(async () => {
    emu = await startEmulator({ tlsPort: null });
    t = await startTestApp(backend, { FCM_BASE_URL: emu.h2cUrl }, { runWorkers: true });
    const created = await ownerAppOnEmulator(t, emu, {
      title: 'Held out forecast',
      pkg: 'com.example.heldforecast',
      projectId: 'held-forecast',
    });
    owner = created.owner;
    appId = created.app.id;
    // every tenth device has notifications off (107) and every tenth another has no push token (1): a held-out one
    // of them is counted as held out (113, 114), never as its other loss
    const tokens = Array.from({ length: DEVICES }, (_, i) =>
      i % 10 === 7 ? null : emu.registerDevice({ projectId: created.projectId, packageName: created.pkg }),
    );
    await t.database.query(
      `INSERT INTO devices (app_id, gaid, country, language, brand, model, os_version, app_version, app_version_code,
                            timezone, utc_offset_min, notifications_enabled, first_seen_at, last_active_at)
       SELECT $1::int, md5('held:' || i)::uuid, 'FR', 'fr', 'TECNO', 'SPARK 10', 33, '3.1.0', 310, 'Europe/Paris', 60,
              i % 10 <> 3, now() - interval '200 days', now() - interval '1 hour'
       FROM generate_series(0, $2::int - 1) i`,
      [appId, DEVICES],
    );
    await t.database.query(
      `INSERT INTO device_tokens (device_id, token)
       SELECT d.id, tok.token FROM unnest($2::text[]) WITH ORDINALITY AS tok(token, n)
       JOIN devices d ON d.app_id = $1 AND d.gaid = md5('held:' || (tok.n - 1))::uuid
       WHERE tok.token IS NOT NULL`,
      [appId, tokens],
    );
    gaids = (
      await t.database.query<{ gaid: string }>(
        'SELECT gaid::text AS gaid FROM devices WHERE app_id = $1 ORDER BY id',
        [appId],
      )
    ).map((r) => r.gaid);
    await ok(owner.post(`/tcm/v1/app/${appId}/control-group/save`, { share: GROUP }));
    key = (
      await ok<{ secret: string }>(
        owner.post(`/tcm/v1/app/${appId}/api-keys/create`, { name: 'Backend', scopes: ['send'] }),
      )
    ).secret;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await emu?.close();
  });

  it('forecasts the control group (113) and the message’s share (114) as the send records them', async () => {
    const draft = { msgType: 1, targetingType: 0, scheduleType: 1, holdoutShare: HOLDOUT };
    const confirm = await ok<{ newCount: number; exact: boolean; forecast: MessageForecast }>(
      owner.post(`/tcm/v1/app/${appId}/msg/target/max`, { ...draft, forecast: true }),
    );
    expect(confirm).toMatchObject({ newCount: DEVICES, exact: true, forecast: { exact: true } });
    const before = byType(confirm.forecast);
    expect(before[113]).toBeGreaterThan(0);
    expect(before[114]).toBeGreaterThan(0);
    expect(confirm.forecast.send + confirm.forecast.losses.reduce((n, l) => n + l.count, 0)).toBe(DEVICES);

    const saved = await ok<{ id: number }>(
      owner.post(`/tcm/v1/app/${appId}/msg/save`, {
        ...draft,
        data: NOTIFICATION,
        title: 'Held out, forecast',
        pushCount: DEVICES,
      }),
    );
    const done = await sent(saved.id);
    const actual = await counted(saved.id);
    expect(actual[113]).toBeGreaterThan(0);
    expect(actual[114]).toBeGreaterThan(0);
    // the save's forecast, seeded with the message's id: every loss and the dispatches, exactly
    const forecast = done.forecast!;
    expect(byType(forecast)).toEqual(actual);
    expect(forecast.send).toBe(done.dispatchCount);
    expect(done.dispatchCount + Object.values(actual).reduce((n, c) => n + c, 0)).toBe(DEVICES);
    // the confirmation's: the group's exactly (its seed is the app's); the share's from another seed, the same 20 %
    expect(before[113]).toBe(actual[113]);
    const rest = DEVICES - actual[113]!;
    const spread = 4 * Math.sqrt(rest * (HOLDOUT / 100) * (1 - HOLDOUT / 100));
    expect(Math.abs(before[114]! - actual[114]!)).toBeLessThanOrEqual(spread);
    expect(Math.abs(confirm.forecast.send - done.dispatchCount)).toBeLessThanOrEqual(spread);
  });

  it('holds the group out of a transactional send only when the setting says so, in the forecast as in the send', async () => {
    const source = await ok<{ id: number }>(
      owner.post(`/tcm/v1/app/${appId}/msg/save`, {
        msgType: 1,
        data: NOTIFICATION,
        title: 'Order shipped',
        pushCount: 1,
        targetingType: 2,
        userIds: [gaids[0]],
        scheduleType: 1,
      }),
    );
    await sent(source.id);
    const audience = audienceOf({
      appId,
      targetingType: TargetingType.DEVICES,
      conditions: [],
      userIds: gaids,
    });
    const schedule = { type: ScheduleType.NOW, local: null, zone: '+0000', ttlSeconds: 43_200 };
    const transactional = async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/tcm/v1/app/${appId}/transactional/send`,
        headers: { authorization: `Bearer ${key}` },
        payload: { msgId: source.id, to: { gaids } },
      });
      expect(res.json().status, res.body).toBe(200);
      const id = res.json().data.msgId as number;
      await sent(id);
      const forecast = await forecaster().estimate(appId, 1, audience, schedule, DEVICES, undefined, 1, {
        holdoutShare: 0,
        transactional: true,
      });
      return { actual: await counted(id), forecast: byType(forecast.forecast) };
    };

    // the default: transactional sends reach the control group
    const reached = await transactional();
    expect(reached.actual[113]).toBeUndefined();
    expect(reached.forecast[113]).toBeUndefined();
    expect(reached.forecast[107]).toBe(reached.actual[107]);

    await ok(
      owner.post(`/tcm/v1/app/${appId}/control-group/save`, { share: GROUP, exceptTransactional: false }),
    );
    const held = await transactional();
    expect(held.actual[113]).toBeGreaterThan(0);
    expect(held.forecast[113]).toBe(held.actual[113]);
    expect(held.forecast[107]).toBe(held.actual[107]);

    // a preview never holds out, whatever the setting
    const preview = await forecaster().estimate(appId, 1, audience, schedule, DEVICES, undefined, 1, {
      holdoutShare: HOLDOUT,
      preview: true,
    });
    expect(byType(preview.forecast)[113]).toBeUndefined();
    expect(byType(preview.forecast)[114]).toBeUndefined();
  });
});
