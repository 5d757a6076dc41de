// `beacon api` from the bundle npm start runs, as a child process on a bench's database (bench/ingest.ts,
// bench/recovery.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { EMBEDDED_NODE_FLAGS, SERVER_NODE_FLAGS } from '../../scripts/lib/ensure.mjs';
import { freePort, root } from './harness';

/** The secret key the bench's API processes run with. */
export const BENCH_SECRET_KEY = 'cd'.repeat(32);

/**
 * `beacon api --processes n` (or `beacon serve`) as `npm start` runs it (the bundle, dist/cli.mjs, built afresh here, with the same node
 * flags), on the bench's database: PostgreSQL's URL, or PGlite's data folder (`DATA_DIR`, whose `pglite` the bench
 * seeded and closed); resolves once it answers.
 */
export async function startApi(
  db: { url: string } | { dataDir: string },
  n: number,
  env: Record<string, string> = {},
  /** `serve`: the API and the workers in one process (what applies a log of the device events) */
  command: 'api' | 'serve' = 'api',
): Promise<{ port: number; pid: number; stop(): Promise<void> }> {
  const port = await freePort();
  const extra = process.env.BENCH_SERVER_NODE_OPTIONS?.split(/\s+/).filter(Boolean) ?? [];
  const child: ChildProcess = spawn(
    process.execPath,
    [
      ...('url' in db ? SERVER_NODE_FLAGS : EMBEDDED_NODE_FLAGS),
      ...extra,
      '--enable-source-maps',
      'dist/cli.mjs',
      command,
      '--processes',
      String(n),
    ],
    {
      cwd: path.join(root, 'apps/server'),
      env: {
        ...process.env,
        ...('url' in db ? { DATABASE_URL: db.url } : { DATA_DIR: db.dataDir }),
        PORT: String(port),
        HOST: '127.0.0.1',
        BEACON_SECRET_KEY: BENCH_SECRET_KEY,
        BEACON_DEMO: '0',
        LOG_LEVEL: 'warn',
        // several processes need an outside FCM; the device API never calls it
        FCM_BASE_URL: 'http://127.0.0.1:9',
        // the group commit's batch sizes and flush durations, read after each run (one process: its own figures)
        METRICS: '1',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`beacon api exited ${child.exitCode}:\n${out}`);
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.status === 200,
      () => false,
    );
    // every worker listens before the banner; with several, wait for the banner's URL line too
    if (ok && (n === 1 || /http:\/\//.test(out))) break;
    if (Date.now() > deadline) throw new Error(`beacon api did not answer in 120 s:\n${out}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    port,
    pid: child.pid!,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
