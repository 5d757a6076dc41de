import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { validatorCompiler } from './lib/validator';
import { UserLevel, type SystemInfo } from '@beacon/shared';
import type { Config } from './config';
import type { Database } from './db/client';
import type { Mailer } from './mail/mailer';
import { createMailer } from './mail/mailer';
import { authPlugin } from './plugins/auth';
import { errorEnvelopePlugin } from './plugins/error-envelope';
import { openapiPlugin } from './plugins/openapi';
import { requestContextPlugin } from './plugins/request-context';
import { securityPlugin } from './plugins/security';
import { staticConsolePlugin } from './plugins/static-console';
import { registerSystemRoutes } from './modules/system/system.routes';
import { SsoService } from './modules/users/sso.service';
import { UsersRepository } from './modules/users/users.repository';
import { registerUsersRoutes } from './modules/users/users.routes';
import { UsersService } from './modules/users/users.service';
import { createHash } from 'node:crypto';
import { excerpt } from './lib/excerpt';
import { safeLoggerOption } from './lib/log-options';
import { SecretBox } from './lib/secret-box';
import type { Sandbox } from './sandbox/sandbox';
import { registerSandboxRoutes } from './sandbox/sandbox.routes';
import type { ModuleContext } from './modules/context';
import { DeliveryRuntime } from './delivery/engine/runtime';
import { policyBinding } from './delivery/engine/policy-binding';
import { raiseAlert } from './modules/alerts/alerts.repository';
import { featureModules } from './modules/index';
import { AppsRepository } from './modules/apps/apps.repository';
import { AppsService } from './modules/apps/apps.service';
import { DevicesRepository } from './modules/devices/devices.repository';
import { DevicesService } from './modules/devices/devices.service';
import { SdkAuth } from './modules/devices/sdk-auth';
import { registerSdkRoutes } from './modules/devices/sdk.routes';
import multipart from '@fastify/multipart';
import { FilesRepository } from './modules/files/files.repository';
import { registerFilesRoutes } from './modules/files/files.routes';
import { FilesService } from './modules/files/files.service';
import type { Logger, LoggerOptions } from 'pino';

export const VERSION = '0.1.0';

function isLogger(l: unknown): l is Logger {
  return typeof l === 'object' && l !== null && typeof (l as Logger).child === 'function';
}

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
  // secrets never reach the log: statement parameters, hashes, tokens, cookies, keys (lib/log-options.ts)
  const logger = safeLoggerOption(deps.logger, config.logLevel);
  const app: FastifyInstance = Fastify({
    ...(isLogger(logger) ? { loggerInstance: logger } : { logger }),
    // X-Forwarded-For is believed only from the configured proxies (TRUST_PROXY); else req.ip is the socket's
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    bodyLimit: 2 * 1024 * 1024,
    requestIdHeader: 'x-request-id',
  }) as unknown as FastifyInstance;
  // the contracts' zod schemas, then no U+0000 in any input string (lib/validator.ts)
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const mailer = deps.mailer ?? createMailer(config.smtpUrl, config.mailFrom, app.log);
  const usersRepo = new UsersRepository(database.db);
  const users = new UsersService({
    repo: usersRepo,
    mailer,
    publicUrl: config.publicUrl,
    sessionTtlMs: config.sessionTtlMs,
    registrationEnabled: config.registrationEnabled,
    countOwnedApps: (userId) => appsRepo.countOwned(userId),
  });
  const box = new SecretBox(config.secretKey);
  const appsRepo = new AppsRepository(database.db);
  const devicesRepo = new DevicesRepository(database);
  const sandbox = deps.sandbox;
  const authAlerted = new Map<number, number>();
  const delivery = new DeliveryRuntime({
    database,
    config,
    box,
    log: app.log,
    fcmBaseUrl: sandbox?.fcmBaseUrl ?? config.fcmBaseUrl ?? 'https://fcm.googleapis.com',
    runWorkers: deps.runWorkers ?? false,
    policyFor: policyBinding(database),
    onAuthFailure: (appId, message) => {
      // one alert write per app a minute: a failing batch reports every device
      if ((authAlerted.get(appId) ?? 0) > Date.now() - 60_000) return;
      authAlerted.set(appId, Date.now());
      void raiseAlert(database, {
        appId,
        kind: 'fcm_credentials',
        // one bounded printable line: the reason may quote a token endpoint's or FCM's answer
        params: { reason: excerpt(message, 200) },
      }).catch(() => undefined);
    },
  });
  const devices = new DevicesService(devicesRepo, {
    onNewEvents: (events) => delivery.stats.applyEvents(events),
    ...(sandbox ? { onRegistered: (appId: number, token: string) => sandbox.knowToken(appId, token) } : {}),
  });
  const files = new FilesService(new FilesRepository(database.db));
  const cookieSecret = createHash('sha256').update(config.secretKey).update('cookie').digest('hex');
  const sso = config.oidc
    ? new SsoService({ ...config.oidc, cookieSecure: config.cookieSecure }, usersRepo, app.log)
    : undefined;

  app.decorate('projectLevel', async (user: { id: number; ulevel: number }, appId: number) => {
    if (user.ulevel === UserLevel.SUPER_ADMIN)
      return (await appsRepo.exists(appId)) ? UserLevel.SUPER_ADMIN : undefined;
    return appsRepo.memberLevel(appId, user.id);
  });
  await app.register(cookie, { secret: cookieSecret });
  await app.register(securityPlugin, { publicUrl: config.publicUrl });
  await app.register(multipart, { limits: { fileSize: 64 * 1024 * 1024, files: 1, fields: 10 } });
  await app.register(requestContextPlugin);
  await app.register(openapiPlugin, { version: VERSION });
  await app.register(errorEnvelopePlugin);
  await app.register(authPlugin, { resolveSession: (token) => users.resolveSession(token) });
  if (deps.consoleRoot) await app.register(staticConsolePlugin, { root: deps.consoleRoot });

  const info: SystemInfo = {
    version: VERSION,
    sandbox: Boolean(sandbox),
    ssoEnabled: Boolean(sso),
    registrationEnabled: config.registrationEnabled,
  };
  registerSystemRoutes(app, { info, checkDatabase: async () => void (await database.query('SELECT 1')) });
  registerUsersRoutes(app, {
    users,
    sso,
    cookie: { secure: config.cookieSecure, ttlMs: config.sessionTtlMs },
  });

  await registerSdkRoutes(app, { devices, auth: new SdkAuth(appsRepo, box) });
  registerFilesRoutes(app, files);
  if (sandbox) registerSandboxRoutes(app, sandbox.tokenEndpoint);
  app.addHook('onClose', async () => {
    await devices.drain();
    await delivery.close();
  });

  const ctx: ModuleContext = {
    app,
    config,
    database,
    mailer,
    box,
    services: { users, devices, apps: new AppsService(appsRepo, box), files },
    repos: { users: usersRepo, apps: appsRepo, devices: devicesRepo },
    delivery,
  };
  for (const register of featureModules) await register(ctx);
  return ctx;
}
