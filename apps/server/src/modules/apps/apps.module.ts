import type { FastifyInstance } from 'fastify';
import { UserLevel } from '@beacon/shared';
import type { Config } from '../../config';
import { allowedTokenEndpoints } from '../../delivery';
import type { SecretBox } from '../../lib/secret-box';
import type { FilesService } from '../files';
import type { UsersRepository } from '../users';
import { AppDetailsService } from './app-details.service';
import { AppsRepository } from './apps.repository';
import { registerAppsRoutes } from './apps.routes';
import { AppsService } from './apps.service';
import { FirebaseUploadsRepository } from './firebase-uploads.repository';
import { FirebaseUploadsService } from './firebase-uploads.service';

/**
 * The apps' core, built before the plugins and the other modules: the repository and service they share, and a
 * user's level on an app for the access guard (a super admin's on any app that exists).
 */
export function appsCore(db: ConstructorParameters<typeof AppsRepository>[0], box: SecretBox) {
  const repo = new AppsRepository(db);
  return {
    repo,
    service: new AppsService(repo, box),
    projectLevel: async (user: { id: number; ulevel: number }, appId: number) => {
      if (user.ulevel === UserLevel.SUPER_ADMIN)
        return (await repo.exists(appId)) ? UserLevel.SUPER_ADMIN : undefined;
      return repo.memberLevel(appId, user.id);
    },
  };
}

/**
 * What the apps module takes from the module context (modules/context.ts). Named here rather than importing the
 * context, which names this module's own service: the context sits above the core modules, not beside them.
 */
export interface AppsModuleContext {
  app: FastifyInstance;
  config: Config;
  /** the database's query builder (database.db) */
  database: { db: ConstructorParameters<typeof FirebaseUploadsRepository>[0] };
  box: SecretBox;
  services: { apps: AppsService; files: FilesService };
  repos: { apps: AppsRepository; users: UsersRepository };
}

/**
 * The apps' screens (the apps repository and service are core, built in app.ts): the service-account uploads,
 * sealed with the box and checked against the allowed token endpoints, and the details.
 */
export function appsModule(ctx: AppsModuleContext) {
  const { app, repos, services, box, database, config } = ctx;
  const uploads = new FirebaseUploadsService(
    new FirebaseUploadsRepository(database.db),
    box,
    allowedTokenEndpoints(config),
  );
  const details = new AppDetailsService(repos.apps, repos.users, box);
  return { routes: () => registerAppsRoutes(app, { services, repos, uploads, details }) };
}
