import { existsSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

/**
 * The console's initial JavaScript, read from the build (npm test builds it before Vitest runs): what a browser loads
 * before anything shows, whatever the route — index.html's module script, its modulepreloads and everything those
 * import statically. Budget (Hardening, item 8): 250 kB gzip (zlib's default level, as `vite build` reports; kB =
 * 1000 bytes), and no echarts — the charts load with the statistics screens only. `npm run bench -- bundle` reports
 * the same set with every route's chunks.
 */
const BUDGET_BYTES = 250_000;
/** A key echarts' core puts on every chart's element: in any chunk that holds echarts, minified or not. */
const ECHARTS_MARK = '_echarts_instance_';

const dist =
  process.env.BEACON_CONSOLE_DIST ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const built = existsSync(path.join(dist, 'index.html'));
// npm test builds the console first and sets this; run alone without a build, the check is skipped, not passed
const required = process.env.BEACON_TEST_REQUIRE_BROWSER === '1';

/** index.html's scripts and modulepreloads, and what they import statically (`import … from"./x.js"`, `import"./x.js"`). */
function initialScripts(root: string): string[] {
  const html = readFileSync(path.join(root, 'index.html'), 'utf8');
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const code = readFileSync(path.join(root, file), 'utf8');
    // static imports only: a dynamic import( … ) and Vite's preload lists of lazy chunks are not followed
    for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.\.?\/[^"']+\.js)["']/g))
      visit(path.posix.join(path.posix.dirname(file), m[1]!));
  };
  const tags = html.matchAll(
    /<(?:script\b[^>]*\btype="module"[^>]*\bsrc|link\b[^>]*\brel="modulepreload"[^>]*\bhref)="\/?([^"]+\.js)"/g,
  );
  for (const m of tags) visit(m[1]!);
  return [...files];
}

describe.skipIf(!built && !required)('the console’s initial JavaScript (built console)', () => {
  it('is built', () => {
    expect(built, `${dist}/index.html: run npm run build -w @beacon/console`).toBe(true);
  });

  it.runIf(built)('stays within 250 kB gzip and holds no echarts', () => {
    const files = initialScripts(dist);
    const sizes = files.map((file) => {
      const code = readFileSync(path.join(dist, file));
      return { file, gzip: gzipSync(code).length, echarts: code.includes(ECHARTS_MARK) };
    });
    const total = sizes.reduce((sum, s) => sum + s.gzip, 0);
    const listing = sizes.map((s) => `${s.file} ${(s.gzip / 1000).toFixed(1)} kB`).join(', ');
    expect(files.length, 'index.html loads no module script').toBeGreaterThan(0);
    expect
      .soft(total, `initial JS ${(total / 1000).toFixed(1)} kB gzip: ${listing}`)
      .toBeLessThanOrEqual(BUDGET_BYTES);
    expect(
      sizes.filter((s) => s.echarts).map((s) => s.file),
      'echarts in the initial JS',
    ).toEqual([]);
  });
});

describe('the initial set', () => {
  it('is index.html’s script, its modulepreloads and their static imports, not the lazy chunks', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'beacon-initial-'));
    try {
      mkdirSync(path.join(root, 'assets'));
      const write = (file: string, text: string) => writeFileSync(path.join(root, file), text);
      write(
        'index.html',
        '<script type="module" crossorigin src="/assets/index-a.js"></script>' +
          '<link rel="modulepreload" crossorigin href="/assets/react-b.js"><link rel="icon" href="/favicon.svg">',
      );
      write(
        'assets/index-a.js',
        'import{r}from"./react-b.js";import"./side-c.js";const s=()=>import("./stats-d.js");' +
          'const p=__vitePreload(()=>import("./route-e.js"),["assets/route-e.js","assets/stats-d.js"]);',
      );
      write('assets/react-b.js', 'export const r=1;');
      write('assets/side-c.js', 'import{x}from "./shared-f.js";');
      write('assets/shared-f.js', 'export const x=1;');
      write('assets/stats-d.js', `const k="${ECHARTS_MARK}";`);
      write('assets/route-e.js', 'export default 1;');
      expect(initialScripts(root).sort()).toEqual([
        'assets/index-a.js',
        'assets/react-b.js',
        'assets/shared-f.js',
        'assets/side-c.js',
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
