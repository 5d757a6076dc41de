import path from 'node:path';
import pino from 'pino';
import type { Config } from '../config';
import { openDatabase, type Database } from '../db/client';
import { migrate } from '../db/migrate';
import { logOptions } from '../lib/log-options';
import { repoRoot } from '../lib/repo-root';

export const consoleDist = path.join(repoRoot, 'apps/console/dist');

/** The process's logger: JSON lines on stdout (or `destination`), secrets redacted (lib/log-options.ts). */
export function createLogger(config: Pick<Config, 'logLevel'>, destination?: pino.DestinationStream) {
  return destination ? pino(logOptions(config.logLevel), destination) : pino(logOptions(config.logLevel));
}

/**
 * Opens the configured database (PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR) and migrates it;
 * `fresh` is true when this run created the schema (first start).
 */
export async function openAndMigrate(
  config: Config,
  log: pino.Logger,
): Promise<{ database: Database; fresh: boolean }> {
  const database = await openConfigured(config);
  const applied = await migrate(database);
  if (applied.length) log.info({ applied }, 'database migrated');
  return { database, fresh: applied.includes('0001_users-and-sessions.sql') };
}

/**
 * Opens the configured database without migrating it: the worker processes of `--processes N`, whose primary
 * migrated it before forking them (entrypoints/cluster.ts).
 */
export function openConfigured(config: Config): Promise<Database> {
  return openDatabase({
    url: config.databaseUrl,
    readUrl: config.databaseReadUrl,
    dataDir: path.join(config.dataDir, 'pglite'),
  });
}
