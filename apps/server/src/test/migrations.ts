import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Database } from '../db/client';
import { migrate, migrationsDir } from '../db/migrate';

/**
 * Empties the database's schema and applies the committed migrations named before `first` (e.g. '0045'): the schema a
 * migration's own test writes its "before" rows into; `migrate(database)` then applies the rest.
 */
export async function schemaBefore(database: Database, first: string): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'beacon-migrations-'));
  try {
    for (const f of readdirSync(migrationsDir()).filter((name) => name < first))
      copyFileSync(path.join(migrationsDir(), f), path.join(dir, f));
    await database.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
    await migrate(database, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
