import path from 'node:path';

/** The server package's folder: the working directory of a `beacon` process a test starts. */
export const serverRoot = path.resolve(import.meta.dirname, '../..');

/**
 * The node arguments that run `beacon` before its own: the built bundle (dist/cli.mjs, what `npm start` runs) when
 * BEACON_TEST_CLI=dist — npm test sets it once it has built the server — else the sources through tsx, so a test run
 * on its own (npx vitest) always runs the code as it is. A tsx start compiles the sources: ~4 s of CPU against ~1.5 s.
 */
export const CLI: readonly string[] =
  process.env.BEACON_TEST_CLI === 'dist'
    ? ['--enable-source-maps', 'dist/cli.mjs']
    : ['--import', 'tsx', 'src/entrypoints/cli.ts'];
