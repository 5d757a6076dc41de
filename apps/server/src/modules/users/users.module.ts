import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Mailer } from '../../mail/mailer';
import { SsoService } from './sso.service';
import { UsersRepository } from './users.repository';
import { registerUsersRoutes } from './users.routes';
import { UsersService } from './users.service';

/**
 * Users (a core module, built before the others: the auth plugin resolves sessions through it): its service, the
 * SSO service when OIDC is configured, and its routes.
 */
export function usersModule(ctx: {
  app: FastifyInstance;
  config: Config;
  /** the database's query builder (database.db) */
  db: ConstructorParameters<typeof UsersRepository>[0];
  mailer: Mailer;
  countOwnedApps: (userId: number) => Promise<number>;
}) {
  const { app, config } = ctx;
  const repo = new UsersRepository(ctx.db);
  const users = new UsersService({
    repo,
    mailer: ctx.mailer,
    publicUrl: config.publicUrl,
    sessionTtlMs: config.sessionTtlMs,
    registrationEnabled: config.registrationEnabled,
    countOwnedApps: ctx.countOwnedApps,
  });
  const sso = config.oidc
    ? new SsoService({ ...config.oidc, cookieSecure: config.cookieSecure }, repo, app.log)
    : undefined;
  return {
    users,
    repo,
    sso,
    routes: () =>
      registerUsersRoutes(app, {
        users,
        sso,
        cookie: { secure: config.cookieSecure, ttlMs: config.sessionTtlMs },
      }),
  };
}
