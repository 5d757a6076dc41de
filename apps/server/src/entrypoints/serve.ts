import type { Config } from '../config';
import { buildApp } from '../app';
import { SecretBox } from '../lib/secret-box';
import { createDemo } from '../sandbox/demo';
import { startFleets } from '../sandbox/fleets';
import { Sandbox } from '../sandbox/sandbox';
import { consoleDist, createLogger, openAndMigrate } from './runtime';
import { secretKeyWarning } from './secret-key-warning';

const DEMO_DEVICES = 20_000;

const DEFAULT_ADMIN_EMAIL = 'admin@beacon.local';

/** `beacon serve` / `beacon api`: API and console (and, with serve, the background work) in one process. */
export async function serve(config: Config, role: 'serve' | 'api'): Promise<void> {
  const log = createLogger(config);
  const keyWarning = secretKeyWarning(config, config.nodeEnv);
  if (keyWarning) log.warn({ dataDir: config.dataDir }, keyWarning);
  const { database, fresh } = await openAndMigrate(config, log);
  const sandbox = config.fcmBaseUrl
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

  const adminEmail = (config.admin.email ?? DEFAULT_ADMIN_EMAIL).trim().toLowerCase();
  const first = await services.users.ensureFirstAdmin(adminEmail, config.admin.password);
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
  const lines = [
    '',
    `  Beacon (${role}) is running: ${config.publicUrl}`,
    `  database: ${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  FCM: ${sandbox ? 'sandbox (built-in emulator; set FCM_BASE_URL for the real FCM)' : config.fcmBaseUrl}`,
  ];
  if (demo) lines.push(demo);
  if (first.created && first.password) {
    lines.push(
      `  first super admin created: ${adminEmail} / ${first.password}`,
      '  (this password is shown once; change it after signing in)',
    );
  } else if (first.created) {
    lines.push(`  first super admin created: ${adminEmail} (password from BEACON_ADMIN_PASSWORD)`);
  } else {
    lines.push(`  sign in with your administrator account${config.admin.email ? ` (${adminEmail})` : ''}`);
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}
