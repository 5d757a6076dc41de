// npm test: the build, then every Vitest project (unit, integration, the database tests on PGlite and on a real
// PostgreSQL server the harness starts, the browser tests in Chromium), with lint and typecheck beside them; a summary
// of the counts at the end.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { CHROMIUM, ensureDependencies, log, root } from './lib/ensure.mjs';

const started = Date.now();
const failures = [];
/** Runs a command with its output held back and printed at once when it ends; true when it succeeded. */
const runCaptured = (cmd, args) =>
  new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
    child.on('error', (err) => {
      out.push(Buffer.from(String(err)));
      resolve(false);
    });
    child.on('close', (code) => {
      process.stdout.write(Buffer.concat(out));
      resolve(code === 0);
    });
  });
const stepAsync = async (name, fn) => {
  const t = Date.now();
  const ok = await fn();
  log(`${ok ? 'ok' : 'FAILED'}: ${name} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
  if (!ok) failures.push(name);
};

ensureDependencies();
// Everything here is CPU-bound on two cores. The build comes first (the browser and CLI tests run what it makes), with
// Chromium installed meanwhile (apt-get mostly waits on the network); then the tests. Typecheck (≈ 90 s of CPU since
// its one program, 2026-12-05) and lint (eslint ≈ 200 s, prettier ≈ 50 s) run beside all of it at the lowest priority
// (nice 19): they take the CPU the tests leave, and the tests leave some (a full run used 1.3 of the two cores on
// average; the browser tests about one). Run before the tests, typecheck alone held them back by six minutes. Each step
// prints its output and its time when it is done: in a full run on an idle machine (2026-12-05, 1,184 s in all) both
// were done before the tests (typecheck at 540 s, lint at 830 s of wall time, the tests at 1,154 s).
const buildWorkspace = (ws) => runCaptured('npm', ['run', 'build', '-w', ws, '--silent']);
const niced = (cmd, args) => runCaptured('nice', ['-n', '19', cmd, ...args]);
const checked = Promise.all([
  stepAsync('lint', async () => {
    // eslint and prettier side by side: at nice 19 most of their work waits for the tests' end, when one process alone
    // left a core idle (a full run: lint done 147 s after the tests, eslint then prettier). eslint's own --concurrency 2
    // was no better: 165 s against 195 s alone, for 312 s of CPU against 195 (each thread builds the type program)
    const [eslint, prettier] = await Promise.all([
      // typed linting of the whole tree outgrew Node's default heap (an out-of-memory abort on 2026-12-03)
      niced('node', [
        '--max-old-space-size=8192',
        'node_modules/eslint/bin/eslint.js',
        '.',
        '--max-warnings=0',
      ]),
      niced('npx', ['prettier', '--check', '.', '--log-level', 'warn']),
    ]);
    return eslint && prettier;
  }),
  // the root script: the workspaces with the base options as one program (tsconfig.node.json), then the console and
  // the journeys
  stepAsync('typecheck', () => niced('npm', ['run', 'typecheck', '--silent'])),
]);
let browser = false;
await Promise.all([
  stepAsync(
    'build',
    async () => (await buildWorkspace('@beacon/server')) && (await buildWorkspace('@beacon/console')),
  ),
  (async () => {
    browser =
      existsSync(CHROMIUM) ||
      (await runCaptured(process.execPath, [
        '--input-type=module',
        '-e',
        "import('./scripts/lib/ensure.mjs').then((m) => process.exit(m.ensureChromium() ? 0 : 1))",
      ]));
  })(),
]);
if (!browser) failures.push('chromium install');

const report = path.join(root, '.tmp', 'vitest-report.json');
mkdirSync(path.dirname(report), { recursive: true });
rmSync(report, { force: true });
log('── vitest');
await stepAsync(
  'vitest',
  () =>
    new Promise((resolve) => {
      const args = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
      const child = spawn('npx', args, {
        cwd: root,
        stdio: 'inherit',
        env: {
          ...process.env,
          BEACON_TEST_REQUIRE_PG: '1',
          BEACON_TEST_REQUIRE_BROWSER: '1',
          // the tests that start `beacon` processes run the bundle just built (apps/server/src/test/cli.ts)
          BEACON_TEST_CLI: 'dist',
          // the journeys' ~140 full-page screenshots are for a person looking (npx vitest run --project e2e)
          BEACON_SCREENSHOTS: process.env.BEACON_SCREENSHOTS ?? '0',
          FORCE_COLOR: '0',
        },
      });
      child.on('error', () => resolve(false));
      child.on('close', (code) => resolve(code === 0));
    }),
);
await checked;

let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync(report)) {
  const data = JSON.parse(readFileSync(report, 'utf8'));
  const groups = { 'PostgreSQL server': [0, 0], PGlite: [0, 0], 'browser (Chromium)': [0, 0] };
  for (const file of data.testResults) {
    const isE2e = file.name.includes(`${path.sep}e2e${path.sep}`);
    for (const t of file.assertionResults) {
      const ok = t.status === 'passed';
      if (ok) passed++;
      else if (t.status === 'failed') failed++;
      else skipped++;
      const name = [...t.ancestorTitles, t.title].join(' ');
      // describe.each titles carry the backend as [postgres] or ['postgres']
      const tag = isE2e
        ? 'browser (Chromium)'
        : /\['?postgres'?\]/.test(name)
          ? 'PostgreSQL server'
          : /\['?pglite'?\]/.test(name)
            ? 'PGlite'
            : undefined;
      // a test skipped on one backend (it needs two connections, say) is neither passed nor failed there
      if (tag && (ok || t.status === 'failed')) groups[tag][ok ? 0 : 1]++;
    }
  }
  log('── summary');
  for (const [name, [ok, bad]] of Object.entries(groups)) log(`${name} tests: ${ok} passed, ${bad} failed`);
  if (groups['PostgreSQL server'][0] === 0) failures.push('no PostgreSQL-server test ran');
  if (groups['browser (Chromium)'][0] === 0) failures.push('no browser test ran');
} else {
  failures.push('no vitest report');
}
log(
  `steps failed: ${failures.length ? failures.join(', ') : 'none'} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
);
process.stdout.write(
  `\n${passed} passed, ${failed + failures.length} failed${skipped ? `, ${skipped} skipped` : ''}\n`,
);
process.exit(failures.length || failed ? 1 : 0);
