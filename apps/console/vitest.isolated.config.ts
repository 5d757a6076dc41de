import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { consoleTest, FRESH_MODULE_FILES } from './vitest.config.ts';

// The console's files that re-import modules (vi.resetModules) on i18next's shared instance: each in its own worker,
// so the files that share a worker's modules (vitest.config.ts) never see that instance reset under them.
export default defineConfig({
  plugins: [react()],
  test: { ...consoleTest, name: 'console-fresh-modules', include: FRESH_MODULE_FILES, isolate: true },
});
