// Shared pieces of the delivery and audience benchmarks: the emulator child, databases, memory sampling, CLI flags.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import v8 from 'node:v8';
import vm from 'node:vm';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig, type Config } from '../../apps/server/src/config';
import { openDatabase, type Database } from '../../apps/server/src/db/client';
import { migrate } from '../../apps/server/src/db/migrate';
import { startPgServer, type PgServer } from '../../apps/server/src/test/pg-server';
import { hugePagesFor } from './huge-pages';

export { freePort } from '../../apps/server/src/test/pg-server';

export const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const root = path.resolve(here, '..');

/**
 * The server's configuration in a benchmark: config.ts's defaults (what Beacon ships with) and `env`, plus
 * FCM_H2_BIND_FAST_PATH from the benchmark's own environment (`0` measures without node:http2's bind fast path).
 */
export function benchConfig(env: Record<string, string> = {}): Config {
  const fastPath = process.env.FCM_H2_BIND_FAST_PATH;
  return loadConfig({
    BEACON_SECRET_KEY: 'cd'.repeat(32),
    LOG_LEVEL: 'silent',
    ...(fastPath === undefined ? {} : { FCM_H2_BIND_FAST_PATH: fastPath }),
    ...env,
  });
}

/** `--name value` as a number, or the default. */
export function numArg(name: string, def: number): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return def;
  const v = Number(process.argv[i + 1]);
  if (!Number.isFinite(v)) throw new Error(`--${name} needs a number`);
  return v;
}

/** `--name value` as a string, or the default. */
export function strArg(name: string, def: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? def) : def;
}

export const load = (): number => Math.round(os.loadavg()[0]! * 100) / 100;
export const round = (n: number, digits = 2): number => Math.round(n * 10 ** digits) / 10 ** digits;
export const mb = (bytes: number): number => Math.round(bytes / 1048576);

/** A log line with the time and the machine's load average. */
export const say = (s: string): void =>
  console.log(`[${new Date().toISOString().slice(11, 19)} load ${load().toFixed(1)}] ${s}`);

/** The backends `--backend pglite|postgres|both` names (refused otherwise). */
export function backendsOf(arg: string): Array<'pglite' | 'postgres'> {
  const backends = arg === 'both' ? (['pglite', 'postgres'] as const) : [arg];
  if (backends.some((b) => b !== 'pglite' && b !== 'postgres'))
    throw new Error('--backend pglite|postgres|both');
  return backends as Array<'pglite' | 'postgres'>;
}

export interface EmulatorUrls {
  h2cUrl: string;
  http1Url: string;
}

/** The FCM emulator in a child process (h2c, no delivery store), resolved once it prints FCM_EMULATOR_READY. */
export function startEmulatorChild(): Promise<{ child: ChildProcess; urls: EmulatorUrls }> {
  const cli = path.join(root, 'packages/fcm-emulator/src/cli.ts');
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', cli, '--h2c-port', '0', '--tls-port', 'off', '--http1-port', '0', '--no-store'],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    const rl = createInterface({ input: child.stdout });
    rl.on('line', (line) => {
      const m = /^FCM_EMULATOR_READY (.*)$/.exec(line);
      if (m) resolve({ child, urls: JSON.parse(m[1]!) as EmulatorUrls });
    });
    child.on('exit', (code) => reject(new Error(`emulator exited with ${code}`)));
  });
}

/** A call to the emulator's control API (`/emulator/v1…`). */
export async function control<T>(base: string, method: string, p: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}/emulator/v1${p}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? null : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${p} → ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** CPU seconds used so far by a process (Linux /proc; 0 elsewhere). */
export function cpuSeconds(pid: number): number {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds of a process and its live children (e.g. a PostgreSQL postmaster and its backends). */
export function treeCpuSeconds(rootPid: number): number {
  let total = cpuSeconds(rootPid);
  try {
    // children that exited (a pool closing idle connections) count in the parent's cutime + cstime
    const f = readFileSync(`/proc/${rootPid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    total += (Number(f[13]) + Number(f[14])) / 100;
  } catch {
    /* gone */
  }
  try {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const f = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ');
        if (Number(f[1]) === rootPid) total += (Number(f[11]) + Number(f[12])) / 100;
      } catch {
        /* gone */
      }
    }
  } catch {
    /* no /proc */
  }
  return total;
}

export interface BenchDb {
  database: Database;
  /** postgres://… of the database (PostgreSQL only), for pg-boss's own pool */
  url: string | undefined;
  /** CPU seconds used so far by the database server (PostgreSQL: postmaster and backends; PGlite: 0, it is in-process) */
  serverCpu(): number;
  /** PostgreSQL: whether its shared buffers are in huge pages (`hugePagesFor`: a server given shared_buffers) */
  hugePages?: boolean;
  close(): Promise<void>;
}

/**
 * A phase's costliest statements since the last `pg_stat_statements_reset()` (a server started with the library
 * preloaded): server time and rows per sent message, the query's text on one line.
 */
export async function topStatementsPerSend(
  database: Pick<Database, 'query'>,
  n: number,
  sends: number,
): Promise<Array<{ query: string; calls: number; usPerSend: number; rowsPerSend: number }>> {
  const rows = await database.query<{ query: string; calls: number; ms: number; rows: number }>(
    `SELECT left(regexp_replace(query, '\\s+', ' ', 'g'), 160) AS query, calls::float8 AS calls,
       total_exec_time AS ms, rows::float8 AS rows
     FROM pg_stat_statements ORDER BY total_exec_time DESC LIMIT $1`,
    [n],
  );
  return rows.map((r) => ({
    query: r.query,
    calls: r.calls,
    usPerSend: round((r.ms * 1000) / Math.max(1, sends), 2),
    rowsPerSend: round(r.rows / Math.max(1, sends), 3),
  }));
}

/**
 * `openBenchDb` whose PostgreSQL server records its statements when `statements` (pg_stat_statements preloaded and
 * created), for `topStatementsPerSend`; otherwise the same database.
 */
export async function openStatementsDb(
  backend: 'pglite' | 'postgres',
  poolSize: number,
  statements: boolean,
  pgliteDir?: string,
): Promise<BenchDb> {
  const db = await openBenchDb(
    backend,
    poolSize,
    pgliteDir,
    statements ? { shared_preload_libraries: 'pg_stat_statements' } : {},
  );
  if (statements) await db.database.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  return db;
}

/** A migrated, empty database: PGlite in memory, or a throw-away PostgreSQL server from the machine's binaries. */
export async function openBenchDb(
  backend: 'pglite' | 'postgres',
  poolSize = 10,
  /** PGlite: its data directory (in memory without one), for a `beacon api` to open after the bench closes it */
  pgliteDir?: string,
  /** PostgreSQL: more server settings (`-c name=value`), e.g. shared_buffers */
  pgSettings: Record<string, string> = {},
): Promise<BenchDb> {
  if (backend === 'pglite') {
    const database = await openDatabase(pgliteDir ? { dataDir: pgliteDir } : {});
    await migrate(database);
    return {
      database,
      url: undefined,
      serverCpu: () => 0,
      hugePages: false,
      close: () => database.close(),
    };
  }
  const huge =
    pgSettings.shared_buffers && !pgSettings.huge_pages ? hugePagesFor(pgSettings.shared_buffers) : undefined;
  // a server that fails to start (pg_ctl throws) or cannot be started (no binaries) gives the kernel its huge pages back
  let server: PgServer | undefined;
  try {
    server = await startPgServer({ ...pgSettings, ...huge?.settings });
    if (!server) throw new Error('no PostgreSQL binaries on this machine (pg_ctl not found)');
  } catch (err) {
    huge?.restore();
    throw err;
  }
  try {
    const database = await openDatabase({ url: server.url, poolSize });
    await migrate(database);
    const [dir] = await database.query<{ setting: string }>(
      "SELECT setting FROM pg_settings WHERE name = 'data_directory'",
    );
    let postmaster = 0;
    try {
      postmaster = Number(
        readFileSync(path.join(dir?.setting ?? '', 'postmaster.pid'), 'utf8').split('\n')[0],
      );
    } catch {
      /* not readable: server CPU reported as 0 */
    }
    return {
      database,
      url: server.url,
      serverCpu: () => (postmaster ? treeCpuSeconds(postmaster) : 0),
      hugePages: huge?.hugePages ?? false,
      close: async () => {
        await database.close().catch(() => undefined);
        server.stop();
        huge?.restore();
      },
    };
  } catch (err) {
    server.stop();
    huge?.restore();
    throw err;
  }
}

export interface MemorySample {
  t: number;
  rss: number;
  heapUsed: number;
  /** heap used right after a forced full GC (every 20th sample): the live heap */
  liveHeap?: number;
  progress: number;
}

/** A full-GC function without --expose-gc on the command line (set once, then taken from a fresh context). */
function gcFunction(): (() => void) | undefined {
  try {
    v8.setFlagsFromString('--expose-gc');
    return vm.runInNewContext('gc') as () => void;
  } catch {
    return undefined;
  }
}

/** Samples this process's RSS and JS heap every `everyMs` while running; `progress()` tags each sample. */
export class MemorySampler {
  readonly samples: MemorySample[] = [];
  private timer: NodeJS.Timeout | undefined;
  private readonly t0 = performance.now();

  constructor(private readonly progress: () => number) {}

  start(everyMs = 250): void {
    const gc = gcFunction();
    let n = 0;
    const take = (): void => {
      const m = process.memoryUsage();
      const sample: MemorySample = {
        t: performance.now() - this.t0,
        rss: m.rss,
        heapUsed: m.heapUsed,
        progress: this.progress(),
      };
      if (gc && n++ % 20 === 0) {
        gc();
        sample.liveHeap = process.memoryUsage().heapUsed;
      }
      this.samples.push(sample);
    };
    take();
    this.timer = setInterval(take, everyMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** Peaks, and the heap and RSS peaks of each half of the run (by progress): "flat" when the second half adds < 64 MB. */
  summary(): {
    peakRssMb: number;
    peakHeapMb: number;
    firstHalf: { rssMb: number; heapMb: number; liveHeapMb: number };
    secondHalf: { rssMb: number; heapMb: number; liveHeapMb: number };
    liveHeapMbByTenth: number[];
    heapFlat: boolean;
    rssFlat: boolean;
  } {
    const max = (xs: MemorySample[], k: 'rss' | 'heapUsed' | 'liveHeap'): number =>
      xs.reduce((m, s) => Math.max(m, s[k] ?? 0), 0);
    const half = (xs: MemorySample[]) => ({
      rssMb: mb(max(xs, 'rss')),
      heapMb: mb(max(xs, 'heapUsed')),
      liveHeapMb: mb(max(xs, 'liveHeap')),
    });
    const first = half(this.samples.filter((s) => s.progress < 0.5));
    const second = half(this.samples.filter((s) => s.progress >= 0.5));
    const live = this.samples.filter((s) => s.liveHeap !== undefined);
    const byTenth = Array.from({ length: 10 }, (_, k) =>
      mb(
        max(
          live.filter((s) => s.progress >= k / 10 && s.progress < (k + 1) / 10),
          'liveHeap',
        ),
      ),
    );
    const heapKey = live.length ? 'liveHeapMb' : 'heapMb';
    return {
      peakRssMb: mb(max(this.samples, 'rss')),
      peakHeapMb: mb(max(this.samples, 'heapUsed')),
      firstHalf: first,
      secondHalf: second,
      liveHeapMbByTenth: byTenth,
      heapFlat: second[heapKey] - first[heapKey] < 64,
      rssFlat: second.rssMb - first.rssMb < 64,
    };
  }
}

/** Percentile (nearest rank) of a list of numbers. */
export function percentile(xs: readonly number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return 0;
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}

/**
 * The shipped app (buildApp) on a bench database, with no mail and no delivery workers unless `runWorkers`, and its
 * super admin owner@bench.test; `env` adds to the configuration (FCM_BASE_URL, …).
 */
export async function buildBenchApp(
  db: BenchDb,
  opts: { database?: Database; env?: Record<string, string>; runWorkers?: boolean } = {},
) {
  const config = benchConfig({
    PUBLIC_URL: 'http://beacon.bench',
    ...opts.env,
    ...(db.url ? { DATABASE_URL: db.url } : {}),
  });
  const built = await buildApp({
    config,
    database: opts.database ?? db.database,
    logger: false,
    mailer: { send: async () => undefined },
    runWorkers: opts.runWorkers ?? false,
  });
  await built.services.users.upsertAdmin('owner@bench.test', 'Owner#2024', 150);
  const owner = (await built.repos.users.findByEmail('owner@bench.test'))!;
  return { config, built, owner };
}

/**
 * The runs an earlier results/<out>.json kept for the backends this run does not measure (a run of one backend keeps
 * the other backend's run; each run has its date); makes the results folder. Returns the file and those runs.
 */
export function keptRuns(out: string, backends: readonly string[]): { file: string; kept: unknown[] } {
  mkdirSync(path.join(here, 'results'), { recursive: true });
  const file = path.join(here, `results/${out}.json`);
  const kept = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as { runs: Array<{ backend: string }> }).runs.filter(
        (r) => !backends.includes(r.backend),
      )
    : [];
  return { file, kept };
}
