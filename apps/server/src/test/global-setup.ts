import type { TestProject } from 'vitest/node';
import { startPgServer, type PgServer } from './pg-server';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
  }
}

let server: PgServer | undefined;

/** Starts one PostgreSQL server for the whole run; each test file creates its own database on it. */
export async function setup(project: TestProject): Promise<void> {
  server = await startPgServer();
  if (!server && process.env.BEACON_TEST_REQUIRE_PG === '1') {
    throw new Error('PostgreSQL server binaries not found (pg_ctl): the PostgreSQL-server tests cannot run');
  }
  project.provide('pgUrl', server?.url ?? '');
}

export function teardown(): void {
  server?.stop();
}
