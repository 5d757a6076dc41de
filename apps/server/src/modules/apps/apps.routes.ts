import { ErrorCodes, appCalls, appInfoCalls } from '@beacon/shared';
import { ApiError } from '../../lib/api-error';
import { registerCall } from '../../lib/register-call';
import type { FastifyInstance } from 'fastify';
import type { FilesService } from '../files';
import type { UsersRepository } from '../users';
import type { AppsRepository } from './apps.repository';
import type { AppsService } from './apps.service';
import { registerAppDetailsRoutes } from './app-details.routes';
import type { AppDetailsService } from './app-details.service';
import { registerAppUploadRoutes } from './app-uploads.routes';
import { toAppInfo } from './app-info';
import { appsPolicy } from './apps.policy';
import type { FirebaseUploadsService } from './firebase-uploads.service';

export { serverUtc, toAppInfo } from './app-info';

/** The app routes: the info every app screen reads, the dashboard's list, creation, details and deletion. */
export function registerAppsRoutes(
  app: FastifyInstance,
  deps: {
    services: { apps: AppsService; files: FilesService };
    repos: { apps: AppsRepository; users: UsersRepository };
    uploads: FirebaseUploadsService;
    details: AppDetailsService;
  },
): void {
  const { repos, services, uploads, details } = deps;

  registerCall(app, appInfoCalls.info, appsPolicy.info, async ({ params, projectLevel }) => {
    const found = await repos.apps.findById(params.appId);
    if (!found) throw new ApiError(ErrorCodes.APP_UNKNOWN);
    const owner = found.ownerId ? await repos.users.findById(found.ownerId) : undefined;
    return toAppInfo(found, owner?.email ?? '', projectLevel);
  });

  registerCall(app, appCalls.list, appsPolicy.signedIn, async ({ body, session }) =>
    services.apps.list(session.user, body.title, body.pageNo, body.pageSize),
  );

  registerCall(app, appCalls.check, appsPolicy.signedIn, async ({ body }) => ({
    available: await services.apps.isPkgFree(body.pkg),
  }));

  registerCall(app, appCalls.save, appsPolicy.signedIn, async ({ body, session }) => {
    const serviceAccount = await uploads.take(body.appFireBaseJsonId, session.user.id);
    const { app: created } = await services.apps.create({
      title: body.title,
      pkg: body.pkg,
      description: body.description,
      logo: body.logo,
      owner: { userId: session.user.id, email: session.user.email },
      serviceAccount,
    });
    return { appId: created.id };
  });

  registerCall(app, appCalls.remove, appsPolicy.owner, async ({ params, body }) => {
    await services.apps.remove(params.appId, body.pkg);
    return {};
  });

  registerCall(app, appCalls.removeLegacy, appsPolicy.ownerByBody, async ({ body }) => {
    await services.apps.remove(body.appId, body.pkg);
    return {};
  });

  registerAppUploadRoutes(app, { uploads, files: services.files });
  registerAppDetailsRoutes(app, { details, apps: services.apps, uploads });
}
