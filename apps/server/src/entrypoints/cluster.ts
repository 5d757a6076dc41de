import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import type { Config } from '../config';
import { buildApp } from '../app';
import { createLogger, openAndMigrate } from './runtime';
import { databaseLine, firstAdminEmail, firstAdminLines } from './serve';
import { secretKeyWarning } from './secret-key-warning';

/** The most processes `--processes` (BEACON_PROCESSES) accepts. */
export const MAX_PROCESSES = 256;

/** A worker that lived this long before dying is restarted after the shortest delay again. */
const STABLE_MS = 60_000;
/** Restart delays: 1 s, doubling at each quick death, at most 30 s. */
const RESTART_MIN_MS = 1000;
const RESTART_MAX_MS = 30_000;
/** How long the workers have to stop after SIGTERM (each drains its own work within 45 s) before they are killed. */
const STOP_TIMEOUT_MS = 60_000;

/** A wrong `--processes`: the CLI prints it and exits with status 2, like a usage error. */
export class ProcessesError extends Error {}

/**
 * How many processes `beacon serve|api` runs: `--processes N`, else BEACON_PROCESSES, else the default — one per
 * core (os.availableParallelism()) on PostgreSQL with an outside FCM, and 1 otherwise. More than one needs
 * DATABASE_URL (PGlite is embedded in one process) and FCM_BASE_URL (the built-in FCM sandbox — emulator and
 * simulated devices — lives in one process); asking for more without them is refused, naming the flag.
 */
export function resolveProcesses(
  flag: string | undefined,
  config: Pick<Config, 'processes' | 'databaseUrl' | 'fcmBaseUrl'>,
  cores: number = availableParallelism(),
): number {
  let asked: number | undefined = config.processes;
  if (flag !== undefined) {
    asked = Number(flag);
    if (!/^\d+$/.test(flag.trim()) || !Number.isInteger(asked) || asked < 1 || asked > MAX_PROCESSES)
      throw new ProcessesError(`--processes must be a whole number from 1 to ${MAX_PROCESSES}`);
  }
  if (asked === undefined) return config.databaseUrl && config.fcmBaseUrl ? Math.max(1, cores) : 1;
  if (asked > 1 && !config.databaseUrl)
    throw new ProcessesError(
      `--processes ${asked} (BEACON_PROCESSES) needs DATABASE_URL: PGlite is embedded in one process, so Beacon ` +
        'runs 1 process on it; set DATABASE_URL to a PostgreSQL server to run several',
    );
  if (asked > 1 && !config.fcmBaseUrl)
    throw new ProcessesError(
      `--processes ${asked} (BEACON_PROCESSES) needs FCM_BASE_URL: the built-in FCM sandbox (emulator and ` +
        'simulated devices) lives in one process; set FCM_BASE_URL to the FCM (or an emulator) to run several',
    );
  return asked;
}

/**
 * The primary of `beacon serve|api --processes N` (node:cluster). It migrates the database and makes the first
 * super admin once, before forking; then forks N workers (serve.ts with clusterWorker) that share the listening
 * port (the primary accepts and hands connections round-robin), prints the banner once they all listen, restarts a
 * worker that dies (after 1 s, doubling while it keeps dying quickly, at most 30 s), and on SIGTERM/SIGINT stops
 * them all gracefully (each drains as one `beacon serve` does) and exits 0 when they all did.
 *
 * A worker that dies before all of them first listened (a bad port, an unreachable database) stops the start:
 * the primary stops the others and exits 1.
 */
export async function runCluster(config: Config, role: 'serve' | 'api', processes: number): Promise<void> {
  const log = createLogger(config);
  const keyWarning = secretKeyWarning(config, config.nodeEnv);
  if (keyWarning) log.warn({ dataDir: config.dataDir }, keyWarning);
  // once, here: N workers never migrate concurrently, and the first admin's password is generated (and shown) once
  const { database } = await openAndMigrate(config, log);
  let first: Awaited<ReturnType<typeof ensureAdmin>>;
  let databaseKind: string;
  try {
    first = await ensureAdmin(config, database);
    databaseKind = databaseLine(config, database);
  } finally {
    await database.close();
  }

  interface Slot {
    worker: Worker;
    startedAt: number;
    quickDeaths: number;
    listening: boolean;
    restart?: NodeJS.Timeout;
  }
  const slots: Slot[] = [];
  let started = false;
  let stopping = false;

  const fork = (index: number, quickDeaths: number) => {
    const worker = cluster.fork({ BEACON_WORKER_INDEX: String(index) });
    const slot: Slot = { worker, startedAt: Date.now(), quickDeaths, listening: false };
    slots[index] = slot;
    worker.once('listening', () => {
      slot.listening = true;
      if (!started && slots.length === processes && slots.every((s) => s.listening)) {
        started = true;
        const pids = slots.map((s) => s.worker.process.pid).join(', ');
        const lines = [
          '',
          `  Beacon (${role}) is running: ${config.publicUrl}`,
          `  processes: ${processes} (pids ${pids}; primary ${process.pid})`,
          databaseKind,
          `  FCM: ${config.fcmBaseUrl}`,
          ...firstAdminLines(config, first),
        ];
        process.stdout.write(`${lines.join('\n')}\n\n`);
      }
    });
    worker.once('exit', (code, signal) => {
      if (stopping) return;
      const pid = worker.process.pid;
      if (!started) {
        log.error({ worker: pid, code, signal }, 'a worker process stopped before Beacon started; stopping');
        void stop('start failed', 1);
        return;
      }
      const deaths = Date.now() - slot.startedAt >= STABLE_MS ? 0 : slot.quickDeaths + 1;
      const delay = Math.min(RESTART_MAX_MS, RESTART_MIN_MS * 2 ** Math.max(0, deaths - 1));
      log.error({ worker: pid, code, signal, restartInMs: delay }, 'a worker process died; restarting it');
      slot.restart = setTimeout(() => {
        if (!stopping) fork(index, deaths);
      }, delay);
    });
  };

  const stop = async (reason: string, failed = 0) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal: reason }, 'shutting down the worker processes');
    const live = slots.filter((s) => {
      if (s.restart) clearTimeout(s.restart);
      return !s.worker.isDead();
    });
    const codes = await Promise.all(
      live.map(
        (s) =>
          new Promise<number>((resolve) => {
            const { worker } = s;
            const kill = setTimeout(() => worker.process.kill('SIGKILL'), STOP_TIMEOUT_MS);
            worker.once('exit', (code, signal) => {
              clearTimeout(kill);
              resolve(code === 0 && !signal ? 0 : 1);
            });
            // each worker drains as `beacon serve` does on SIGTERM (serve.ts)
            worker.process.kill('SIGTERM');
          }),
      ),
    );
    process.exit(failed || Math.max(0, ...codes));
  };
  process.once('SIGINT', (s) => void stop(s));
  process.once('SIGTERM', (s) => void stop(s));

  for (let i = 0; i < processes; i++) fork(i, 0);
}

/** The first super admin (when there is none), through the users service of a short-lived app. */
async function ensureAdmin(config: Config, database: Parameters<typeof buildApp>[0]['database']) {
  const { app, services } = await buildApp({ config, database, logger: false });
  try {
    return await services.users.ensureFirstAdmin(firstAdminEmail(config), config.admin.password);
  } finally {
    await app.close();
  }
}
