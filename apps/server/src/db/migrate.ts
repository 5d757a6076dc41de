import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './client';
import { isLockTimeout } from './errors';
import { ensurePartitions } from './partitions';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The committed migrations folder, found from the source tree or from the bundled dist/. */
export function migrationsDir(): string {
  for (const candidate of [path.join(here, 'migrations'), path.join(here, '../src/db/migrations')]) {
    try {
      readdirSync(candidate);
      return candidate;
    } catch {
      /* try the next */
    }
  }
  throw new Error('migrations folder not found');
}

const LOCK_ID = 727_001;

/**
 * Applies the committed SQL migrations not yet applied, each in its own transaction, then makes sure the partitions
 * of the current and the next period exist (db/partitions.ts); returns the names of the migrations applied.
 */
export async function migrate(database: Database, dir = migrationsDir()): Promise<string[]> {
  const applied = await applyMigrations(database, dir);
  const [blocks] = await database.query<{ present: boolean }>(
    "SELECT to_regclass('message_id_blocks') IS NOT NULL AS present",
  );
  // a table lock held too long (a long transaction) does not stop the start: the default partitions take the rows
  // meanwhile, and the daily job (or the next start) creates the partitions
  if (blocks?.present)
    await ensurePartitions(database, new Date()).catch((err: unknown) => {
      if (!isLockTimeout(err)) throw err;
    });
  return applied;
}

async function applyMigrations(database: Database, dir: string): Promise<string[]> {
  const files = readdirSync(dir)
    .filter((f) => /^\d{4}_[a-z0-9-]+\.sql$/.test(f))
    .sort();
  return database.withConnection(async (conn) => {
    await conn.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const locking = database.kind === 'postgres';
    if (locking) await conn.query('SELECT pg_advisory_lock($1)', [LOCK_ID]);
    const applied: string[] = [];
    try {
      const done = new Set(
        (await conn.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name),
      );
      for (const file of files) {
        if (done.has(file)) continue;
        const body = readFileSync(path.join(dir, file), 'utf8');
        try {
          await conn.exec(
            `BEGIN;\n${body}\nINSERT INTO schema_migrations (name) VALUES ('${file}');\nCOMMIT;`,
          );
        } catch (err) {
          await conn.exec('ROLLBACK').catch(() => undefined);
          throw new Error(`migration ${file} failed: ${(err as Error).message}`, { cause: err });
        }
        applied.push(file);
      }
    } finally {
      if (locking) await conn.query('SELECT pg_advisory_unlock($1)', [LOCK_ID]);
    }
    return applied;
  });
}
