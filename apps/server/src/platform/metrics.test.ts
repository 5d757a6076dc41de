import { startEmulator, type FcmEmulator } from '@beacon/fcm-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { JOBS } from '../jobs/boss';
import { backends } from '../test/databases';
import { registerOnEmulator, reportSdkEvents } from '../test/devices';
import { ownerAppOnEmulator, NOTIFICATION } from '../test/messaging';
import { startTestApp, TEST_SECRET, TestClient, type TestApp } from '../test/test-app';
import { until } from '../test/until';
import { lossClass } from './metrics';

/** The value of the sample `name` whose labels are exactly `labels` in Prometheus text, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got = Object.fromEntries(
      [...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((x) => [x[1], x[2]]),
    );
    const keys = Object.keys(labels);
    if (keys.length === Object.keys(got).length && keys.every((k) => got[k] === labels[k]))
      return Number(m[3]);
  }
  return undefined;
}

/** How much each sample moved between two scrapes (an absent sample counts 0). */
const mover =
  (before: string, after: string) =>
  (name: string, labels: Record<string, string> = {}): number =>
    (sample(after, name, labels) ?? 0) - (sample(before, name, labels) ?? 0);

describe.each(backends('one'))('metrics with METRICS=1 [$name]', (backend) => {
  let t: TestApp;
  let emu: FcmEmulator;

  beforeAll(async () => {
    emu = await startEmulator({ tlsPort: null });
    t = await startTestApp(backend, { FCM_BASE_URL: emu.h2cUrl, METRICS: '1' }, { runWorkers: true });
  });
  afterAll(async () => {
    await t?.close();
    await emu?.close();
  });

  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };

  it('counts a send by result class, FCM answers by status, SDK calls and events, flushes, exactly', async () => {
    const start = await scrape();
    const created = await ownerAppOnEmulator(t, emu, {
      title: 'Metric Shop',
      pkg: 'com.example.metrics',
      projectId: 'metrics-project',
    });
    // 0–2: reached; 3: notifications off (dropped by the filter, 107); 4: uninstalled since (FCM 404, loss 1);
    // 5: FCM answers 503 once, then accepts it on the retry
    const tokens: string[] = [];
    for (let i = 0; i < 6; i++)
      tokens.push(
        await registerOnEmulator(t, emu, created, i, i === 3 ? { notificationsEnabled: false } : {}),
      );
    emu.unregisterDevice(tokens[4]!);
    emu.addFault({
      match: { token: tokens[5]! },
      respond: { status: 503, errorCode: 'UNAVAILABLE' },
      times: 1,
    });

    const registered = await scrape();
    const byRegister = mover(start, registered);
    expect(byRegister('beacon_sdk_requests_total', { route: 'register', status: '200' })).toBe(6);
    expect(byRegister('beacon_write_batch_size_sum', { batcher: 'register' })).toBe(6);
    expect(byRegister('beacon_write_batch_size_count', { batcher: 'register' })).toBeGreaterThanOrEqual(1);
    expect(byRegister('beacon_write_flush_duration_seconds_count', { batcher: 'register' })).toBe(
      byRegister('beacon_write_batch_size_count', { batcher: 'register' }),
    );

    const appId = created.app.id;
    const saved = await created.owner.post(`/tcm/v1/app/${appId}/msg/save`, {
      msgType: 1,
      data: NOTIFICATION,
      title: 'Metrics',
      pushCount: 6,
      targetingType: 0,
      scheduleType: 1,
    });
    expect(saved.json().status, saved.body).toBe(200);
    const id = saved.json().data.id as number;
    await until(
      'sent',
      () => created.owner.post(`/tcm/v1/app/${appId}/msg/detail`, { id }).then((r) => r.json().data),
      (d) => d.status === 1,
    );
    const sent = await scrape();
    const bySend = mover(registered, sent);
    expect(bySend('beacon_sends_total', { result: 'dispatched' })).toBe(4);
    expect(bySend('beacon_sends_total', { result: 'lost' })).toBe(2);
    expect(bySend('beacon_sends_total', { result: 'retried' })).toBe(1);
    expect(
      bySend('beacon_sends_lost_total', { stage: 'filter', loss_class: 'device', loss_code: '107' }),
    ).toBe(1);
    expect(bySend('beacon_sends_lost_total', { stage: 'send', loss_class: 'device', loss_code: '1' })).toBe(
      1,
    );
    expect(bySend('beacon_fcm_request_duration_seconds_count', { status: '200' })).toBe(4);
    expect(bySend('beacon_fcm_request_duration_seconds_count', { status: '503' })).toBe(1);
    expect(bySend('beacon_fcm_request_duration_seconds_count', { status: '404' })).toBe(1);
    expect(bySend('beacon_fcm_request_duration_seconds_sum', { status: '200' })).toBeGreaterThan(0);
    expect(bySend('beacon_fcm_request_duration_seconds_bucket', { status: '200', le: '+Inf' })).toBe(4);

    const ts = Date.now();
    const reported = [
      await reportSdkEvents(t, created.sdkAuth, 0, [
        { type: 'received', msgId: id, ts },
        { type: 'shown', msgId: id, ts },
        { type: 'clicked', msgId: id, ts },
      ]),
      await reportSdkEvents(t, created.sdkAuth, 1, [
        { type: 'received', msgId: id, ts },
        { type: 'shown', msgId: id, ts },
      ]),
    ];
    for (const r of reported) expect(r.json().status, r.body).toBe(200);
    // a call the device API refuses (no such app key) counts by its status, its events not at all
    const refused = await t.app.inject({
      method: 'POST',
      url: '/sdk/v1/events',
      headers: { authorization: `Basic ${Buffer.from('nobody:nothing').toString('base64')}` },
      payload: {
        gaid: '00000000-0000-4000-8000-000000000000',
        events: [{ type: 'received', msgId: id, ts }],
      },
    });
    expect(refused.statusCode).toBe(401);
    const evented = await scrape();
    const byEvents = mover(sent, evented);
    expect(byEvents('beacon_sdk_requests_total', { route: 'events', status: '200' })).toBe(2);
    expect(byEvents('beacon_sdk_requests_total', { route: 'events', status: '401' })).toBe(1);
    expect(byEvents('beacon_sdk_events_total', { type: 'received' })).toBe(2);
    expect(byEvents('beacon_sdk_events_total', { type: 'shown' })).toBe(2);
    expect(byEvents('beacon_sdk_events_total', { type: 'clicked' })).toBe(1);
    expect(byEvents('beacon_write_batch_size_sum', { batcher: 'events' })).toBe(2);
    expect(byEvents('beacon_sends_total', { result: 'dispatched' })).toBe(0);

    // the job queue: every queue of the catalogue, whether or not it has jobs
    for (const job of Object.values(JOBS)) {
      for (const state of ['ready', 'deferred', 'active'])
        expect(sample(evented, 'beacon_queue_jobs', { queue: job.name, state })).toBeGreaterThanOrEqual(0);
      expect(
        sample(evented, 'beacon_queue_oldest_ready_age_seconds', { queue: job.name }),
      ).toBeGreaterThanOrEqual(0);
    }
    // the events log table: empty on today's path (the app runs without EVENTS_LOG)
    expect(sample(evented, 'beacon_events_log_rows')).toBe(0);
    expect(sample(evented, 'beacon_events_log_oldest_age_seconds')).toBe(0);
    // the pool (PostgreSQL only: PGlite has one connection) and the process
    if (backend.name === 'postgres') {
      expect(sample(evented, 'beacon_db_pool_max')).toBe(5);
      expect(sample(evented, 'beacon_db_pool_connections')).toBeGreaterThanOrEqual(1);
      expect(sample(evented, 'beacon_db_pool_waiting')).toBeGreaterThanOrEqual(0);
    } else expect(sample(evented, 'beacon_db_pool_max')).toBeUndefined();
    expect(sample(evented, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(evented, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
  });

  it('reports the jobs waiting in a queue no worker takes, and the age of the oldest ready one', async () => {
    const boss = await t.delivery.boss();
    await boss.createQueue('metrics-probe');
    await boss.send('metrics-probe', {}, { startAfter: 0 });
    await boss.send('metrics-probe', {}, { startAfter: 0 });
    await boss.send('metrics-probe', {}, { startAfter: 3600 });
    await new Promise((r) => setTimeout(r, 1100));
    const text = await scrape();
    expect(sample(text, 'beacon_queue_jobs', { queue: 'metrics-probe', state: 'ready' })).toBe(2);
    expect(sample(text, 'beacon_queue_jobs', { queue: 'metrics-probe', state: 'deferred' })).toBe(1);
    expect(sample(text, 'beacon_queue_jobs', { queue: 'metrics-probe', state: 'active' })).toBe(0);
    const age = sample(text, 'beacon_queue_oldest_ready_age_seconds', { queue: 'metrics-probe' });
    expect(age).toBeGreaterThanOrEqual(1);
    expect(age).toBeLessThan(60);
  });

  it('reports the rows of the events log table no worker has applied, and the age of the oldest', async () => {
    await t.database.query(
      `INSERT INTO device_event_log (calls, logged_at) VALUES ('[]', now() - interval '90 seconds'), ('[]', now())`,
    );
    try {
      const text = await scrape();
      expect(sample(text, 'beacon_events_log_rows')).toBe(2);
      const age = sample(text, 'beacon_events_log_oldest_age_seconds')!;
      expect(age).toBeGreaterThanOrEqual(90);
      expect(age).toBeLessThan(150);
    } finally {
      await t.database.query('DELETE FROM device_event_log');
    }
  });
});

describe.each(backends('one'))('where /metrics is served [$name]', (backend) => {
  it('is off without METRICS: /metrics is 404', async () => {
    const t = await startTestApp(backend);
    try {
      expect(t.config.metrics).toBeUndefined();
      expect(t.app.metrics).toBeUndefined();
      expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('with METRICS_PORT, only on that port (not on PORT), behind METRICS_TOKEN when set', async () => {
    const token = 'scrape-token-0123456789';
    const t = await startTestApp(backend, { METRICS_PORT: '0', METRICS_TOKEN: token, HOST: '127.0.0.1' });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
      const port = t.app.metrics?.port;
      expect(port).toBeGreaterThan(0);
      const url = `http://127.0.0.1:${port}`;
      expect((await fetch(`${url}/metrics`)).status).toBe(401);
      expect((await fetch(`${url}/metrics`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(
        401,
      );
      const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(sample(text, 'beacon_sends_total', { result: 'dispatched' })).toBe(0);
      expect(text).toContain('# TYPE beacon_fcm_request_duration_seconds histogram');
      expect((await fetch(`${url}/tcm/v1/system/info`)).status).toBe(404);
    } finally {
      await t.close();
    }
    expect(t.app.metrics?.port).toBeUndefined();
  });

  it('with METRICS=1 and METRICS_TOKEN on PORT, asks for the bearer token', async () => {
    const t = await startTestApp(backend, { METRICS: '1', METRICS_TOKEN: 'another-token-0123456789' });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
      const ok = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: 'Bearer another-token-0123456789' },
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toContain('beacon_sdk_requests_total');
      // a console session is no key to the metrics
      const anonymous = new TestClient(t.app);
      expect((await anonymous.call('GET', '/metrics')).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });
});

describe('metrics configuration and loss classes', () => {
  const load = (env: Record<string, string>) => loadConfig({ BEACON_SECRET_KEY: TEST_SECRET, ...env });

  it('is off by default, on PORT with METRICS=1, on its own port with METRICS_PORT', () => {
    expect(load({}).metrics).toBeUndefined();
    expect(load({ METRICS: '0', METRICS_TOKEN: '' }).metrics).toBeUndefined();
    expect(load({ METRICS: '1' }).metrics).toEqual({ port: undefined, token: undefined });
    expect(load({ METRICS_PORT: '9464', METRICS_TOKEN: 'abcdefghijklmnop' }).metrics).toEqual({
      port: 9464,
      token: 'abcdefghijklmnop',
    });
  });

  it('refuses a bad port, a short token, a contradiction and the main port', () => {
    expect(() => load({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
    expect(() => load({ METRICS_PORT: 'x' })).toThrow(/METRICS_PORT/);
    expect(() => load({ METRICS: '1', METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(() => load({ METRICS: '1', METRICS_TOKEN: 'has a space in it!!' })).toThrow(/METRICS_TOKEN/);
    expect(() => load({ METRICS: '0', METRICS_PORT: '9464' })).toThrow(/contradict/);
    expect(() => load({ PORT: '9464', METRICS_PORT: '9464' })).toThrow(/differ from PORT/);
  });

  it('classes every loss code by what an operator does about it', () => {
    expect(lossClass('filter', 107)).toBe('device');
    expect(lossClass('send', 1)).toBe('device');
    expect(lossClass('filter', 104)).toBe('policy');
    expect(lossClass('filter', 7)).toBe('policy');
    expect(lossClass('send', 7)).toBe('other');
    expect(lossClass('send', 3)).toBe('provider');
    expect(lossClass('send', 35)).toBe('credentials');
    expect(lossClass('send', 12)).toBe('credentials');
  });
});
