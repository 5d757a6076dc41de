import { ErrorCodes } from '@beacon/shared';
import { ApiError } from '../../lib/api-error';
import type { ModuleContext, ModuleParts } from '../context';
import { LinkFetcher } from './link-fetcher';
import { TargetingRepository } from './targeting.repository';
import { registerTargetingRoutes } from './targeting.routes';
import { TargetingService } from './targeting.service';

/** The file-targeting service on the module's database, with the app limits and BEACON_ALLOW_PRIVATE_LINKS. */
export function createTargetingService({
  database,
  repos,
  config,
}: Pick<ModuleContext, 'database' | 'repos' | 'config'>): TargetingService {
  return new TargetingService({
    repo: new TargetingRepository(database),
    uploadLimitOf: async (appId) => (await repos.apps.findById(appId))?.uploadFileLimit,
    fetcher: (maxBytes) => new LinkFetcher({ maxBytes, allowPrivate: config.allowPrivateLinks }),
  });
}

/** File targeting: the service, and the check that the call's app is known and not destroyed. */
export function targetingModule(ctx: ModuleContext): ModuleParts {
  const { app, repos } = ctx;
  const service = createTargetingService(ctx);
  const liveApp = async (appId: number) => {
    const found = await repos.apps.findById(appId);
    if (!found) throw new ApiError(ErrorCodes.APP_UNKNOWN);
    if (found.destroy === 2) throw new ApiError(ErrorCodes.APP_DESTROYED);
    return found;
  };
  return { routes: () => registerTargetingRoutes(app, { service, liveApp }) };
}
