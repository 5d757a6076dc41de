import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const server = 'http://127.0.0.1:8080';

/** The console's core zh or fr strings (en is bundled), and every feature's strings of one language. */
const CORE_STRINGS = /\/src\/i18n\/(zh|fr)\.json$/;
const FEATURE_STRINGS = /\/src\/(?:features\/[^/]+\/(?:admin\/)?|message-editor\/)i18n\/(en|zh|fr)\.json$/;

/** The text files worth compressing (fonts and images other than SVG are compressed already). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Below this a file goes as it is (as the server's on-the-fly compression of JSON answers). */
const PRECOMPRESS_MIN_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every compressible file of the build
 * of at least 1 kB, when smaller: the server sends them to a browser that accepts them (@fastify/static's
 * preCompressed, apps/server/src/plugins/static-console.ts), so no request pays for compressing, and at the highest
 * levels, which would be too slow per request. A file without its copies is sent as it is.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'beacon-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((f) => COMPRESSIBLE.test(f));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          if ((await stat(full)).size < PRECOMPRESS_MIN_BYTES) return;
          const raw = await readFile(full);
          const [br, gz] = await Promise.all([
            brotli(raw, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
              },
            }),
            gzipAsync(raw, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < raw.length) await writeFile(`${full}.br`, br);
          if (gz.length < raw.length) await writeFile(`${full}.gz`, gz);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    // The entry holds React's renderer, the router, antd's core and the core en strings; routes, their antd parts,
    // the other languages and the features' strings load lazily. `npm run bench -- bundle` checks the first page.
    chunkSizeWarningLimit: 600,
    rollupOptions: {
      // @beacon/shared's modules only declare schemas and constants: a chunk takes the modules whose exports it
      // uses, not every contract the package's index re-exports.
      treeshake: { moduleSideEffects: (id) => !id.includes('/packages/shared/src/') },
      output: {
        // React and the router change rarely: a long-lived chunk. antd stays with the routes that use it. The
        // features' strings of a language are one chunk, not one per feature (i18n/index.ts loads them).
        manualChunks(id) {
          if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'react';
          const core = CORE_STRINGS.exec(id);
          if (core) return `i18n-${core[1]}`;
          const features = FEATURE_STRINGS.exec(id);
          if (features) return `i18n-${features[1]}-features`;
          return undefined;
        },
      },
    },
  },
  server: {
    proxy: { '/tcm': server, '/sdk': server, '/files': server, '/healthz': server },
  },
});
