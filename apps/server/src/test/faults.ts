import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { startEmulator, type FcmEmulator } from '@beacon/fcm-emulator';
import pg from 'pg';
import { expect } from 'vitest';
import { openDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import type { Backend } from './databases';
import { seedDevicesAt } from './devices';
import { NOTIFICATION, ownerAppOnEmulator } from './messaging';
import { startTestApp, TEST_SECRET, type TestApp, type TestClient } from './test-app';
import { until } from './until';
import { CLI, serverRoot } from './cli';

/** One FCM request as the emulator saw it (after validation): its token, when it arrived, the fault's status if any. */
export interface SeenRequest {
  at: number;
  fault?: number;
}

/** A Beacon app (delivery workers in-process unless told otherwise) sending to `devices` devices on an emulator. */
export interface FaultRig {
  t: TestApp;
  emu: FcmEmulator;
  owner: TestClient;
  appId: number;
  tokens: string[];
  projectId: string;
  /** every FCM send request by token, in arrival order (faulted or not) */
  requests: Map<string, SeenRequest[]>;
  close(): Promise<void>;
}

/** A Backend on a PostgreSQL server of one's own (a fresh, migrated database on it per open). */
export function postgresAt(adminUrl: string): Backend {
  return {
    name: 'postgres',
    open: async () => {
      const name = `t_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const database = await openDatabase({ url: url.href, poolSize: 5 });
      await migrate(database);
      return database;
    },
  };
}

/**
 * Starts an emulator and a test app on `backend` that sends through it, with an app and `devices` devices (each with
 * its own emulator token), and records every send request the emulator takes (through its fault matcher, which
 * sees each send that passed validation and quotas).
 */
export async function startRig(
  backend: Backend,
  devices: number,
  o: { env?: Record<string, string>; runWorkers?: boolean; latencyMs?: number } = {},
): Promise<FaultRig> {
  const emu = await startEmulator({ tlsPort: null, latencyMs: o.latencyMs ?? 0 });
  const requests = new Map<string, SeenRequest[]>();
  const faults = (emu as unknown as { core: { faults: { take(p: string, tok?: string): unknown } } }).core
    .faults;
  const take = faults.take.bind(faults);
  faults.take = (project, token) => {
    const f = take(project, token) as { status: number } | undefined;
    if (token !== undefined) {
      const seen: SeenRequest = f ? { at: Date.now(), fault: f.status } : { at: Date.now() };
      const list = requests.get(token);
      if (list) list.push(seen);
      else requests.set(token, [seen]);
    }
    return f;
  };
  const t = await startTestApp(
    backend,
    { FCM_BASE_URL: emu.h2cUrl, ...o.env },
    { runWorkers: o.runWorkers ?? true },
  );
  const projectId = 'faults-project';
  const pkg = 'com.example.faults';
  const created = await ownerAppOnEmulator(t, emu, { title: 'Faults', pkg, projectId });
  const tokens = Array.from({ length: devices }, () => emu.registerDevice({ projectId, packageName: pkg }));
  const place = { country: 'NG', timezone: 'Africa/Lagos', utcOffsetMin: 60 };
  await seedDevicesAt(
    t,
    created.app.id,
    tokens.map(() => place),
    tokens,
  );
  return {
    t,
    emu,
    owner: created.owner,
    appId: created.app.id,
    tokens,
    projectId,
    requests,
    close: async () => {
      await t.close();
      await emu.close();
    },
  };
}

/** Saves (and so starts) a send-now broadcast to every device of the rig's app; returns its id. */
export async function saveBroadcast(rig: FaultRig, title: string, extra: object = {}): Promise<number> {
  const res = await rig.owner.post(`/tcm/v1/app/${rig.appId}/msg/save`, {
    msgType: 1,
    title,
    pushCount: rig.tokens.length,
    targetingType: 0,
    scheduleType: 1,
    data: NOTIFICATION,
    ...extra,
  });
  expect(res.json(), res.body).toMatchObject({ status: 200 });
  return res.json<{ data: { id: number } }>().data.id;
}

/** A message's status and counters. */
export const messageRow = async (rig: Pick<FaultRig, 't'>, id: number) =>
  (
    await rig.t.database.query<{ status: number; target: number; dispatched: number; lost: number }>(
      `SELECT status, target_count AS target, dispatch_count AS dispatched, lost_count AS lost FROM messages WHERE id = $1`,
      [id],
    )
  )[0];

/**
 * Waits until the message is finished (sent, stopped or recalled) and expects it sent; returns its row. `check` runs
 * on each poll (it throws to fail at once, e.g. when the worker process is gone).
 */
export async function waitSent(rig: Pick<FaultRig, 't'>, id: number, timeoutMs = 60_000, check = () => {}) {
  const row = await until(
    `message ${id} finished`,
    () => {
      check();
      return messageRow(rig, id);
    },
    (r) => r !== undefined && [1, 3, 9, 99].includes(r.status),
    timeoutMs,
    100,
  );
  expect(row?.status).toBe(1);
  return row!;
}

/** The send records of a message by outcome and loss code, e.g. `{ '1:0': 2990, '2:3': 10 }`. */
export async function recordsOf(rig: Pick<FaultRig, 't'>, id: number): Promise<Record<string, number>> {
  const rows = await rig.t.database.query<{ k: string; n: number }>(
    `SELECT outcome || ':' || loss_code AS k, count(*)::int AS n FROM send_records WHERE message_id = $1 GROUP BY 1`,
    [id],
  );
  return Object.fromEntries(rows.map((r) => [r.k, r.n]));
}

/**
 * Checks that a finished message's counters agree with each other and with its send records: one record per device
 * (none still open), dispatch_count + lost_count = target_count = `devices`, the statistics rows (push = dispatch +
 * losses, and the losses per code) match the records. Returns the records by outcome and loss code.
 */
export async function reconcile(rig: Pick<FaultRig, 't'>, id: number, devices: number) {
  const db = rig.t.database;
  const m = (await messageRow(rig, id))!;
  const records = await recordsOf(rig, id);
  const [distinct] = await db.query<{ n: number; devices: number }>(
    'SELECT count(*)::int AS n, count(DISTINCT device_id)::int AS devices FROM send_records WHERE message_id = $1',
    [id],
  );
  expect(distinct).toEqual({ n: devices, devices });
  const dispatched = records['1:0'] ?? 0;
  const lostByCode: Record<string, number> = {};
  for (const [k, n] of Object.entries(records)) {
    const [outcome, code] = k.split(':');
    if (outcome === '2') lostByCode[code!] = n;
    else expect(k, 'no record left open or dispatched with a loss code').toBe('1:0');
  }
  const lost = Object.values(lostByCode).reduce((a, b) => a + b, 0);
  expect({ target: m.target, dispatched: m.dispatched, lost: m.lost }).toEqual({
    target: devices,
    dispatched,
    lost,
  });
  const [days] = await db.query<{ push: number; dispatch: number }>(
    'SELECT COALESCE(sum(push), 0)::int AS push, COALESCE(sum(dispatch), 0)::int AS dispatch FROM stat_message_days WHERE message_id = $1',
    [id],
  );
  const statLosses = await db.query<{ code: number; n: number }>(
    'SELECT loss_code AS code, sum(count)::int AS n FROM stat_message_losses WHERE message_id = $1 GROUP BY 1',
    [id],
  );
  const byCode = (rows: Array<{ code: number; n: number }>) =>
    Object.fromEntries(rows.map((r) => [String(r.code), r.n]));
  expect(days).toEqual({ push: dispatched + lost, dispatch: dispatched });
  expect(byCode(statLosses)).toEqual(lostByCode);
  return { dispatched, lostByCode };
}

/** How many requests of message `id` each token's device received (its inbox keeps the last 20). */
export const receivedPerDevice = (rig: Pick<FaultRig, 'tokens' | 'emu'>, id: number): number[] =>
  rig.tokens.map(
    (tok) =>
      rig.emu.inbox(tok).filter((d) => (d.message.data as Record<string, string>).tcm_msg_id === String(id))
        .length,
  );

/** Tallies numbers: `{ '1': 2990, '0': 10 }`. */
export const tally = (ns: number[]): Record<string, number> => {
  const out: Record<string, number> = {};
  for (const n of ns) out[String(n)] = (out[String(n)] ?? 0) + 1;
  return out;
};

/**
 * A `beacon <args>` process (default `worker`) on the rig's database and emulator, run from the sources as
 * crash-recovery.test.ts starts them, its output kept.
 */
export class Worker {
  readonly child: ChildProcess;
  out = '';
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  constructor(rig: Pick<FaultRig, 't' | 'emu'>, env: Record<string, string> = {}, args = ['worker']) {
    this.child = spawn(process.execPath, [...CLI, ...args], {
      cwd: serverRoot,
      env: {
        ...process.env,
        DATABASE_URL: rig.t.database.url ?? '',
        FCM_BASE_URL: rig.emu.h2cUrl,
        BEACON_SECRET_KEY: TEST_SECRET,
        PUBLIC_URL: 'http://beacon.test',
        BEACON_DEMO: '0',
        LOG_LEVEL: 'warn',
        BEACON_DISPATCH_EXPIRE_SECONDS: '3',
        BEACON_RECEIPT_WINDOW_SECONDS: '2',
        BEACON_JOB_MAINTENANCE_SECONDS: '1',
        BEACON_JOURNEY_SWEEP_SECONDS: '1',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout?.on('data', (c: Buffer) => (this.out += c.toString()));
    this.child.stderr?.on('data', (c: Buffer) => (this.out += c.toString()));
    this.exited = new Promise((resolve) =>
      this.child.once('exit', (code, signal) => resolve({ code, signal })),
    );
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Stops the process with `signal` and resolves with how it exited. */
  async stop(signal: NodeJS.Signals = 'SIGTERM') {
    if (this.running) this.child.kill(signal);
    return this.exited;
  }
}
