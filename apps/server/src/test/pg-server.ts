import { execFile, execFileSync, spawnSync } from 'node:child_process';
import {
  appendFileSync,
  chmodSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { until } from './until';

export interface PgServer {
  url: string;
  stop(): void;
  /** Stops the server (fast shutdown: its connections are closed) and starts it again on the same port and data. */
  restart(downMs?: number): Promise<void>;
  /** A streaming replica of this server (pg_basebackup), on another free port; stopped by its own `stop`. */
  startReplica?(): Promise<PgServer>;
  /** A replica's: promotes it to primary (pg_ctl promote, waiting until it accepts writes). */
  promote?(): Promise<void>;
  /**
   * A base backup of this server (pg_basebackup, its WAL streamed in, an immediate checkpoint first), in a folder of
   * its own that the caller removes; what startRestoredPgServer starts from.
   */
  baseBackup?(): string;
}

function binDir(): string | undefined {
  const candidates = [
    '/usr/lib/postgresql/17/bin',
    '/usr/lib/postgresql/16/bin',
    '/usr/lib/postgresql/15/bin',
  ];
  const found = candidates.find((d) => existsSync(path.join(d, 'pg_ctl')));
  if (found) return found;
  const which = spawnSync('sh', ['-c', 'command -v pg_ctl'], { encoding: 'utf8' });
  return which.status === 0 ? path.dirname(which.stdout.trim()) : undefined;
}

/** Runs a PostgreSQL binary of `bin` to its end (as the `postgres` user when root: the server refuses root). */
function runner(bin: string): (cmd: string, args: string[]) => void {
  const asRoot = process.getuid?.() === 0;
  return (cmd, args) => {
    const full = path.join(bin, cmd);
    if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', full, ...args], { stdio: 'pipe' });
    else execFileSync(full, args, { stdio: 'pipe' });
  };
}

/** Stops the server of `dataDir` at once and removes `dir`, its folder (nothing when stopped already). */
function stopper(run: (cmd: string, args: string[]) => void, dataDir: string, dir: string): () => void {
  return () => {
    if (!existsSync(dataDir)) return; // stopped already
    try {
      run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}

/** A port free on 127.0.0.1 right now (the OS picks it; closed again before it is returned). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Starts a throw-away PostgreSQL server from the machine's binaries, on 127.0.0.1 and a free port, in a
 * temporary folder. As root it runs as the `postgres` user (the server refuses root). Returns undefined when
 * no PostgreSQL binaries are installed.
 */
export async function startPgServer(
  /** more server settings (`-c name=value`), e.g. a benchmark's shared_buffers */
  settings: Record<string, string> = {},
): Promise<PgServer | undefined> {
  const bin = binDir();
  if (!bin) return undefined;
  const dir = mkdtempSync(path.join(tmpdir(), 'beacon-pg-'));
  chmodSync(dir, 0o777);
  const dataDir = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  const run = runner(bin);
  run('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-locale', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200${Object.entries(
    settings,
  )
    .map(([k, v]) => ` -c ${k}=${v}`)
    .join('')}`;
  const start = ['-D', dataDir, '-o', opts, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', 'start'];
  run('pg_ctl', start);
  // asynchronously, so that the processes using the server go on running while it is down
  const runAsync = (cmd: string, args: string[]) =>
    new Promise<void>((resolve, reject) => {
      const full = path.join(bin, cmd);
      const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', full, ...args]] : [full, args];
      execFile(file, argv, (err) => (err ? reject(new Error(`${cmd} failed`, { cause: err })) : resolve()));
    });
  /** pg_basebackup of this server into `into`, its WAL streamed in. */
  const basebackup = (into: string, extra: string[]) =>
    run('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(port),
      '-U',
      'postgres',
      '-D',
      into,
      '-X',
      'stream',
      ...extra,
    ]);
  const baseBackup = (): string => {
    const backupDir = mkdtempSync(path.join(tmpdir(), 'beacon-pg-backup-'));
    chmodSync(backupDir, 0o777);
    basebackup(path.join(backupDir, 'data'), ['-c', 'fast']);
    return backupDir;
  };
  const startReplica = async (): Promise<PgServer> => {
    const replicaDir = mkdtempSync(path.join(tmpdir(), 'beacon-pg-replica-'));
    chmodSync(replicaDir, 0o777);
    const replicaData = path.join(replicaDir, 'data');
    basebackup(replicaData, ['-R', '--no-sync']);
    const replicaPort = await freePort();
    const replicaOpts = `-p ${replicaPort} -k ${replicaDir} -c listen_addresses=127.0.0.1 -c hot_standby=on -c max_connections=200`;
    const replicaStart = [
      '-D',
      replicaData,
      '-o',
      replicaOpts,
      '-l',
      path.join(replicaDir, 'server.log'),
      '-w',
      '-t',
      '60',
      'start',
    ];
    run('pg_ctl', replicaStart);
    return {
      url: `postgres://postgres@127.0.0.1:${replicaPort}/postgres`,
      restart: async (downMs = 0) => {
        await runAsync('pg_ctl', ['-D', replicaData, '-m', 'fast', '-w', 'stop']);
        await new Promise((r) => setTimeout(r, downMs));
        await runAsync('pg_ctl', replicaStart);
      },
      promote: () => runAsync('pg_ctl', ['-D', replicaData, '-w', 'promote']),
      stop: stopper(run, replicaData, replicaDir),
    };
  };
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    startReplica,
    baseBackup,
    restart: async (downMs = 0) => {
      await runAsync('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
      await new Promise((r) => setTimeout(r, downMs));
      await runAsync('pg_ctl', start);
    },
    stop: stopper(run, dataDir, dir),
  };
}

/**
 * The "server is lost" recovery (docs/scaling.md, "High availability and recovery"): a new server started from a base
 * backup (PgServer.baseBackup's folder, which it takes over and removes when stopped), replaying the archived WAL that
 * `restoreCommand` fetches up to `targetTime` (point-in-time recovery), then promoted; resolves once it accepts writes.
 */
export async function startRestoredPgServer(
  backupDir: string,
  o: { restoreCommand: string; targetTime: string },
): Promise<PgServer> {
  const bin = binDir();
  if (!bin) throw new Error('no PostgreSQL binaries on this machine');
  const run = runner(bin);
  const dataDir = path.join(backupDir, 'data');
  const conf = [
    `restore_command = '${o.restoreCommand}'`,
    `recovery_target_time = '${o.targetTime}'`,
    `recovery_target_action = 'promote'`,
    // the backup's own settings of the lost server (its archiving) are not the new one's
    `archive_mode = off`,
  ];
  appendFileSync(path.join(dataDir, 'postgresql.auto.conf'), `\n${conf.join('\n')}\n`);
  writeFileSync(path.join(dataDir, 'recovery.signal'), '');
  if (process.getuid?.() === 0) execFileSync('chown', ['-R', 'postgres', dataDir]);
  const port = await freePort();
  const opts = `-p ${port} -k ${backupDir} -c listen_addresses=127.0.0.1 -c max_connections=200`;
  const log = path.join(backupDir, 'server.log');
  try {
    run('pg_ctl', ['-D', dataDir, '-o', opts, '-l', log, '-w', '-t', '120', 'start']);
  } catch (err) {
    // pg_ctl only says "Examine the log output", and the folder goes with the test: the log's end says why
    const tail = existsSync(log) ? readFileSync(log, 'utf8').split('\n').slice(-15).join('\n') : '(no log)';
    throw new Error(`${(err as Error).message}\nserver.log:\n${tail}`);
  }
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const stop = stopper(run, dataDir, backupDir);
  // recovery ends at the target and promotes: until then the server answers read-only
  const inRecovery = async () => {
    const client = new pg.Client({ connectionString: url });
    return client
      .connect()
      .then(() => client.query<{ r: boolean }>('SELECT pg_is_in_recovery() AS r'))
      .then((res) => res.rows[0]?.r ?? true)
      .catch(() => true)
      .finally(() => client.end().catch(() => undefined));
  };
  await until('the restored server out of recovery', inRecovery, (r) => !r, 120_000, 100).catch(
    (err: unknown) => {
      stop();
      throw err;
    },
  );
  return {
    url,
    stop,
    restart: () => Promise.reject(new Error('not for a restored server')),
  };
}
