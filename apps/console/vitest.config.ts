import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/** Test files that load modules afresh (vi.resetModules): they run in a worker of their own (vitest.isolated.config.ts). */
export const FRESH_MODULE_FILES = ['src/app/language-loading.test.ts'];

export const consoleTest = {
  environment: 'jsdom' as const,
  setupFiles: ['src/test-setup.ts'],
  testTimeout: 20_000,
};

export default defineConfig({
  plugins: [react()],
  test: {
    ...consoleTest,
    name: 'console',
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: FRESH_MODULE_FILES,
    setupFiles: [...consoleTest.setupFiles, 'src/test-shared-setup.ts'],
    // The files of a worker share their modules and their jsdom window: antd, React and the console's code are
    // imported once per worker instead of once per file — 395 s → 228 s for the project on 2 cores. Module state and
    // the document therefore outlive a file: test-shared-setup.ts unmounts each test's render and puts the language
    // and the clock back after each file.
    isolate: false,
  },
});
