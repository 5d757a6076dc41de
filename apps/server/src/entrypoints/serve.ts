import cluster from 'node:cluster';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { buildApp, type BeaconApp } from '../app';
import { SecretBox } from '../lib/secret-box';
import { createDemo } from '../sandbox/demo';
import { startFleets } from '../sandbox/fleets';
import { Sandbox } from '../sandbox/sandbox';
import { consoleDist, createLogger, openAndMigrate, openConfigured } from './runtime';
import { secretKeyWarning } from './secret-key-warning';

const DEMO_DEVICES = 20_000;

const DEFAULT_ADMIN_EMAIL = 'admin@beacon.local';

/** The first super admin's e-mail: BEACON_ADMIN_EMAIL, else admin@beacon.local. */
export const firstAdminEmail = (config: Config): string =>
  (config.admin.email ?? DEFAULT_ADMIN_EMAIL).trim().toLowerCase();

/** The lines about the first super admin in the start banner. */
export function firstAdminLines(
  config: Config,
  first: Awaited<ReturnType<BeaconApp['services']['users']['ensureFirstAdmin']>>,
): string[] {
  const adminEmail = firstAdminEmail(config);
  if (first.created && first.password)
    return [
      `  first super admin created: ${adminEmail} / ${first.password}`,
      '  (this password is shown once; change it after signing in)',
    ];
  if (first.created)
    return [`  first super admin created: ${adminEmail} (password from BEACON_ADMIN_PASSWORD)`];
  return [`  sign in with your administrator account${config.admin.email ? ` (${adminEmail})` : ''}`];
}

/** The database line of the start banner. */
export const databaseLine = (config: Config, database: Pick<Database, 'kind'>): string =>
  `  database: ${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`;

/**
 * `beacon serve` / `beacon api`: API and console (and, with serve, the background work) in one process.
 *
 * `clusterWorker`: this process is one of the workers of `--processes N` (entrypoints/cluster.ts): its primary
 * migrated the database, made the first super admin and prints the banner, so it only opens the database, listens
 * on the port the workers share and stops gracefully on SIGTERM/SIGINT (node:cluster ends it at once when its
 * primary dies).
 */
export async function serve(
  config: Config,
  role: 'serve' | 'api',
  opts: { clusterWorker?: boolean } = {},
): Promise<void> {
  const log = createLogger(config);
  const clusterWorker = opts.clusterWorker === true;
  let database: Database;
  let fresh = false;
  if (clusterWorker) database = await openConfigured(config);
  else {
    const keyWarning = secretKeyWarning(config, config.nodeEnv);
    if (keyWarning) log.warn({ dataDir: config.dataDir }, keyWarning);
    ({ database, fresh } = await openAndMigrate(config, log));
  }
  // the sandbox lives in one process: `--processes N` refuses it (cluster.ts), so a cluster worker never has one
  const sandbox =
    config.fcmBaseUrl || clusterWorker
      ? undefined
      : await Sandbox.start(database, new SecretBox(config.secretKey), log);
  const ctx = await buildApp({
    config,
    database,
    consoleRoot: consoleDist,
    logger: log,
    runWorkers: role === 'serve',
    ...(sandbox ? { sandbox } : {}),
  });
  if (role === 'serve') await ctx.delivery.engine();
  const { app, services } = ctx;

  const first = clusterWorker
    ? undefined
    : await services.users.ensureFirstAdmin(firstAdminEmail(config), config.admin.password);
  let demo = '';
  if (fresh && config.demo && sandbox) {
    await createDemo(ctx, sandbox.repo, DEMO_DEVICES, sandbox);
    demo = `  demo: the app "Demo Shop" with ${DEMO_DEVICES.toLocaleString('en')} simulated devices (BEACON_DEMO=0 skips it)`;
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    // the delivery workers finish and record the FCM requests on the wire (each answered within FCM_TIMEOUT_MS)
    const timer = setTimeout(() => process.exit(1), 45_000).unref();
    await stopFleets?.().catch((err: unknown) => log.error({ err }, 'stopping the simulated devices failed'));
    await app.close().catch((err: unknown) => log.error({ err }, 'closing the HTTP server failed'));
    await sandbox?.close().catch((err: unknown) => log.error({ err }, 'closing the FCM sandbox failed'));
    await database.close().catch((err: unknown) => log.error({ err }, 'closing the database failed'));
    clearTimeout(timer);
    process.exit(0);
  };
  process.once('SIGINT', (s) => void shutdown(s));
  process.once('SIGTERM', (s) => void shutdown(s));

  let stopFleets: (() => Promise<void>) | undefined;
  await app.listen({ port: config.port, host: config.host });
  if (sandbox) stopFleets = await startFleets(sandbox, ctx.box, `http://127.0.0.1:${config.port}`, log);
  if (clusterWorker) {
    log.info({ worker: cluster.worker?.id }, `${role} worker process listening`);
    return;
  }
  const lines = [
    '',
    `  Beacon (${role}) is running: ${config.publicUrl}`,
    databaseLine(config, database),
    `  FCM: ${sandbox ? 'sandbox (built-in emulator; set FCM_BASE_URL for the real FCM)' : config.fcmBaseUrl}`,
  ];
  if (demo) lines.push(demo);
  if (first) lines.push(...firstAdminLines(config, first));
  process.stdout.write(`${lines.join('\n')}\n\n`);
}
