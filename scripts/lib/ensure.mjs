// Bootstrap helpers for npm start / npm test / npm run beacon: plain Node, no dependencies, so they run on a
// fresh clone before anything is installed.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function log(msg) {
  process.stdout.write(`[beacon] ${msg}\n`);
}

export function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...opts });
  if (res.error) throw res.error;
  return res.status ?? 1;
}

function newest(paths) {
  let max = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      if (p.endsWith('node_modules') || p.endsWith(`${path.sep}dist`)) return;
      for (const e of readdirSync(p)) walk(path.join(p, e));
    } else if (st.mtimeMs > max) max = st.mtimeMs;
  };
  for (const p of paths) walk(path.join(root, p));
  return max;
}

function mtime(p) {
  const full = path.join(root, p);
  return existsSync(full) ? statSync(full).mtimeMs : 0;
}

/** Installs dependencies when node_modules is missing or older than the lock file. */
export function ensureDependencies() {
  const marker = 'node_modules/.package-lock.json';
  if (existsSync(path.join(root, marker)) && mtime(marker) >= mtime('package-lock.json')) return;
  log('installing dependencies (npm ci)…');
  if (run('npm', ['ci', '--no-audit', '--no-fund']) !== 0) throw new Error('npm ci failed');
}

const SERVER_INPUTS = [
  'apps/server/src',
  'apps/server/build.mjs',
  'apps/server/package.json',
  'packages/shared/src',
  'packages/fcm-emulator/src',
];
const CONSOLE_INPUTS = [
  'apps/console/src',
  'apps/console/index.html',
  'apps/console/vite.config.ts',
  'apps/console/public',
  'packages/shared/src',
];

/** Rebuilds the server bundle and the console when a source file is newer than the build. */
export function buildIfStale({ force = false } = {}) {
  if (force || newest(SERVER_INPUTS) > mtime('apps/server/dist/cli.mjs')) {
    log('building the server…');
    if (run('npm', ['run', 'build', '-w', '@beacon/server', '--silent']) !== 0)
      throw new Error('server build failed');
  }
  if (force || newest(CONSOLE_INPUTS) > mtime('apps/console/dist/index.html')) {
    log('building the console…');
    if (run('npm', ['run', 'build', '-w', '@beacon/console', '--silent']) !== 0)
      throw new Error('console build failed');
  }
}

/**
 * Node flags of the Beacon server process (npm start) and of the benchmarks, which run the same engine in-process.
 * A 64 MB young generation: a broadcast allocates a request, an answer and a record per device, all short-lived; with
 * node's default semi-space they were scavenged twice as often and the sender spent ≈ 10 % of its CPU in GC.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'];

/**
 * The embedded default (no DATABASE_URL: PGlite in the process) is one process on a user's machine, where memory
 * matters more than the last percent of throughput (PGlite's single thread is the bound there anyway): a 16 MB
 * young generation, and an old generation that grows by 30 % of what a full collection left rather than V8's
 * up-to-4× — measured with the demo's 20,000-device fleet (docs/operations.md, Memory of the embedded database):
 * 868 → 557 MB resident after the first start's seeding, and a peak of 669 MB instead of 1.0–1.5 GB through a
 * 20,000-device broadcast.
 */
export const EMBEDDED_NODE_FLAGS = ['--max-semi-space-size=16', '--heap-growing-percent=30'];

/** The node flags for a Beacon server process on this environment's database. */
export function serverNodeFlags(env = process.env) {
  return env.DATABASE_URL ? SERVER_NODE_FLAGS : EMBEDDED_NODE_FLAGS;
}

export const CHROMIUM = '/usr/bin/chromium';

/** Installs Debian's Chromium for the browser tests when it is missing (root only). */
export function ensureChromium() {
  if (existsSync(CHROMIUM)) return true;
  if (process.getuid?.() !== 0) {
    log(`Chromium is missing at ${CHROMIUM}: install it with "apt-get install -y chromium"`);
    return false;
  }
  log('installing Chromium from Debian (apt-get)…');
  try {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } catch {
    return false;
  }
  return existsSync(CHROMIUM);
}
