import type { Config } from '../config';
import { buildApp } from '../app';
import { createLogger, openAndMigrate } from './runtime';

/**
 * `beacon worker`: the delivery workers only (no HTTP). Any number of them may run against one PostgreSQL
 * (DATABASE_URL); pg-boss hands each job to one of them. FCM_BASE_URL must name the FCM to use.
 */
export async function worker(config: Config): Promise<void> {
  const log = createLogger(config);
  if (!config.databaseUrl) throw new Error('beacon worker needs DATABASE_URL: a worker shares its database with the API processes');
  if (!config.fcmBaseUrl) log.warn({}, 'FCM_BASE_URL is not set: sending to https://fcm.googleapis.com');
  const { database } = await openAndMigrate(config, log);
  const ctx = await buildApp({ config, database, logger: log, runWorkers: true });
  await ctx.delivery.engine();
  log.info({}, 'delivery worker started');
  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await ctx.app.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
}
