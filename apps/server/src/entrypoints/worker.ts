import type { Config } from '../config';
import { buildApp } from '../app';
import { createLogger, openAndMigrate } from './runtime';

/**
 * `beacon worker`: the delivery workers only (no HTTP). Any number of them may run against one PostgreSQL
 * (DATABASE_URL); pg-boss hands each job to one of them. FCM_BASE_URL must name the FCM to use.
 */
export async function worker(config: Config): Promise<void> {
  const log = createLogger(config);
  if (!config.databaseUrl)
    throw new Error('beacon worker needs DATABASE_URL: a worker shares its database with the API processes');
  if (!config.fcmBaseUrl) log.warn({}, 'FCM_BASE_URL is not set: sending to https://fcm.googleapis.com');
  const { database } = await openAndMigrate(config, log);
  const ctx = await buildApp({ config, database, logger: log, runWorkers: true, servesHttp: false });
  await ctx.delivery.engine();
  log.info({}, 'delivery worker started');
  let closing = false;
  // SIGTERM / SIGINT: take no new batch, let the requests on the wire finish and record them, hand the rest of each
  // batch back to the queue for another worker, then close the job queue, the FCM sessions and the database
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'delivery worker stopping: finishing the requests in flight');
    let code = 0;
    await ctx.app.close().catch((err: unknown) => {
      code = 1;
      log.error({ err }, 'stopping the delivery worker failed');
    });
    await database.close().catch(() => undefined);
    log.info({}, 'delivery worker stopped');
    process.exit(code);
  };
  process.once('SIGINT', (s) => void shutdown(s));
  process.once('SIGTERM', (s) => void shutdown(s));
}
