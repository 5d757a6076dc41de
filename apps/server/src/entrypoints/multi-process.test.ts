import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { createServer } from 'node:net';
import { startEmulator, type FcmEmulator } from '@beacon/fcm-emulator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { backends } from '../test/databases';
import { gaid, sdkDevice } from '../test/devices';
import { NOTIFICATION, ownerAppOnEmulator } from '../test/messaging';
import { startTestApp, TEST_SECRET, type TestApp } from '../test/test-app';
import { until } from '../test/until';
import { CLI, serverRoot } from '../test/cli';

const postgres = backends('one').filter((b) => b.name === 'postgres');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const a = srv.address();
      srv.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

/** A `beacon <args>` process run from the sources (tsx), its output kept. */
class Cli {
  readonly child: ChildProcess;
  out = '';
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  constructor(args: string[], env: Record<string, string>) {
    this.child = spawn(process.execPath, [...CLI, ...args], {
      cwd: serverRoot,
      env: { ...process.env, BEACON_SECRET_KEY: TEST_SECRET, BEACON_DEMO: '0', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout?.on('data', (c: Buffer) => (this.out += c.toString()));
    this.child.stderr?.on('data', (c: Buffer) => (this.out += c.toString()));
    this.exited = new Promise((resolve) =>
      this.child.once('exit', (code, signal) => resolve({ code, signal })),
    );
  }

  /** Stops the process with `signal` and resolves with how it exited. */
  async stop(signal: NodeJS.Signals = 'SIGTERM') {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill(signal);
    return this.exited;
  }

  /** The JSON log lines written so far. */
  logLines(): Array<Record<string, unknown>> {
    return this.out.split('\n').flatMap((l) => {
      try {
        return l.startsWith('{') ? [JSON.parse(l) as Record<string, unknown>] : [];
      } catch {
        return []; // a line still being written
      }
    });
  }
}

/** Waits until `base`/healthz answers (a cold tsx start on a loaded machine takes a while). */
async function healthy(base: string, cli: Cli): Promise<void> {
  await until(
    `${base} healthy`,
    async () => {
      if (cli.child.exitCode !== null) throw new Error(`beacon exited ${cli.child.exitCode}:\n${cli.out}`);
      return fetch(`${base}/healthz`).then(
        (r) => r.status,
        () => 0,
      );
    },
    (s) => s === 200,
    90_000,
    200,
  );
}

/** GET on a connection of its own (no keep-alive), so the cluster's primary hands each to the next worker. */
function getFresh(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** A signed-in console client of one API process (real HTTP, the session cookie kept). */
async function signIn(base: string, email: string, password: string) {
  const res = await fetch(`${base}/tcm/v1/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as { status: number };
  expect(body.status).toBe(200);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return async <T>(url: string, payload: unknown): Promise<{ status: number; msg: string; data: T }> => {
    const r = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(payload),
    });
    return (await r.json()) as { status: number; msg: string; data: T };
  };
}

/** `n` calls of `fn` (indexes 0…n-1), `width` at a time. */
async function inParallel(n: number, width: number, fn: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < n) await fn(next++);
    }),
  );
}

const DEVICES = 600;
const PER_API = 2;

// The processes share nothing but PostgreSQL, so this runs on the PostgreSQL server only.
describe.each(postgres)('2 beacon api + 2 beacon worker processes on one PostgreSQL [$name]', (backend) => {
  let t: TestApp;
  let emu: FcmEmulator;
  const procs: Cli[] = [];

  beforeAll(async () => {
    emu = await startEmulator({ tlsPort: null });
    t = await startTestApp(backend, { FCM_BASE_URL: emu.h2cUrl });
  });
  afterAll(async () => {
    await Promise.all(procs.map((p) => p.stop('SIGKILL')));
    await t?.close();
    await emu?.close();
  });

  it('sends through both APIs: every device gets each message exactly once, and the counters reconcile', async () => {
    const startedAt = Date.now();
    const created = await ownerAppOnEmulator(t, emu, {
      title: 'Scale-out',
      pkg: 'com.example.scale',
      projectId: 'scale-project',
    });
    const appId = created.app.id;
    const env = {
      DATABASE_URL: t.database.url ?? '',
      FCM_BASE_URL: emu.h2cUrl,
      PUBLIC_URL: 'http://beacon.test',
      HOST: '127.0.0.1',
      BEACON_JOB_MAINTENANCE_SECONDS: '1',
    };
    const ports = [await freePort(), await freePort()];
    // --processes 1: one process each (the default on PostgreSQL with FCM_BASE_URL would be one per core)
    const apis = ports.map((port) => new Cli(['api', '--processes', '1'], { ...env, PORT: String(port) }));
    const workers = [0, 1].map(() => new Cli(['worker'], env));
    procs.push(...apis, ...workers);
    const bases = ports.map((p) => `http://127.0.0.1:${p}`);
    await Promise.all(bases.map((b, i) => healthy(b, apis[i]!)));

    // half the devices register through each API; each device's token is known to the emulator
    const tokens: string[] = [];
    for (let i = 0; i < DEVICES; i++)
      tokens.push(emu.registerDevice({ projectId: created.projectId, packageName: created.pkg }));
    await inParallel(DEVICES, 16, async (i) => {
      const res = await fetch(`${bases[i % 2]}/sdk/v1/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: created.sdkAuth },
        body: JSON.stringify(sdkDevice(i, { token: tokens[i] })),
      });
      expect(((await res.json()) as { status: number }).status).toBe(200);
    });

    // the owner signs in on each API and sends PER_API messages through it
    const consoles = await Promise.all(bases.map((b) => signIn(b, 'owner@example.com', 'Owner#2024')));
    const ids: number[] = [];
    for (const [n, call] of consoles.entries())
      for (let k = 0; k < PER_API; k++) {
        const saved = await call<{ id: number }>(`/tcm/v1/app/${appId}/msg/save`, {
          msgType: 1,
          title: `Through API ${n + 1}, message ${k + 1}`,
          pushCount: DEVICES,
          targetingType: 0,
          scheduleType: 1,
          data: NOTIFICATION,
        });
        expect(saved.status, saved.msg).toBe(200);
        ids.push(saved.data.id);
      }

    const messages = await until(
      'every message sent',
      () =>
        t.database.query<{ id: number; status: number; target: number; dispatched: number; lost: number }>(
          `SELECT id::int AS id, status, target_count AS target, dispatch_count AS dispatched, lost_count AS lost
           FROM messages WHERE id = ANY($1::bigint[]) ORDER BY id`,
          [ids],
        ),
      (rows) => rows.length === ids.length && rows.every((r) => r.status === 1),
      // includes the workers' start (tsx compiles the sources: slow on a loaded machine)
      90_000,
    ).catch((err: Error) => {
      throw new Error(`${err.message}\n${[...apis, ...workers].map((p) => p.out).join('\n')}`);
    });
    for (const m of messages) expect(m).toMatchObject({ target: DEVICES, dispatched: DEVICES, lost: 0 });

    // at FCM: every device got each message exactly once, and nothing else
    for (const id of ids) {
      const perDevice = tokens.map(
        (tok) =>
          emu.inbox(tok).filter((d) => (d.message.data as Record<string, string>).tcm_msg_id === String(id))
            .length,
      );
      expect(perDevice.filter((n) => n !== 1)).toEqual([]);
    }
    expect(tokens.reduce((sum, tok) => sum + emu.inbox(tok).length, 0)).toBe(DEVICES * ids.length);
    const [records] = await t.database.query<{ sent: number; other: number; pairs: number }>(
      `SELECT count(*) FILTER (WHERE outcome = 1)::int AS sent, count(*) FILTER (WHERE outcome <> 1)::int AS other,
              count(DISTINCT (message_id, device_id))::int AS pairs
       FROM send_records WHERE message_id = ANY($1::bigint[])`,
      [ids],
    );
    expect(records).toEqual({ sent: DEVICES * ids.length, other: 0, pairs: DEVICES * ids.length });

    // every device reports each message received and shown, through the API it did not register with
    const ts = Date.now();
    await inParallel(DEVICES, 16, async (i) => {
      const res = await fetch(`${bases[(i + 1) % 2]}/sdk/v1/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: created.sdkAuth },
        body: JSON.stringify({
          gaid: gaid(i),
          events: ids.flatMap((msgId) => [
            { type: 'received', msgId, ts },
            { type: 'shown', msgId, ts },
          ]),
        }),
      });
      expect(((await res.json()) as { status: number }).status).toBe(200);
    });
    // counted off the request path by the API processes' event counters, each queued flush exactly once
    const stats = await until(
      'the events counted',
      () =>
        t.database.query<{ id: number; push: number; dispatch: number; reach: number; show: number }>(
          `SELECT message_id::int AS id, sum(push)::int AS push, sum(dispatch)::int AS dispatch,
                  sum(reach)::int AS reach, sum(show)::int AS show
           FROM stat_message_days WHERE message_id = ANY($1::bigint[]) GROUP BY message_id ORDER BY message_id`,
          [ids],
        ),
      (rows) => rows.length === ids.length && rows.every((r) => r.show === DEVICES),
      30_000,
    );
    expect(stats).toEqual(
      ids.map((id) => ({ id, push: DEVICES, dispatch: DEVICES, reach: DEVICES, show: DEVICES })),
    );
    const [rest] = await t.database.query<{ pending: number; stray: number; users: number }>(
      `SELECT (SELECT count(*) FROM stat_pending_batches)::int AS pending,
              (SELECT count(*) FROM stat_stray_events WHERE app_id = $1)::int AS stray,
              (SELECT coalesce(sum(new_users), 0) FROM stat_user_days WHERE app_id = $1)::int AS users`,
      [appId],
    );
    expect(rest).toEqual({ pending: 0, stray: 0, users: DEVICES });
    const [app] = await t.database.query<{ dispatch: number; reach: number }>(
      'SELECT sum(dispatch)::int AS dispatch, sum(reach)::int AS reach FROM stat_app_days WHERE app_id = $1',
      [appId],
    );
    expect(app).toEqual({ dispatch: DEVICES * ids.length, reach: DEVICES * ids.length });

    // both kinds stop gracefully on SIGTERM
    for (const p of [...apis, ...workers]) expect(await p.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    console.log(
      `2 api + 2 worker processes: ${ids.length} messages × ${DEVICES} devices sent exactly once and counted, ` +
        `in ${Date.now() - startedAt} ms with the processes' start`,
    );
  }, 150_000);
});

describe.each(postgres)('beacon serve --processes 2 [$name]', () => {
  let serve: Cli | undefined;
  afterAll(async () => {
    await serve?.stop('SIGKILL');
  });

  it('migrates once, forks 2 workers sharing the port, restarts one that dies, and stops them all on SIGTERM', async () => {
    const startedAt = Date.now();
    // an empty database: the primary migrates it (once) and makes the first super admin before forking
    const adminUrl = inject('pgUrl');
    const name = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const emu = await startEmulator({ tlsPort: null });
    try {
      const port = await freePort();
      serve = new Cli(['serve', '--processes', '2'], {
        DATABASE_URL: url.href,
        FCM_BASE_URL: emu.h2cUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        BEACON_ADMIN_EMAIL: 'root@example.com',
        BEACON_ADMIN_PASSWORD: 'Root#2024x',
      });
      const base = `http://127.0.0.1:${port}`;
      await until(
        'the banner',
        async () => serve!.out,
        (out) => out.includes('is running') || serve!.child.exitCode !== null,
        90_000,
      );
      const banner = /processes: 2 \(pids (\d+), (\d+); primary (\d+)\)/.exec(serve.out);
      expect(banner, serve.out).not.toBeNull();
      const pids = [Number(banner![1]), Number(banner![2])];
      expect(Number(banner![3])).toBe(serve.child.pid);
      expect(serve.out).toContain('first super admin created: root@example.com');
      expect(serve.logLines().filter((l) => l.msg === 'database migrated')).toHaveLength(1);
      expect(pids.every(isAlive)).toBe(true);

      // both workers answer on the one port: each request on a new connection goes to the next worker
      for (let i = 0; i < 12; i++) expect(await getFresh(`${base}/healthz`)).toBe(200);
      const answeredBy = () =>
        new Set(
          serve!
            .logLines()
            .filter((l) => (l.req as { url?: string } | undefined)?.url === '/healthz')
            .map((l) => l.pid as number),
        );
      await until(
        'both workers logged',
        async () => answeredBy(),
        (s) => s.size === 2,
        10_000,
        100,
      );
      expect([...answeredBy()].sort()).toEqual([...pids].sort());
      const call = await signIn(base, 'root@example.com', 'Root#2024x');
      expect((await call('/tcm/v1/user/list', {})).status).toBe(200);

      // a worker killed hard is replaced (after a second)
      process.kill(pids[0]!, 'SIGKILL');
      const died = (serve.out.match(/worker process listening/g) ?? []).length;
      await until(
        'a new worker listening',
        async () => (serve!.out.match(/worker process listening/g) ?? []).length,
        (n) => n > died,
        30_000,
        100,
      );
      const restarted = serve.logLines().find((l) => l.msg === 'a worker process died; restarting it');
      expect(restarted).toMatchObject({ pid: serve.child.pid, worker: pids[0], signal: 'SIGKILL' });
      for (let i = 0; i < 4; i++) expect(await getFresh(`${base}/healthz`)).toBe(200);
      const alive = serve
        .logLines()
        .filter((l) => l.msg === 'serve worker process listening')
        .map((l) => l.pid as number)
        .filter(isAlive);
      expect(alive).toHaveLength(2);

      // SIGTERM to the primary stops every worker gracefully, then the primary exits 0
      expect(await serve.stop('SIGTERM')).toEqual({ code: 0, signal: null });
      expect(alive.filter(isAlive)).toEqual([]);
      expect(
        serve
          .logLines()
          .filter((l) => l.msg === 'shutting down')
          .map((l) => l.pid),
      ).toEqual(expect.arrayContaining(alive));
      console.log(
        `serve --processes 2: started, restarted a worker and stopped in ${Date.now() - startedAt} ms`,
      );
    } finally {
      await emu.close();
    }
  }, 150_000);
});
