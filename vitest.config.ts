import { configDefaults, defineConfig } from 'vitest/config';

// One Vitest run covers every workspace; each project keeps its tests beside its code.
export default defineConfig({
  test: {
    // Vitest's default on two cores is one worker: every file in turn, the CPU idle while a file waits on its servers,
    // its database or its timers. Three workers overlap those waits (one PostgreSQL database and free ports per file;
    // the browser journeys run after the rest, two at a time, below). The server's, the console's and the journeys'
    // files share their worker's modules (isolate: false): importing the server or antd again per file was a third
    // of the run's CPU. A file therefore leaves module state as it found it (docs/architecture.md, Tests).
    maxWorkers: 3,
    projects: [
      { test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'] } },
      // the repository's own tooling: the lint rules' planted violations
      { test: { name: 'tooling', root: '.', include: ['scripts/**/*.test.mjs'], testTimeout: 60_000 } },
      {
        test: {
          name: 'fcm-emulator',
          root: 'packages/fcm-emulator',
          include: ['src/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'ai-emulator',
          root: 'packages/ai-emulator',
          include: ['src/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          // the fast tier is the project below (run once, without the databases' global setup)
          exclude: [...configDefaults.exclude, 'src/**/*.fast.test.ts'],
          globalSetup: ['src/test/global-setup.ts'],
          // one database per file and no module-level state keyed by ids: 536 s → 394 s for the project alone
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // the fast tier (docs/architecture.md, Tests): the rule-heavy services on in-memory repositories
        // (src/test/memory), no database and no server, seconds for the lot (npm run test:fast)
        test: {
          name: 'server-fast',
          root: 'apps/server',
          include: ['src/**/*.fast.test.ts'],
          // the worker's modules shared between files: the files' own work is about a second, their imports the rest.
          // No maxWorkers of its own: a project with its own must also have its own sequence.groupOrder, which would
          // run it apart from the rest (vitest refuses the whole run otherwise)
          isolate: false,
          testTimeout: 5_000,
        },
      },
      'apps/console/vitest.config.ts',
      'apps/console/vitest.isolated.config.ts',
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          include: ['src/**/*.e2e.ts'],
          globalSetup: ['src/global-setup.ts'],
          setupFiles: ['src/setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // a busy CI runs a journey up to three times slower than a quiet machine (a tab's first paint took 16 s
          // there against 5 s here): a screen is given 15 s to show what it should, not expect.poll's 1 s
          expect: { poll: { timeout: 15_000 } },
          // after the other projects (sequence.groupOrder), two journeys at a time: with Chromium's and the servers'
          // CPU the two cores are busy (four at a time took as long, each journey twice as slow)
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
          // a journey file starts its own server and browser and keeps no module state between files: sharing the
          // worker's modules saves importing the whole server again per file (10–50 s each in a busy run)
          isolate: false,
        },
      },
    ],
  },
});
