import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_STATUS_LIMITS, type SystemStatus } from '@beacon/shared';
import { JOBS } from '../../jobs/boss';
import { registerProcess } from '../../platform/process-registry';
import { backends } from '../../test/databases';
import { adminFixture, type AdminFixture } from '../../test/fixtures/admins';
import { startTestApp, type TestApp } from '../../test/test-app';

/**
 * The platform's System status (GET /tcm/v1/platform/system/status): the processes' heartbeats, the database, the
 * device events' log and the FCM projects' shared rates, read by platform admins (100 and 150; the access matrix
 * checks every other caller).
 */
describe.each(backends())('system status [$name]', (backend) => {
  let t: TestApp;
  let f: AdminFixture;

  beforeAll(async () => {
    t = await startTestApp(backend, { EVENTS_LOG: 'postgres' });
    f = await adminFixture(t);
  });
  afterAll(async () => t.close());

  const status = async (who: 'root' | 'platform' = 'platform') => {
    const res = await f.clients[who].call('GET', '/tcm/v1/platform/system/status');
    expect(res.statusCode).toBe(200);
    return res.json<{ data: SystemStatus }>().data;
  };

  it('lists this process, answering, and a process that stopped without saying so as not answering', async () => {
    const before = await status('root');
    const self = before.processes.filter((p) => p.self);
    expect(self).toHaveLength(1);
    expect(self[0]).toMatchObject({ pid: process.pid, roles: ['api'], version: '0.1.0', alive: true });
    expect(new Date(self[0]!.seenAt).getTime()).toBeGreaterThan(Date.now() - 60_000);

    // another host's worker that wrote its heartbeat, one silent for 2 minutes, one silent for over a day
    const other = await registerProcess(t.database, {
      roles: ['workers'],
      version: '0.1.0',
      host: 'worker-host-2',
    });
    await t.database.query(
      `INSERT INTO beacon_processes (id, host, pid, roles, version, started_at, seen_at) VALUES
         ('dead-host:7:a', 'dead-host', 7, '{api,workers}', '0.1.0', now() - interval '1 hour', now() - interval '2 minutes'),
         ('gone-host:8:b', 'gone-host', 8, '{api}', '0.1.0', now() - interval '3 days', now() - make_interval(secs => $1))`,
      [SYSTEM_STATUS_LIMITS.forgetAfterSeconds + 60],
    );
    const rows = (await status()).processes;
    expect(rows.find((p) => p.host === 'worker-host-2')).toMatchObject({
      roles: ['workers'],
      alive: true,
      self: false,
    });
    expect(rows.find((p) => p.host === 'dead-host')).toMatchObject({ alive: false, pid: 7 });
    // the answering ones first
    expect(rows.map((p) => p.alive)).toEqual(
      [...rows.map((p) => p.alive)].sort((a, b) => Number(b) - Number(a)),
    );

    // a heartbeat deletes the rows silent for over a day; a process that stops deletes its own
    await other.close();
    const after = (await status()).processes.map((p) => p.host);
    expect(after).not.toContain('worker-host-2');
    const beat = await registerProcess(t.database, { roles: ['api'], version: '0.1.0', host: 'beat-host' });
    const hosts = (await status()).processes.map((p) => p.host);
    expect(hosts).not.toContain('gone-host');
    expect(hosts).toContain('dead-host');
    await beat.close();
  });

  it('describes the database, the events log table and the FCM projects with their rate now', async () => {
    const s = await status();
    expect(s.database.engine).toBe(t.database.kind);
    expect(s.database.version).toMatch(/^\d+/);
    if (t.database.kind === 'postgres') expect(s.database.timeline).toBeGreaterThanOrEqual(1);
    else expect(s.database.timeline).toBeNull();
    expect(s.database.replica).toBeNull();
    expect(s.eventsLog).toMatchObject({ mode: 'postgres', waiting: 0, replicas: [], error: null });

    // two calls logged 30 s ago, not applied (this process runs no workers)
    await t.database.query(
      `INSERT INTO device_event_log (calls, logged_at) VALUES ('[]', now() - interval '30 seconds'), ('[]', now())`,
    );
    const logged = (await status()).eventsLog;
    expect(logged.waiting).toBe(2);
    expect(logged.oldestSeconds).toBeGreaterThanOrEqual(29);
    await t.database.query('DELETE FROM device_event_log');

    // the job queues: every queue of the catalogue, and one whose jobs no worker takes
    const boss = await t.delivery.boss();
    await boss.createQueue('status-probe');
    await boss.send('status-probe', {}, { startAfter: 0 });
    await boss.send('status-probe', {}, { startAfter: 3600 });
    const queues = (await status()).jobQueues;
    expect(queues.map((q) => q.queue)).toEqual(
      expect.arrayContaining(Object.values(JOBS).map((j) => j.name)),
    );
    expect(queues.find((q) => q.queue === 'status-probe')).toMatchObject({
      ready: 1,
      deferred: 1,
      active: 0,
    });
    expect(queues.find((q) => q.queue === 'status-probe')!.oldestSeconds).toBeGreaterThanOrEqual(0);

    // a project halved by a 429 10 s ago (it grows back by 2 % a second), and one at its full rate
    await t.database.query(
      `UPDATE apps SET firebase_project_id = 'shop-project', fcm_quota_per_min = 300000 WHERE id = $1`,
      [f.appId],
    );
    const written = Date.now();
    await t.database.query(
      `INSERT INTO fcm_project_pace (project_id, next_at, factor, touched_at, lowered_at) VALUES
         ('shop-project', now(), 0.5, now() - interval '10 seconds', now() - interval '10 seconds'),
         ('idle-project', now(), 1, now() - interval '1 hour', NULL)`,
    );
    const projects = (await status()).fcmProjects;
    expect(projects.map((p) => p.project)).toEqual(['shop-project', 'idle-project']);
    expect(projects[0]!.apps).toEqual([expect.objectContaining({ id: f.appId, quotaPerMinute: 300000 })]);
    // 0.5 + 2 % a second for the 10 s, and for however long the test took since
    const since = (Date.now() - written) / 1000;
    expect(projects[0]!.rateShare).toBeGreaterThanOrEqual(0.69);
    expect(projects[0]!.rateShare).toBeLessThanOrEqual(Math.min(1, 0.71 + 0.02 * since));
    expect(projects[0]!.loweredAt).not.toBeNull();
    expect(projects[1]).toMatchObject({ apps: [], rateShare: 1, loweredAt: null });
  });
});
