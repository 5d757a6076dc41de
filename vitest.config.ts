import { defineConfig } from 'vitest/config';

// One Vitest run covers every workspace; each project keeps its tests beside its code.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'] } },
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
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          globalSetup: ['src/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      'apps/console/vitest.config.ts',
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          include: ['src/**/*.e2e.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
