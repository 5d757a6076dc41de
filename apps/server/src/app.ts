import type { FastifyBaseLogger } from 'fastify';
import type { ProcessRole, SystemInfo } from '@beacon/shared';
import type { Config } from './config';
import type { Database } from './db/client';
import type { Mailer } from './mail/mailer';
import { createMailer } from './mail/mailer';
import { registerSystemRoutes, SystemStatusRepository, SystemStatusService } from './modules/system';
import { registerProcess } from './platform/process-registry';
import { JobQueues } from './platform/job-queues';
import { usersModule } from './modules/users';
import { createHttpServer } from './http-server';
import { registerPlugins } from './plugins';
import { SecretBox } from './lib/secret-box';
import type { Sandbox } from './sandbox/sandbox';
import { registerSandboxRoutes } from './sandbox/sandbox.routes';
import type { ModuleContext } from './modules/context';
import { DeliveryRuntime, policyBinding, type TemplateValues } from './delivery/engine';
import { userTemplateValues } from './platform/template-values';
import { readGlobalSettings } from './platform/platform-settings';
import { fcmCredentialsAlerts } from './modules/alerts';
import { StatisticsWriter } from './modules/statistics';
import { registerModules } from './modules/index';
import { appsCore } from './modules/apps';
import { devicesModule, mayBeRowError } from './modules/devices';
import { UserAttributesRepository, UserAttributesService } from './modules/user-attributes';
import { filesModule } from './modules/files';
import { apiKeysModule } from './modules/api-keys';
import type { Logger, LoggerOptions } from 'pino';
import { Metrics, serveMetrics } from './platform/metrics';
import { startPgliteUpkeep } from './db/pglite-upkeep';
import { retentionJobs } from './platform/retention';

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
  /** This process answers HTTP (serve, api); default true. `beacon worker` has no HTTP port. */
  servesHttp?: boolean;
}

export type BeaconApp = ModuleContext;

/**
 * The process's runtime under the modules: the metrics (METRICS), the statistics writer (the one writer of every
 * counter: the engine's send results and the devices' events and activity), PGlite's upkeep, the delivery runtime and
 * the partitions' maintenance job (started with the modules' jobs). `close` stops them in order, the delivery last.
 */
function buildRuntime(deps: AppDeps, log: FastifyBaseLogger, box: SecretBox, templateValues: TemplateValues) {
  const { config, database, sandbox } = deps;
  // Prometheus metrics (METRICS, METRICS_PORT): a registry of this instance, told by the engine and the device API
  const metrics = config.metrics ? new Metrics(database) : undefined;
  // the one writer of every statistics counter: the engine's send results and the devices' events and activity
  const statistics = new StatisticsWriter(database, {
    onError: (err) => log.error({ err }, 'counting queued events failed; the sweep retries'),
  });
  statistics.start();
  // PGlite runs no autovacuum (single-user mode): this process runs autovacuum's rule on it (db/pglite-upkeep.ts)
  const upkeep = startPgliteUpkeep(database, {
    onError: (err) => log.warn({ err }, 'PGlite upkeep (VACUUM, ANALYZE) failed; the next pass retries'),
  });
  const delivery = new DeliveryRuntime({
    database,
    counter: statistics,
    config,
    box,
    log,
    fcmBaseUrl: sandbox?.fcmBaseUrl ?? config.fcmBaseUrl ?? 'https://fcm.googleapis.com',
    runWorkers: deps.runWorkers ?? false,
    // the engine's ports: the platform's daily limits for its policies, an alert when an app's credentials fail
    policyFor: policyBinding(database, () => readGlobalSettings(database)),
    onAuthFailure: fcmCredentialsAlerts(database),
    templateValues,
    ...(metrics ? { metrics } : {}),
  });
  // the send records' partitions ahead and the retention: a daily job of the delivery workers (platform/retention.ts)
  const retention = retentionJobs({
    database,
    retentionDays: config.retentionDays,
    log,
    pruneStatistics: (now) => statistics.pruneUniqueDevices(now),
  });
  return {
    metrics,
    statistics,
    delivery,
    retention,
    close: async () => {
      await statistics.close();
      await upkeep.close();
      await retention.close();
      await delivery.close();
    },
  };
}

/** Builds the HTTP application: the runtime and the core modules, plugins in layers (external → app → routes), then the feature modules. */
export async function buildApp(deps: AppDeps): Promise<BeaconApp> {
  const { config, database, sandbox } = deps;
  const app = createHttpServer(config, deps.logger);
  const mailer = deps.mailer ?? createMailer(config.smtpUrl, config.mailFrom, app.log);
  const box = new SecretBox(config.secretKey);
  const apps = appsCore(database.db, box);
  const users = usersModule({
    app,
    config,
    db: database.db,
    mailer,
    countOwnedApps: (userId) => apps.repo.countOwned(userId),
  });
  // the values of devices' users that templates read (issue 33 §4): the engine, the save-time check and the preview
  const templateValues = userTemplateValues(database);
  const runtime = buildRuntime(deps, app.log, box, templateValues);
  const { metrics, statistics, delivery } = runtime;
  // users and attributes (issue 33 §1): the device API's naming and attribute writes, in group commits of their own
  const userAttributes = new UserAttributesService(new UserAttributesRepository(database), {
    mayIsolate: mayBeRowError,
    ...(metrics ? { flushObserver: (batcher) => metrics.flushObserver(batcher) } : {}),
  });
  const devices = await devicesModule({
    app,
    config,
    database,
    statistics,
    users: userAttributes,
    runWorkers: deps.runWorkers ?? false,
    apps: apps.repo,
    box,
    metrics,
    templateValues,
    onRegistered: sandbox ? (appId, token) => sandbox.knowToken(appId, token) : undefined,
  });
  const files = filesModule({ app, db: database.db });
  const apiKeys = apiKeysModule({ app, database });
  app.decorate('projectLevel', apps.projectLevel);
  await registerPlugins(app, {
    config,
    database,
    version: VERSION,
    resolveSession: (token) => users.users.resolveSession(token),
    keys: apiKeys.keys,
    consoleRoot: deps.consoleRoot,
  });

  const info: SystemInfo = {
    version: VERSION,
    sandbox: Boolean(sandbox),
    ssoEnabled: Boolean(users.sso),
    registrationEnabled: config.registrationEnabled,
  };
  // this process in the deployment's list (the platform's System status), its heartbeat until it closes
  const roles: ProcessRole[] = [
    ...(deps.servesHttp === false ? [] : ['api' as const]),
    ...(deps.runWorkers ? ['workers' as const] : []),
  ];
  const registration = await registerProcess(database, {
    roles,
    version: VERSION,
    ...(config.hostName ? { host: config.hostName } : {}),
    exclusive: database.kind === 'pglite',
    onError: (err) =>
      app.log.warn({ err }, "this process's heartbeat in beacon_processes failed; the next one retries"),
  });
  const jobQueues = new JobQueues(database);
  const status = new SystemStatusService({
    repo: new SystemStatusRepository(database),
    engine: database.kind,
    selfId: registration.id,
    eventsLog: devices.eventsLogStatus,
    jobQueues: () => jobQueues.read(),
    ...(database.replicaStatus ? { replica: () => database.replicaStatus!() } : {}),
  });
  registerSystemRoutes(app, {
    info,
    checkDatabase: async () => void (await database.query('SELECT 1')),
    status,
  });
  users.routes();
  await devices.routes();
  if (metrics && config.metrics)
    await serveMetrics(app, metrics, {
      settings: config.metrics,
      host: config.host,
      startNow: deps.runWorkers ?? false,
    });
  files.routes();
  apiKeys.routes();
  if (sandbox) registerSandboxRoutes(app, sandbox.tokenEndpoint);
  app.addHook('onClose', async () => {
    await registration.close();
    await devices.close();
    await runtime.close();
  });

  const ctx: ModuleContext = {
    app,
    config,
    database,
    mailer,
    box,
    services: { users: users.users, devices: devices.devices, apps: apps.service, files: files.files },
    repos: { users: users.repo, apps: apps.repo, devices: devices.repo },
    delivery,
    templateValues,
    // the statistics routes first see the events this process acknowledged counted (counted off the request path)
    counting: statistics,
  };
  // the feature modules, then every module's jobs after the partitions' maintenance (modules/workers.ts)
  await registerModules(ctx, [runtime.retention]);
  return ctx;
}
