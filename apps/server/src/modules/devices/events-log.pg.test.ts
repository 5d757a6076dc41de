import { startEmulator, type FcmEmulator } from '@beacon/fcm-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { gaid, registerOnEmulator, reportSdkEvents } from '../../test/devices';
import { NOTIFICATION, ownerAppOnEmulator } from '../../test/messaging';
import { until } from '../../test/until';
import { storm, stormCounted, stormCounts, stormScene, type StormScene } from '../../test/event-storm';
import { startTestApp, type TestApp } from '../../test/test-app';
import { StatisticsWriter } from '../statistics';
import { DevicesRepository } from './devices.repository';
import { DEVICE_TOUCH_MS, type DeviceStatistics } from './devices.service';
import type { LoggedCall } from './events-log';
import { EventsLogRepository } from './events-log.repository';
import { PgEventsLogConsumer, type PgEventsConsumerOptions } from './events-log.pg';

const DEVICES = 600;

/**
 * The device events' log in PostgreSQL (EVENTS_LOG=postgres, migration 0063): the device API of a test app appends
 * the calls to the log table (it runs no workers, as an API host), and a worker's consumer, built here as
 * devices.module.ts builds it, applies them.
 */
describe.each(backends())('device events through the PostgreSQL log [$name]', (backend) => {
  let t: TestApp;
  let writer: StatisticsWriter;
  const dropped: LoggedCall[] = [];

  beforeAll(async () => {
    t = await startTestApp(backend, { EVENTS_LOG: 'postgres' });
    writer = new StatisticsWriter(t.database, { sweepMs: 1000, delayMs: 50, onError: () => undefined });
    writer.start();
  }, 60_000);
  afterAll(async () => {
    await writer?.close().catch(() => undefined);
    await t?.close();
  });

  /** A worker's consumer; `statistics` in place of the writer: a fault on the way. */
  const consumer = (statistics: DeviceStatistics = writer, opts: PgEventsConsumerOptions = {}) => {
    const repo = new DevicesRepository(t.database);
    return new PgEventsLogConsumer(new EventsLogRepository(t.database), statistics, {
      touch: (devices) => repo.touch(devices, DEVICE_TOUCH_MS / 1000, undefined, writer.activitySql),
      onDropped: (call) => dropped.push(call),
      ...opts,
    });
  };
  const logRows = () =>
    t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM device_event_log').then((r) => r[0]!.n);
  /** The log's rows no take holds now (a take locks its rows until it commits or rolls back). */
  const unlockedRows = () =>
    t.database
      .query<{ n: number }>(
        'SELECT count(*)::int AS n FROM (SELECT 1 FROM device_event_log FOR UPDATE SKIP LOCKED) AS x',
      )
      .then((r) => r[0]!.n);
  /** The storm's counts once what is queued is counted. */
  const counted = async (scene: StormScene) => {
    await writer.settle();
    return stormCounts(t, scene);
  };
  const expectStormCounted = async (scene: StormScene) => {
    expect(await counted(scene)).toMatchObject({ ...stormCounted(scene.devices), pending: 0 });
  };

  it('answers the calls once logged, and counts them exactly once applied; the consumer moves the devices', async () => {
    const scene = await stormScene(t, DEVICES);
    await t.database.query(
      `UPDATE devices SET last_active_at = now() - interval '2 days' WHERE app_id = $1`,
      [scene.appId],
    );
    const run = await storm(t, scene);
    expect(run.statuses).toEqual({ 200: DEVICES });
    await t.services.devices.drain();
    // answered, logged, nothing applied yet: the API host writes no statistics and moves no device
    expect(await logRows()).toBeGreaterThan(0);
    expect(await counted(scene)).toMatchObject({ reach: 0, show: 0, click: 0 });
    const calls = await consumer().applyAll();
    expect(calls).toBe(DEVICES);
    expect(await logRows()).toBe(0);
    await expectStormCounted(scene);
    const [moved] = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM devices WHERE app_id = $1 AND last_active_at > now() - interval '1 hour'`,
      [scene.appId],
    );
    expect(moved!.n).toBe(DEVICES);
  }, 120_000);

  it('leaves a take that failed in the log, and counts it once when taken again, by two workers at once', async () => {
    const scene = await stormScene(t, DEVICES);
    expect((await storm(t, scene)).statuses).toEqual({ 200: DEVICES });
    await t.services.devices.drain();
    const logged = await logRows();
    // a worker that loses its connection after recording its take's events, before the take commits; its other take
    // at once fails later (the load of a full run made it so): applyAll ends only when that one has let its rows go
    let cuts = 0;
    const cut: DeviceStatistics = {
      recordEvents: async (rows, q) => {
        await writer.recordEvents(rows, q);
        if (cuts++ > 0) await new Promise((r) => setTimeout(r, 300));
        throw Object.assign(new Error('connection terminated'), { code: '08006' });
      },
      settle: () => writer.settle(),
    };
    const failing = consumer(cut, { rowsPerTake: 5 });
    await expect(failing.applyAll()).rejects.toThrow('connection terminated');
    expect(failing.applied).toBe(0);
    expect(await logRows()).toBe(logged);
    expect(await unlockedRows()).toBe(logged);
    expect(await counted(scene)).toMatchObject({ reach: 0, show: 0, click: 0 });
    // two workers split the log (small takes, so that they interleave), each row applied by one of them
    const [a, b] = [consumer(writer, { rowsPerTake: 3 }), consumer(writer, { rowsPerTake: 3 })];
    const [byA, byB] = await Promise.all([a.applyAll(), b.applyAll()]);
    expect(byA + byB).toBe(DEVICES);
    expect(await logRows()).toBe(0);
    await expectStormCounted(scene);
    // a second pass finds nothing: the rows went with their application
    expect(await consumer().applyAll()).toBe(0);
    await expectStormCounted(scene);
  }, 120_000);

  it('drops a call the database refuses on its own, and applies the good calls logged with it', async () => {
    const scene = await stormScene(t, 40);
    const ts = Date.now() - 60_000;
    const call = (i: number, msgId = scene.msgId): LoggedCall => ({
      appId: scene.appId,
      body: { gaid: gaid(i), events: [{ type: 'received', msgId, ts }] },
    });
    // a message id past bigint's range: the events statement fails for it (22003), as for no other call; and a row
    // that is not the calls' JSON at all
    const bad = call(3, (2n ** 70n).toString());
    await t.database.query('INSERT INTO device_event_log (calls) VALUES ($1), ($2), ($3)', [
      JSON.stringify([call(1), call(2), bad, call(4)]),
      '{"not": "calls"',
      JSON.stringify([call(5), call(6)]),
    ]);
    dropped.length = 0;
    const errors: unknown[] = [];
    const c = consumer(writer, { onUnreadable: (err) => errors.push(err) });
    expect(await c.applyAll()).toBe(5);
    expect(c.dropped).toBe(1);
    expect(dropped).toEqual([bad]);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(SyntaxError);
    expect(await logRows()).toBe(0);
    expect(await counted(scene)).toMatchObject({ reach: 5, day_reach: 5, pending: 0 });
  }, 60_000);

  it('applies the log every window while it runs, and one more round of takes when it stops', async () => {
    const scene = await stormScene(t, 200);
    const c = consumer(writer, { windowMs: 100 });
    c.start();
    try {
      expect((await storm(t, scene, 16)).statuses).toEqual({ 200: 200 });
      await t.services.devices.drain();
      await until('the log applied by the running consumer', logRows, (n) => n === 0, 30_000, 50);
    } finally {
      await c.stop();
    }
    expect(c.applied).toBe(200);
    await expectStormCounted(scene);
    // a consumer whose window has not come yet when it stops: its last round applies what the API logged
    const late = await stormScene(t, 40);
    const idle = consumer(writer, { windowMs: 600_000 });
    idle.start();
    expect((await storm(t, late, 8)).statuses).toEqual({ 200: 40 });
    await t.services.devices.drain();
    expect(await logRows()).toBeGreaterThan(0);
    await idle.stop();
    expect(idle.applied).toBe(40);
    expect(await logRows()).toBe(0);
    await expectStormCounted(late);
  }, 60_000);
});

/**
 * The whole path on one process (`npm start` with EVENTS_LOG=postgres): the engine gives each dispatched send a place
 * in its message's event pages, the device API logs the events, the process's own consumer applies them within its
 * window, and the console's figures nest and agree.
 */
describe.each(backends('one'))('a send and its events with EVENTS_LOG=postgres [$name]', (backend) => {
  let t: TestApp;
  let emu: FcmEmulator;

  beforeAll(async () => {
    emu = await startEmulator({ tlsPort: null });
    t = await startTestApp(
      backend,
      { FCM_BASE_URL: emu.h2cUrl, EVENTS_LOG: 'postgres' },
      { runWorkers: true },
    );
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await emu?.close();
  });

  it('keeps the events in event pages, applied by the process’s consumer, and every screen shows the same counts', async () => {
    const created = await ownerAppOnEmulator(
      t,
      emu,
      { title: 'Logged', pkg: 'com.example.logged', projectId: 'logged' },
      100,
    );
    const { owner, sdkAuth } = created;
    const appId = created.app.id;
    for (let i = 0; i < 8; i++) await registerOnEmulator(t, emu, created, i);
    const saved = await owner.post(`/tcm/v1/app/${appId}/msg/save`, {
      msgType: 1,
      data: NOTIFICATION,
      title: 'Logged',
      pushCount: 8,
      targetingType: 0,
      scheduleType: 1,
    });
    const id = saved.json().data.id as number;
    await until(
      'sent',
      () => owner.post(`/tcm/v1/app/${appId}/msg/detail`, { id }).then((r) => r.json().data),
      (d) => d.status === 1,
    );
    const ts = Date.now();
    // all received, 0–5 shown, 0–2 clicked; 7 reports its receipt twice (an SDK retrying)
    for (let i = 0; i < 8; i++) {
      const events = [{ type: 'received', msgId: id, ts }];
      if (i < 6) events.push({ type: 'shown', msgId: id, ts: ts + 100 });
      if (i < 3) events.push({ type: 'clicked', msgId: id, ts: ts + 200 });
      expect((await reportSdkEvents(t, sdkAuth, i, events)).json().status).toBe(200);
    }
    expect((await reportSdkEvents(t, sdkAuth, 7, [{ type: 'received', msgId: id, ts }])).json().status).toBe(
      200,
    );
    const row = await until(
      'the events applied from the log and counted',
      async () =>
        (await owner.post(`/tcm/v1/app/${appId}/msg/list`, { msgType: 1 }))
          .json()
          .data.results.find((r: { id: number }) => r.id === id),
      (r) => r?.arriveAll === 8 && r.show === 6 && r.click === 3,
      30_000,
      200,
    );
    expect(row).toMatchObject({ dispatchCount: 8, arriveAll: 8, show: 6, click: 3 });
    const places = await t.database.query<{ placed: number; mask: number | null; n: number }>(
      `SELECT (ev IS NOT NULL) AS placed, event_mask AS mask, count(*)::int AS n FROM send_records
       WHERE message_id = $1 AND outcome = 1 GROUP BY 1, 2`,
      [id],
    );
    // every dispatched send has its place in the pages, and its events are there, not on the record
    expect(places).toEqual([{ placed: true, mask: null, n: 8 }]);
    const masks = await t.database.query<{ mask: number; n: number }>(
      `SELECT event_mask AS mask, count(*)::int AS n FROM send_record_events WHERE message_id = $1 GROUP BY 1 ORDER BY 1`,
      [id],
    );
    expect(masks).toEqual([
      { mask: 1, n: 2 },
      { mask: 3, n: 3 },
      { mask: 7, n: 3 },
    ]);
    const byCountry = (await owner.call('GET', `/tcm/v1/app/${appId}/msg/${id}/distribution/country`)).json()
      .data.rows as Array<{ dispatch: number; reach: number; show: number; click: number }>;
    const sum = (k: 'dispatch' | 'reach' | 'show' | 'click') => byCountry.reduce((a, r) => a + r[k], 0);
    expect([sum('dispatch'), sum('reach'), sum('show'), sum('click')]).toEqual([8, 8, 6, 3]);
    expect(await t.database.query('SELECT id FROM device_event_log')).toEqual([]);
  }, 90_000);
});
