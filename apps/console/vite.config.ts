import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const server = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    // The entry holds React's renderer, antd's core and the i18n bundles; routes and their antd parts load lazily.
    chunkSizeWarningLimit: 600,
    rollupOptions: {
      output: {
        // React and the router change rarely: a long-lived chunk. antd stays with the routes that use it.
        manualChunks(id) {
          return /node_modules\/(react|react-dom|scheduler|react-router)\//.test(id) ? 'react' : undefined;
        },
      },
    },
  },
  server: {
    proxy: { '/tcm': server, '/sdk': server, '/files': server, '/healthz': server },
  },
});
