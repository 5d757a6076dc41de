import type { TestProject } from 'vitest/node';
import { startPgServer, type PgServer } from './pg-server';
import { writePgliteTemplate } from './pglite-template';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
  }
}

let server: PgServer | undefined;
let template: Awaited<ReturnType<typeof writePgliteTemplate>> | undefined;

/**
 * Starts one PostgreSQL server for the whole run (each test file creates its own database on it) and writes the
 * migrated PGlite template every PGlite test database starts from.
 */
export async function setup(project: TestProject): Promise<void> {
  [server, template] = await Promise.all([startPgServer(), writePgliteTemplate()]);
  if (!server && process.env.BEACON_TEST_REQUIRE_PG === '1') {
    throw new Error('PostgreSQL server binaries not found (pg_ctl): the PostgreSQL-server tests cannot run');
  }
  project.provide('pgUrl', server?.url ?? '');
  project.provide('pgliteTemplate', template.file);
}

export function teardown(): void {
  server?.stop();
  template?.remove();
}
