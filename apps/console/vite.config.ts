import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const server = 'http://127.0.0.1:8080';

/** The console's core zh or fr strings (en is bundled), and every feature's strings of one language. */
const CORE_STRINGS = /\/src\/i18n\/(zh|fr)\.json$/;
const FEATURE_STRINGS = /\/src\/features\/[^/]+\/(?:admin\/)?i18n\/(en|zh|fr)\.json$/;

export default defineConfig({
  plugins: [react()],
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
