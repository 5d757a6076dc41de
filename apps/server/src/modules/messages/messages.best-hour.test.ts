import { startEmulator, type FcmEmulator } from '@beacon/fcm-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BEST_HOUR, controlBuckets, minutesUntilHour } from '@beacon/shared';
import { abBucketSql } from '../../delivery/engine';
import { backends } from '../../test/databases';
import { startTestApp, type TestClient, type TestApp } from '../../test/test-app';
import { NOTIFICATION, ownerAppOnEmulator } from '../../test/messaging';
import { until } from '../../test/until';
import { gaid, registerOnEmulator, reportSdkEvents } from '../../test/devices';

/**
 * Each device's best hour (issue 32 §2), end to end on the FCM emulator: devices learn their hour from the shows and
 * clicks they report, a best-hour send plans one wave per hour start, every device is sent once by the wave of its hour
 * (the app's hour for devices with too little history), the control share at once, and never faster than the app's
 * FCM quota; the detail shows the control group against the rest with the lift.
 */

const ZONES = [
  { timezone: 'Africa/Lagos', offset: 60 },
  { timezone: 'Asia/Kolkata', offset: 330 },
  { timezone: 'America/Sao_Paulo', offset: -180 },
  { timezone: 'Asia/Tokyo', offset: 540 },
];
const DEVICES = 40;
/** devices 0–23 learn an hour of their own; 24–39 report nothing and take the app's */
const LEARNING = 24;
/** 5 a second: the 40 sends take several seconds, long enough to see the pace */
const QUOTA_PER_MIN = 300;
const hourOf = (i: number) => (i * 5 + 7) % 24;
const zoneOf = (i: number) => ZONES[i % ZONES.length]!;

describe.each(backends())('best-hour sends [$name]', (backend) => {
  let t: TestApp;
  let emu: FcmEmulator;
  let appId: number;
  let owner: TestClient;
  const tokens: string[] = [];
  const sdk = { auth: '' };

  const save = (body: Record<string, unknown>) =>
    owner.post(`/tcm/v1/app/${appId}/msg/save`, {
      msgType: 1,
      data: NOTIFICATION,
      pushCount: DEVICES,
      targetingType: 0,
      ...body,
    });
  const detail = (id: number) =>
    owner.post(`/tcm/v1/app/${appId}/msg/detail`, { id }).then((r) => r.json().data);
  const sentOnce = async (title: string) => {
    const saved = await save({ title, scheduleType: 1 });
    const id = saved.json().data.id as number;
    await until(
      'sent',
      () => detail(id),
      (d) => d.status === 1,
    );
    return id;
  };

  beforeAll(async () => {
    emu = await startEmulator({ tlsPort: null });
    t = await startTestApp(backend, { FCM_BASE_URL: emu.h2cUrl }, { runWorkers: true });
    const created = await ownerAppOnEmulator(t, emu, {
      title: 'Hours',
      pkg: 'com.example.hours',
      projectId: 'hours-project',
    });
    owner = created.owner;
    appId = created.app.id;
    sdk.auth = created.sdkAuth;
    for (let i = 0; i < DEVICES; i++)
      tokens.push(await registerOnEmulator(t, emu, created, i, { timezone: zoneOf(i).timezone }));
    await t.database.query('UPDATE apps SET fcm_quota_per_min = $2 WHERE id = $1', [appId, QUOTA_PER_MIN]);
  });
  afterAll(async () => {
    await t?.close();
    await emu?.close();
  });

  it('rejects a control share outside 0–50 %, naming the field', async () => {
    const res = await save({ title: 'Bad share', scheduleType: 4, controlShare: 60 });
    expect(res.json()).toMatchObject({ status: 400, data: { fields: [{ field: 'controlShare' }] } });
  });

  it("learns each device's best local hour from its shows and clicks, and the app's from all of them", async () => {
    // two sends, each shown and clicked (1 + 3) at the device's hour: 8 ≥ minEvents
    const day0 =
      Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate()) - 86_400_000;
    for (const title of ['History 1', 'History 2']) {
      const id = await sentOnce(title);
      for (let i = 0; i < LEARNING; i++) {
        const local = hourOf(i) * 60 - zoneOf(i).offset;
        const ts = day0 + (((local % 1440) + 1440) % 1440) * 60_000 + 10 * 60_000;
        const events = ['received', 'shown', 'clicked'].map((type) => ({ type, msgId: id, ts }));
        expect((await reportSdkEvents(t, sdk.auth, i, events)).statusCode).toBe(200);
      }
    }
    const learned = await until(
      'learned',
      () =>
        t.database.query<{ gaid: string; best: number | null }>(
          `SELECT gaid::text AS gaid, best_hour AS best FROM devices WHERE app_id = $1 ORDER BY gaid`,
          [appId],
        ),
      (rows) => rows.filter((r) => r.best !== null).length === LEARNING,
    );
    expect(learned.map((r) => r.best)).toEqual([
      ...Array.from({ length: LEARNING }, (_, i) => hourOf(i)),
      ...Array(DEVICES - LEARNING).fill(null),
    ]);
    const [hist] = await t.database.query<{ total: number }>(
      'SELECT total FROM device_hours h JOIN devices d ON d.id = h.device_id WHERE d.gaid = $1',
      ['00000000-0000-4000-8000-000000000000'],
    );
    expect(hist?.total).toBe(2 * (BEST_HOUR.showWeight + BEST_HOUR.clickWeight));
  });

  it("sends every device once, in its own hour's wave, the control share at once, never above the quota", async () => {
    const forecast = await owner.post(`/tcm/v1/app/${appId}/msg/target/max`, {
      targetingType: 0,
      forecast: true,
      scheduleType: 4,
      controlShare: 25,
    });
    const plan = forecast.json().data.forecast.bestHour;
    expect(plan.devices + plan.control).toBe(DEVICES);
    expect(plan.crowded).toBe(false);

    emu.resetStats();
    const saved = await save({ title: 'Best hour', scheduleType: 4, controlShare: 25 });
    expect(saved.json()).toMatchObject({ status: 200 });
    const id = saved.json().data.id as number;
    const [msg] = await t.database.query<{ fallback: number; start: number }>(
      'SELECT best_fallback_hour AS fallback, best_start_min AS start FROM messages WHERE id = $1',
      [id],
    );
    const cut = controlBuckets(25);
    const devices = await t.database.query<{
      id: string;
      gaid: string;
      best: number | null;
      offset: number;
      bucket: number;
    }>(
      `SELECT d.id::text AS id, d.gaid::text AS gaid, d.best_hour AS best, d.utc_offset_min AS offset,
              ${abBucketSql('d.id', '$2::bigint')} AS bucket
       FROM devices d WHERE d.app_id = $1 ORDER BY d.gaid`,
      [appId, id],
    );
    // the app's hour: the learned devices' most weighted hour
    const weights = new Map<number, number>();
    for (let i = 0; i < LEARNING; i++) weights.set(hourOf(i), (weights.get(hourOf(i)) ?? 0) + 1);
    const appHour = [...weights].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]![0];
    expect(msg?.fallback).toBe(appHour);

    const control = devices.filter((d) => d.bucket < cut);
    expect(control.length).toBeGreaterThan(0);
    // the later waves: each at the start of its devices' best hour (at once for an hour that has just begun)
    const waves = (await detail(id)).waves as Array<{ bestMinutes: number; runAt: string }>;
    expect(waves[0]).toMatchObject({ bestMinutes: -1 });
    const planned = new Map<string, number>();
    for (const d of devices.filter((x) => x.bucket >= cut)) {
      const hour = d.best ?? appHour;
      const minutes = Math.max(0, minutesUntilHour(hour, d.offset, msg!.start));
      planned.set(d.id, minutes);
    }
    const starts = [...new Set(planned.values())].sort((a, b) => a - b);
    expect(waves.slice(1).map((w) => w.bestMinutes)).toEqual([...starts.slice(0, -1), 1440]);
    // the control group and the hours just begun are sent at once, before any later wave is released
    const atOnce = control.length + [...planned.values()].filter((m) => m === 0).length;
    await until(
      'sent at once',
      () =>
        t.database.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM send_records WHERE message_id = $1 AND outcome = 1`,
          [id],
        ),
      (r) => r[0]!.n === atOnce,
    );

    // time passes: release every later wave now
    await t.database.query(
      `UPDATE pgboss.job SET start_after = now() WHERE name = 'message-wave' AND state = 'created'`,
    );
    // 22 waves one after the other: about 30 s alone on either backend, past 60 s in a loaded full run
    await until(
      'sent',
      () => detail(id),
      (d) => d.status === 1,
      120_000,
    );
    // each wave's dispatched sends, counted in its batches (a dispatched record keeps no batch id: migration 0062)
    const sends = await t.database.query<{ minutes: number; at: string; n: number }>(
      `SELECT w.best_minutes AS minutes, w.run_at AS at, COALESCE(sum(b.dispatched), 0)::int AS n
       FROM message_waves w LEFT JOIN message_batches b ON b.wave_id = w.id
       WHERE w.message_id = $1 GROUP BY w.id ORDER BY w.run_at, w.best_minutes`,
      [id],
    );
    const outcomes = await t.database.query(
      `SELECT outcome, loss_code, count(*)::int AS n FROM send_records WHERE message_id = $1 GROUP BY 1, 2`,
      [id],
    );
    expect(
      sends.reduce((n, w) => n + w.n, 0),
      JSON.stringify({ outcomes, sends }),
    ).toBe(DEVICES);
    const [plannedAt] = await t.database.query<{ at: Date }>(
      `SELECT min(run_at) AS at FROM message_waves WHERE message_id = $1`,
      [id],
    );
    // the control group in the first wave (at once), every other device in the wave of its best local hour (or at
    // once when that hour has just begun): as many sends in each wave as devices planned for it
    const startMs = new Date(plannedAt!.at).getTime();
    const want = new Map<number, number>();
    for (const d of devices) {
      if (d.bucket < cut) continue;
      const mins = planned.get(d.id)!;
      const wave = startMs + mins * 60_000;
      want.set(wave, (want.get(wave) ?? 0) + 1);
      const localHour = Math.floor(((((Math.floor(wave / 60_000) + d.offset) % 1440) + 1440) % 1440) / 60);
      if (mins > 0) expect(localHour).toBe(d.best ?? appHour);
    }
    expect(sends.filter((w) => w.minutes === -1).map((w) => w.n)).toEqual([control.length]);
    const got = new Map<number, number>();
    for (const w of sends) {
      if (w.minutes === -1 || w.n === 0) continue;
      const at = new Date(w.at).getTime();
      got.set(at, (got.get(at) ?? 0) + w.n);
    }
    expect(got).toEqual(want);
    // every device once on the emulator, and never faster than the quota (give or take one reservation's slot)
    const times = tokens
      .flatMap((tok) =>
        emu.inbox(tok).filter((m) => (m.message.data as Record<string, string>).tcm_msg_id === String(id)),
      )
      .map((m) => m.receivedAt);
    expect(times).toHaveLength(DEVICES);
    times.sort((a, b) => a - b);
    const perMs = QUOTA_PER_MIN / 60_000;
    times.forEach((at, k) => {
      expect(k + 1).toBeLessThanOrEqual((at - times[0]!) * perMs + 2);
    });

    // the detail: the control group against the rest, and the lift — three devices of each group show, every other
    // one clicks: each group's counts are its own devices' (counted as they come, not read back from the records)
    const index = new Map(Array.from({ length: DEVICES }, (_, i) => [gaid(i), i]));
    const reporters = [...control.slice(0, 3), ...devices.filter((x) => x.bucket >= cut).slice(0, 3)].map(
      (x) => index.get(x.gaid)!,
    );
    expect(reporters).toHaveLength(6);
    for (const [k, i] of reporters.entries()) {
      const ts = Date.now();
      await reportSdkEvents(t, sdk.auth, i, [
        { type: 'received', msgId: id, ts },
        { type: 'shown', msgId: id, ts },
        ...(k % 2 ? [{ type: 'clicked', msgId: id, ts }] : []),
      ]);
    }
    const d = await until(
      'events',
      () => detail(id),
      (x) => x.bestHour && x.bestHour.control.show + x.bestHour.best.show === 6,
    );
    expect(d.bestHour.control).toMatchObject({ show: 3, click: 1 });
    expect(d.bestHour.best).toMatchObject({ show: 3, click: 2 });
    expect(d.controlShare).toBe(25);
    expect(d.bestHour.control.dispatched).toBe(control.length);
    expect(d.bestHour.best.dispatched).toBe(DEVICES - control.length);
    expect(d.bestHour.lift).toBeCloseTo(d.bestHour.bestRate - d.bestHour.controlRate, 10);
    expect(d.bestHour.low).toBeLessThanOrEqual(d.bestHour.lift);
    expect(d.bestHour.high).toBeGreaterThanOrEqual(d.bestHour.lift);
  }, 150_000);
});
