import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { migrate } from '../db/migrate';
import { openPglite } from './pglite-template';

export interface Backend {
  name: 'pglite' | 'postgres';
  /** A new, empty, migrated database of this backend. */
  open(): Promise<Database>;
}

async function freshPostgres(adminUrl: string): Promise<Database> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.href, poolSize: 5 });
  await migrate(database);
  return database;
}

/**
 * The backends a test file runs against. `both` (the default) — PGlite always, PostgreSQL when the harness started
 * one — is for the files that test our SQL: repositories, the delivery engine's batches, audiences, statistics and
 * their reports, device ingest, migrations and partitions. `one` is for the files that test routes, permissions,
 * validation and workflows above the repositories: they run on PostgreSQL when there is a server (the production
 * backend, and where concurrency shows), else on PGlite. Running those twice cost CI about 6 minutes and found
 * nothing the `both` files do not.
 */
export function backends(scope: 'both' | 'one' = 'both'): Backend[] {
  const pgUrl = inject('pgUrl');
  const pglite: Backend = { name: 'pglite', open: () => openPglite(inject('pgliteTemplate')) };
  if (!pgUrl) return [pglite];
  const postgres: Backend = { name: 'postgres', open: () => freshPostgres(pgUrl) };
  return scope === 'one' ? [postgres] : [pglite, postgres];
}
