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

/** The backends repository and route tests run against: PGlite always, PostgreSQL when the harness started one. */
export function backends(): Backend[] {
  const pgUrl = inject('pgUrl');
  const list: Backend[] = [
    {
      name: 'pglite',
      open: () => openPglite(inject('pgliteTemplate')),
    },
  ];
  if (pgUrl) list.push({ name: 'postgres', open: () => freshPostgres(pgUrl) });
  return list;
}
