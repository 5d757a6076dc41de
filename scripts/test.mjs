// npm test: lint, typecheck, build, then every Vitest project (unit, integration, the database tests on PGlite and
// on a real PostgreSQL server the harness starts, the browser tests in Chromium), with a summary of the counts.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { buildIfStale, ensureChromium, ensureDependencies, log, root, run } from './lib/ensure.mjs';

const started = Date.now();
const failures = [];
const step = (name, fn) => {
  log(`── ${name}`);
  const t = Date.now();
  const ok = fn();
  log(`${ok ? 'ok' : 'FAILED'}: ${name} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
  if (!ok) failures.push(name);
};

ensureDependencies();
step(
  'lint',
  () =>
    run('npx', ['eslint', '.', '--max-warnings=0']) === 0 &&
    run('npx', ['prettier', '--check', '.', '--log-level', 'warn']) === 0,
);
step('typecheck', () => run('npm', ['run', 'typecheck', '--workspaces', '--if-present', '--silent']) === 0);
step('build', () => {
  try {
    buildIfStale({ force: true });
    return true;
  } catch {
    return false;
  }
});
const browser = ensureChromium();
if (!browser) failures.push('chromium install');

const report = path.join(root, '.tmp', 'vitest-report.json');
mkdirSync(path.dirname(report), { recursive: true });
rmSync(report, { force: true });
step(
  'vitest',
  () =>
    run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], {
      env: {
        ...process.env,
        BEACON_TEST_REQUIRE_PG: '1',
        BEACON_TEST_REQUIRE_BROWSER: '1',
        FORCE_COLOR: '0',
      },
    }) === 0,
);

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
      if (tag) groups[tag][ok ? 0 : 1]++;
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
