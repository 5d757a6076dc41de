import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface PgServer {
  url: string;
  stop(): void;
  /** Stops the server (fast shutdown: its connections are closed) and starts it again on the same port and data. */
  restart(downMs?: number): Promise<void>;
  /** A streaming replica of this server (pg_basebackup), on another free port; stopped by its own `stop`. */
  startReplica?(): Promise<PgServer>;
  /** A replica's: promotes it to primary (pg_ctl promote, waiting until it accepts writes). */
  promote?(): Promise<void>;
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
  const run = (cmd: string, args: string[]) => {
    const full = path.join(bin, cmd);
    if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', full, ...args], { stdio: 'pipe' });
    else execFileSync(full, args, { stdio: 'pipe' });
  };
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
  const startReplica = async (): Promise<PgServer> => {
    const replicaDir = mkdtempSync(path.join(tmpdir(), 'beacon-pg-replica-'));
    chmodSync(replicaDir, 0o777);
    const replicaData = path.join(replicaDir, 'data');
    run('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(port),
      '-U',
      'postgres',
      '-D',
      replicaData,
      '-R',
      '-X',
      'stream',
      '--no-sync',
    ]);
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
      stop: () => {
        if (!existsSync(replicaData)) return; // stopped already
        try {
          run('pg_ctl', ['-D', replicaData, '-m', 'immediate', '-w', 'stop']);
        } finally {
          rmSync(replicaDir, { recursive: true, force: true });
        }
      },
    };
  };
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    startReplica,
    restart: async (downMs = 0) => {
      await runAsync('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
      await new Promise((r) => setTimeout(r, downMs));
      await runAsync('pg_ctl', start);
    },
    stop: () => {
      if (!existsSync(dataDir)) return; // stopped already
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
