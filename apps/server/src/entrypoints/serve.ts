import type { Config } from '../config';
import { buildApp } from '../app';
import { consoleDist, createLogger, openAndMigrate } from './runtime';

const DEFAULT_ADMIN_EMAIL = 'admin@beacon.local';

/** `beacon serve` / `beacon api`: API and console (and, with serve, the background work) in one process. */
export async function serve(config: Config, role: 'serve' | 'api'): Promise<void> {
  const log = createLogger(config);
  const database = await openAndMigrate(config, log);
  const { app, services } = await buildApp({ config, database, consoleRoot: consoleDist, logger: log });

  const adminEmail = (config.admin.email ?? DEFAULT_ADMIN_EMAIL).trim().toLowerCase();
  const first = await services.users.ensureFirstAdmin(adminEmail, config.admin.password);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    await app.close().catch((err: unknown) => log.error({ err }, 'closing the HTTP server failed'));
    await database.close().catch((err: unknown) => log.error({ err }, 'closing the database failed'));
    clearTimeout(timer);
    process.exit(0);
  };
  process.once('SIGINT', (s) => void shutdown(s));
  process.once('SIGTERM', (s) => void shutdown(s));

  await app.listen({ port: config.port, host: config.host });
  const lines = [
    '',
    `  Beacon (${role}) is running: ${config.publicUrl}`,
    `  database: ${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
  ];
  if (first.created && first.password) {
    lines.push(`  first super admin created: ${adminEmail} / ${first.password}`, '  (this password is shown once; change it after signing in)');
  } else if (first.created) {
    lines.push(`  first super admin created: ${adminEmail} (password from BEACON_ADMIN_PASSWORD)`);
  } else {
    lines.push(`  sign in with your administrator account${config.admin.email ? ` (${adminEmail})` : ''}`);
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}
