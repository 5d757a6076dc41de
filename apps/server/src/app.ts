import { UserLevel, type SystemInfo } from '@beacon/shared';
import type { Config } from './config';
import type { Database } from './db/client';
import type { Mailer } from './mail/mailer';
import { createMailer } from './mail/mailer';
import { registerSystemRoutes } from './modules/system';
import { usersModule } from './modules/users';
import { createHttpServer } from './http-server';
import { registerPlugins } from './plugins';
import { SecretBox } from './lib/secret-box';
import type { Sandbox } from './sandbox/sandbox';
import { registerSandboxRoutes } from './sandbox/sandbox.routes';
import type { ModuleContext } from './modules/context';
import { DeliveryRuntime, policyBinding } from './delivery/engine';
import { readGlobalSettings } from './platform/platform-settings';
import { fcmCredentialsAlerts } from './modules/alerts';
import { StatisticsWriter } from './modules/statistics';
import { registerModules } from './modules/index';
import { AppsRepository, AppsService } from './modules/apps';
import {
  DevicesRepository,
  DevicesService,
  registerSdkRoutes,
  SdkAuth,
  startEventsLog,
} from './modules/devices';
import { FilesRepository, FilesService, registerFilesRoutes } from './modules/files';
import type { Logger, LoggerOptions } from 'pino';
import { Metrics, serveMetrics, type BatcherName } from './platform/metrics';
import { startPgliteUpkeep } from './db/pglite-upkeep';
import { registerRetention } from './platform/retention';

export const VERSION = '0.1.0';

export interface AppDeps {
  config: Config;
  database: Database;
  /** Defaults to SMTP (SMTP_URL) or the log. */
  mailer?: Mailer;
  /** Folder of the built console; omitted = API only. */
  consoleRoot?: string;
  /** A pino logger to use, or options for a new one (false = silent). */
  logger?: Logger | LoggerOptions | boolean;
  /** The built-in FCM emulator, when FCM_BASE_URL is not set. */
  sandbox?: Sandbox;
  /** Run the delivery workers in this process (serve, worker); default false (api, tests that do not send). */
  runWorkers?: boolean;
}

export type BeaconApp = ModuleContext;

/** Builds the HTTP application: plugins in layers (external → app → routes), then the modules. */
export async function buildApp(deps: AppDeps): Promise<BeaconApp> {
  const { config, database } = deps;
  const app = createHttpServer(config, deps.logger);
  const mailer = deps.mailer ?? createMailer(config.smtpUrl, config.mailFrom, app.log);
  const users = usersModule({
    app,
    config,
    db: database.db,
    mailer,
    countOwnedApps: (userId) => appsRepo.countOwned(userId),
  });

  const box = new SecretBox(config.secretKey);
  const appsRepo = new AppsRepository(database.db);
  const devicesRepo = new DevicesRepository(database);
  const sandbox = deps.sandbox;
  // Prometheus metrics (METRICS, METRICS_PORT): a registry of this instance, told by the engine and the device API
  const metrics = config.metrics ? new Metrics(database) : undefined;
  // the one writer of every statistics counter: the engine's send results and the devices' events and activity
  const statistics = new StatisticsWriter(database, {
    onError: (err) => app.log.error({ err }, 'counting queued events failed; the sweep retries'),
  });
  statistics.start();
  // PGlite runs no autovacuum (single-user mode): this process runs autovacuum's rule on it (db/pglite-upkeep.ts)
  const upkeep = startPgliteUpkeep(database, {
    onError: (err) => app.log.warn({ err }, 'PGlite upkeep (VACUUM, ANALYZE) failed; the next pass retries'),
  });
  const delivery = new DeliveryRuntime({
    database,
    counter: statistics,
    config,
    box,
    log: app.log,
    fcmBaseUrl: sandbox?.fcmBaseUrl ?? config.fcmBaseUrl ?? 'https://fcm.googleapis.com',
    runWorkers: deps.runWorkers ?? false,
    // the engine's ports: the platform's daily limits for its policies, an alert when an app's credentials fail
    policyFor: policyBinding(database, () => readGlobalSettings(database)),
    onAuthFailure: fcmCredentialsAlerts(database),
    ...(metrics ? { metrics } : {}),
  });
  // the send records' partitions ahead and the retention: a daily job of the delivery workers (platform/retention.ts)
  const retention = registerRetention({
    database,
    retentionDays: config.retentionDays,
    log: app.log,
    addWorkers: (start) => delivery.addWorkers(start),
    pruneStatistics: (now) => statistics.pruneUniqueDevices(now),
  });
  // NATS_URL: the device events go to JetStream, and the workers apply them (modules/devices/events-log*.ts)
  const natsLog = config.nats
    ? await startEventsLog(config.nats, statistics, deps.runWorkers ?? false, app.log)
    : undefined;
  const devices = new DevicesService(devicesRepo, statistics, {
    ...(natsLog ? { eventsLog: natsLog.log } : {}),
    ...(sandbox ? { onRegistered: (appId: number, token: string) => sandbox.knowToken(appId, token) } : {}),
    ...(metrics ? { flushObserver: (batcher: BatcherName) => metrics.flushObserver(batcher) } : {}),
  });
  const files = new FilesService(new FilesRepository(database.db));
  app.decorate('projectLevel', async (user: { id: number; ulevel: number }, appId: number) => {
    if (user.ulevel === UserLevel.SUPER_ADMIN)
      return (await appsRepo.exists(appId)) ? UserLevel.SUPER_ADMIN : undefined;
    return appsRepo.memberLevel(appId, user.id);
  });
  await registerPlugins(app, {
    config,
    database,
    version: VERSION,
    resolveSession: (token) => users.users.resolveSession(token),
    consoleRoot: deps.consoleRoot,
  });

  const info: SystemInfo = {
    version: VERSION,
    sandbox: Boolean(sandbox),
    ssoEnabled: Boolean(users.sso),
    registrationEnabled: config.registrationEnabled,
  };
  registerSystemRoutes(app, { info, checkDatabase: async () => void (await database.query('SELECT 1')) });
  users.routes();

  await registerSdkRoutes(app, { devices, auth: new SdkAuth(appsRepo, box), metrics });
  if (metrics && config.metrics)
    await serveMetrics(app, metrics, {
      settings: config.metrics,
      host: config.host,
      startNow: deps.runWorkers ?? false,
    });
  registerFilesRoutes(app, files);
  if (sandbox) registerSandboxRoutes(app, sandbox.tokenEndpoint);
  app.addHook('onClose', async () => {
    await devices.drain();
    await natsLog?.close();
    await statistics.close();
    await upkeep.close();
    await retention.close();
    await delivery.close();
  });

  const ctx: ModuleContext = {
    app,
    config,
    database,
    mailer,
    box,
    services: { users: users.users, devices, apps: new AppsService(appsRepo, box), files },
    repos: { users: users.repo, apps: appsRepo, devices: devicesRepo },
    delivery,
    // the statistics routes first see the events this process acknowledged counted (counted off the request path)
    counting: statistics,
  };
  await registerModules(ctx);
  return ctx;
}
