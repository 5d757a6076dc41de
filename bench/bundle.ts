// Console bundle size: what the first page loads, gzipped, against the budgets — initial JS ≤ 250 kB without echarts
// (Hardening item 8), first page with a language pack ≤ 300 kB (issue 11) — and the bytes a first visit moves on the
// wire, served by the server's own static plugin uncompressed, in gzip and in br (Hardening item 7).
// Run: npm run bench -- bundle [--dist <dir>] [--target-kb 300] [--initial-kb 250] [--no-save]
// The budget covers what every visit loads before its first render, whatever the route: the JS index.html loads
// (entry script, modulepreloads, anything they import statically) and, for a zh or fr visitor, that language's pack
// (main.tsx renders after it). A route's own chunks are lazy; /login and /dashboard with theirs are reported too.
// Without --dist it builds apps/console (its own vite.config.ts, plus --manifest) into a temporary directory, so an
// apps/console/dist that a running server or browser test uses is left alone. --dist reads a build made with
// `vite build --manifest`. Sizes: node:zlib gzipSync at its default level (6, what `vite build` reports), kB = 1000 bytes.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { staticConsolePlugin } from '@beacon/server/src/plugins/static-console';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const consoleDir = path.join(root, 'apps/console');
const argValue = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const TARGET_KB = Number(argValue('target-kb') ?? 300);
/** Hardening item 8: index.html's JS (entry, modulepreloads, their static imports), gzip. */
const INITIAL_KB = Number(argValue('initial-kb') ?? 250);
/** A key echarts' core puts on every chart's element: in any chunk that holds echarts. */
const ECHARTS_MARK = '_echarts_instance_';
/** What a browser sends (Chromium), one that accepts gzip only, and one that accepts nothing. */
const WIRE_ENCODINGS: Record<string, string | undefined> = {
  identity: undefined,
  gzip: 'gzip, deflate',
  br: 'gzip, deflate, br, zstd',
};
const SAVE = !process.argv.includes('--no-save');

/**
 * What each first page loads before it shows anything, besides what index.html loads: the router loads the matched
 * routes' lazy modules together (and a signed-in screen's route the features' strings). /login is where a signed-out
 * visit lands, /dashboard where a signed-in one does (and where sign-in goes). Keys of Vite's manifest (paths under
 * apps/console) or chunk names (vite.config.ts manualChunks).
 */
const PAGES: Record<string, string[]> = {
  login: [
    'src/app/layout/root-layout.tsx',
    'src/app/layout/auth-layout.tsx',
    'src/app/routes/auth/login.tsx',
  ],
  dashboard: [
    'src/app/layout/root-layout.tsx',
    'src/app/layout/authenticated-layout.tsx',
    'src/app/layout/dashboard-layout.tsx',
    'src/app/routes/dashboard/dashboard.tsx',
    'i18n-en-features',
  ],
};

/**
 * What choosing a language other than en loads (en is bundled): its core strings, dayjs's and antd's locale; on a
 * signed-in screen also the features' strings of that language. Chunk names.
 */
const LANGUAGES: Record<string, string[]> = {
  zh: ['i18n-zh', 'zh-cn', 'zh_CN'],
  fr: ['i18n-fr', 'fr', 'fr_FR'],
  'zh, signed in': ['i18n-zh', 'zh-cn', 'zh_CN', 'i18n-zh-features'],
  'fr, signed in': ['i18n-fr', 'fr', 'fr_FR', 'i18n-fr-features'],
};
/** The packs a first render can wait for (a `lang` parameter or a stored choice): the budget counts the larger. */
const PRE_RENDER_LANGUAGES = ['zh', 'fr'];

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

function build(): { dist: string; cleanup: () => void } {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'beacon-bundle-'));
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  const args = [vite, 'build', '--outDir', dist, '--emptyOutDir', '--manifest', '--logLevel', 'warn'];
  process.stdout.write(`building apps/console into ${dist}…\n`);
  const started = Date.now();
  const res = spawnSync(process.execPath, args, { cwd: consoleDir, stdio: 'inherit' });
  if (res.status !== 0) throw new Error(`vite build failed (${res.status ?? res.signal})`);
  process.stdout.write(`built in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  return { dist, cleanup: () => rmSync(dist, { recursive: true, force: true }) };
}

const kb = (bytes: number) => Math.round(bytes / 10) / 100;

/**
 * The bytes each set of files takes on the wire, per Accept-Encoding: every file asked of the server's own static
 * plugin (plugins/static-console.ts: the build's .br / .gz copies when accepted) by Fastify's inject; body bytes.
 */
async function wireBytes(
  dist: string,
  sets: Record<string, string[]>,
): Promise<Record<string, Record<string, { bytes: number; encodings: Record<string, number> }>>> {
  const app = Fastify({ logger: false });
  await app.register(staticConsolePlugin, { root: dist });
  await app.ready();
  try {
    const out: Record<string, Record<string, { bytes: number; encodings: Record<string, number> }>> = {};
    for (const [name, files] of Object.entries(sets)) {
      out[name] = {};
      for (const [label, accept] of Object.entries(WIRE_ENCODINGS)) {
        let bytes = 0;
        const encodings: Record<string, number> = {};
        for (const file of files) {
          const res = await app.inject({
            method: 'GET',
            url: `/${file}`,
            headers: accept ? { 'accept-encoding': accept } : {},
          });
          if (res.statusCode !== 200) throw new Error(`GET /${file}: ${res.statusCode}`);
          bytes += res.rawPayload.length;
          const encoding = String(res.headers['content-encoding'] ?? 'identity');
          encodings[encoding] = (encodings[encoding] ?? 0) + 1;
        }
        out[name][label] = { bytes, encodings };
      }
    }
    return out;
  } finally {
    await app.close();
  }
}

async function main(): Promise<number> {
  const given = argValue('dist');
  const { dist, cleanup } = given ? { dist: path.resolve(given), cleanup: () => undefined } : build();
  try {
    const manifestPath = path.join(dist, '.vite/manifest.json');
    if (!existsSync(manifestPath))
      throw new Error(`${manifestPath} is missing: build with \`vite build --manifest\` or leave out --dist`);
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
    const html = readFileSync(path.join(dist, 'index.html'), 'utf8');

    // Every JS file of the build, gzipped.
    const assets = path.join(dist, 'assets');
    const sizes = new Map<string, { bytes: number; gzip: number }>();
    for (const name of readdirSync(assets).filter((f) => f.endsWith('.js'))) {
      const code = readFileSync(path.join(assets, name));
      sizes.set(`assets/${name}`, {
        bytes: statSync(path.join(assets, name)).size,
        gzip: gzipSync(code).length,
      });
    }
    const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, { key, chunk }]));
    const gzipOf = (files: Iterable<string>) =>
      [...files].reduce((sum, f) => sum + (sizes.get(f)?.gzip ?? 0), 0);

    // Manifest keys (or chunk names) and everything they import statically (Vite preloads those with a dynamic import).
    const keyOf = (ref: string): string => {
      if (manifest[ref]) return ref;
      const named = Object.keys(manifest).filter((k) => manifest[k]!.name === ref);
      if (named.length === 0)
        throw new Error(`${ref} is not in the build's manifest (renamed? update bench/bundle.ts)`);
      return named[0]!;
    };
    const closure = (refs: string[], into = new Set<string>()): Set<string> => {
      for (const ref of refs) {
        const key = keyOf(ref);
        const chunk = manifest[key]!;
        if (into.has(chunk.file)) continue;
        into.add(chunk.file);
        closure(chunk.imports ?? [], into);
      }
      return into;
    };

    // index.html: its module scripts and modulepreloads (and, to be sure, the entry's static imports).
    const referenced = [
      ...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="\/?(assets\/[^"]+\.js)"/g),
    ].map((m) => m[1]!);
    const htmlFiles = new Set(referenced);
    for (const file of referenced) {
      const entry = byFile.get(file);
      if (entry) closure([entry.key], htmlFiles);
    }
    const inlineScripts = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>/g)].length;

    const pages = Object.fromEntries(
      Object.entries(PAGES).map(([page, keys]) => {
        const files = closure(keys, new Set(htmlFiles));
        const routeFiles = [...files].filter((f) => !htmlFiles.has(f));
        return [page, { gzipBytes: gzipOf(files), routeGzipBytes: gzipOf(routeFiles), files: [...files] }];
      }),
    );
    const languages = Object.fromEntries(
      Object.entries(LANGUAGES).map(([lang, names]) => {
        const files = [...closure(names)].filter((f) => !htmlFiles.has(f));
        return [lang, { gzipBytes: gzipOf(files), files }];
      }),
    );
    const htmlBytes = gzipOf(htmlFiles);
    // The language the first render may wait for: the larger of the zh and fr packs (en is in the entry).
    const [firstLanguage, firstLanguageBytes] = PRE_RENDER_LANGUAGES.map((lang): [string, number] => [
      lang,
      languages[lang]!.gzipBytes,
    ]).sort((a, b) => b[1] - a[1])[0]!;
    const firstPageBytes = htmlBytes + firstLanguageBytes;

    const chunks = [...sizes]
      .map(([file, size]) => {
        const entry = byFile.get(file);
        return {
          file,
          name: entry?.chunk.name ?? null,
          src: entry?.chunk.src ?? null,
          kind: entry?.chunk.isEntry ? 'entry' : htmlFiles.has(file) ? 'preload' : 'lazy',
          bytes: size.bytes,
          gzipBytes: size.gzip,
        };
      })
      .sort((a, b) => b.gzipBytes - a.gzipBytes);
    const echartsInitial = [...htmlFiles].filter((f) =>
      readFileSync(path.join(dist, f), 'utf8').includes(ECHARTS_MARK),
    );
    const initialPass = htmlBytes <= INITIAL_KB * 1000 && echartsInitial.length === 0;
    const pass = firstPageBytes <= TARGET_KB * 1000 && initialPass;

    // A first visit on the wire: index.html, the JS it loads and the CSS of those chunks (and of index.html);
    // /login and /dashboard add their route chunks and CSS.
    const cssOf = (files: Iterable<string>) =>
      [...files].flatMap((f) => (byFile.get(f) ? (manifest[byFile.get(f)!.key]!.css ?? []) : []));
    const htmlCss = [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*\bhref="\/?([^"]+)"/g)].map(
      (m) => m[1]!,
    );
    const visit = (files: Iterable<string>) => [
      ...new Set(['index.html', ...files, ...htmlCss, ...cssOf(files)]),
    ];
    const wire = await wireBytes(dist, {
      'first page': visit(htmlFiles),
      '/login': visit(pages.login!.files),
      '/dashboard': visit(pages.dashboard!.files),
    });

    const rows: Array<[string, string, string]> = [
      [
        'index.html (entry + modulepreloads)',
        kb(htmlBytes).toFixed(2),
        `${htmlFiles.size} files, target ≤ ${INITIAL_KB}${echartsInitial.length ? `, ECHARTS in ${echartsInitial.join(' ')}` : ', no echarts'}`,
      ],
      [
        `+ ${firstLanguage} before the first render`,
        `+${kb(firstLanguageBytes).toFixed(2)}`,
        'the larger of zh, fr',
      ],
      ['= first page (budgeted)', kb(firstPageBytes).toFixed(2), `target ≤ ${TARGET_KB}`],
      ...Object.entries(pages).map(([page, p]): [string, string, string] => [
        `/${page} with its route chunks, en`,
        kb(p.gzipBytes).toFixed(2),
        `${p.files.length} files (route ${kb(p.routeGzipBytes).toFixed(2)} kB; not budgeted)`,
      ]),
      ...Object.entries(languages).map(([lang, l]): [string, string, string] => [
        `switch to ${lang}`,
        `+${kb(l.gzipBytes).toFixed(2)}`,
        `${l.files.length} files`,
      ]),
      ['all JS', kb(gzipOf(sizes.keys())).toFixed(2), `${sizes.size} files`],
    ];
    process.stdout.write('\nconsole bundle, gzip kB (zlib default level)\n');
    for (const [label, value, note] of rows)
      process.stdout.write(`  ${label.padEnd(38)} ${value.padStart(9)}  ${note}\n`);
    process.stdout.write('\nfirst visit on the wire, kB (body bytes as the server sends them)\n');
    process.stdout.write(
      `  ${''.padEnd(14)} ${Object.keys(WIRE_ENCODINGS)
        .map((e) => e.padStart(10))
        .join(' ')}\n`,
    );
    for (const [name, byEncoding] of Object.entries(wire))
      process.stdout.write(
        `  ${name.padEnd(14)} ${Object.values(byEncoding)
          .map((w) => kb(w.bytes).toFixed(2).padStart(10))
          .join(' ')}  (${Object.values(byEncoding)[0]!.encodings.identity} files)\n`,
      );
    process.stdout.write('\nbiggest chunks (gzip kB, kind)\n');
    for (const c of chunks.slice(0, 12))
      process.stdout.write(
        `  ${c.file.padEnd(44)} ${kb(c.gzipBytes).toFixed(2).padStart(8)}  ${c.kind}${c.src ? `  ${c.src}` : ''}\n`,
      );
    process.stdout.write(
      `\ninitial JS ${kb(htmlBytes).toFixed(2)} kB, target ≤ ${INITIAL_KB} kB, no echarts: ${initialPass ? 'PASS' : 'FAIL'}` +
        `; first page ${kb(firstPageBytes).toFixed(2)} kB, target ≤ ${TARGET_KB} kB: ${firstPageBytes <= TARGET_KB * 1000 ? 'PASS' : 'FAIL'}` +
        (inlineScripts
          ? ` (index.html has ${inlineScripts} inline script(s): CSP script-src 'self' blocks them)`
          : '') +
        '\n',
    );

    if (SAVE) {
      const out = path.join(root, 'bench/results/bundle.json');
      const result = {
        date: new Date().toISOString(),
        gzip: 'node:zlib gzipSync, default level (6), as vite build reports; kB = 1000 bytes',
        targetKb: TARGET_KB,
        firstPageKb: kb(firstPageBytes),
        initialTargetKb: INITIAL_KB,
        initialKb: kb(htmlBytes),
        echartsInitial,
        pass,
        firstPage: 'index.html JS (entry, modulepreloads, their static imports) + the larger zh/fr pack',
        html: { gzipKb: kb(htmlBytes), files: [...htmlFiles] },
        firstLanguage: { language: firstLanguage, gzipKb: kb(firstLanguageBytes) },
        pages: Object.fromEntries(
          Object.entries(pages).map(([page, p]) => [
            page,
            {
              modules: PAGES[page],
              gzipKb: kb(p.gzipBytes),
              routeGzipKb: kb(p.routeGzipBytes),
              files: p.files,
            },
          ]),
        ),
        languages: Object.fromEntries(
          Object.entries(languages).map(([lang, l]) => [lang, { gzipKb: kb(l.gzipBytes), files: l.files }]),
        ),
        wire: Object.fromEntries(
          Object.entries(wire).map(([name, byEncoding]) => [
            name,
            Object.fromEntries(
              Object.entries(byEncoding).map(([label, w]) => [
                label,
                { kb: kb(w.bytes), encodings: w.encodings },
              ]),
            ),
          ]),
        ),
        inlineScripts,
        totalGzipKb: kb(gzipOf(sizes.keys())),
        chunks: chunks.map((c) => ({ ...c, gzipKb: kb(c.gzipBytes) })),
      };
      writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
      process.stdout.write(`wrote ${path.relative(root, out)}\n`);
    }
    return pass ? 0 : 1;
  } finally {
    cleanup();
  }
}

process.exitCode = await main();
