import { ErrorCodes, targetingCalls, uploadLimitBytes } from '@beacon/shared';
import { ApiError } from '../../lib/api-error';
import { uploadStream } from '../../lib/multipart';
import { registerCall } from '../../lib/register-call';
import type { ModuleContext } from '../context';
import { LinkFetcher } from './link-fetcher';
import { targetingPolicy as policy } from './targeting.policy';
import { TargetingRepository } from './targeting.repository';
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

/** File targeting: upload a GAID .txt file, fetch a file link, check a link's size, read a stored list. */
export function registerTargetingModule(ctx: ModuleContext): void {
  const { app, repos } = ctx;
  const service = createTargetingService(ctx);
  const liveApp = async (appId: number) => {
    const found = await repos.apps.findById(appId);
    if (!found) throw new ApiError(ErrorCodes.APP_UNKNOWN);
    if (found.destroy === 2) throw new ApiError(ErrorCodes.APP_DESTROYED);
    return found;
  };

  registerCall(app, targetingCalls.uploadFile, policy.upload, async ({ req, params, session }) => {
    const found = await liveApp(params.appId);
    // one byte past the limit reaches the service, which refuses the file; the parser drops the rest
    const file = await uploadStream(req, {
      maxBytes: uploadLimitBytes(found.uploadFileLimit) + 1,
      missing: () =>
        new ApiError(ErrorCodes.FILE_MISSING, undefined, {
          fields: [{ field: 'file', message: 'is required' }],
        }),
    });
    return service.importFile(params.appId, session.user.id, { filename: file.filename, stream: file.file });
  });

  registerCall(app, targetingCalls.uploadLink, policy.upload, async ({ params, body, session }) => {
    await liveApp(params.appId);
    return service.importLink(params.appId, session.user.id, body.link);
  });

  registerCall(app, targetingCalls.sizeLink, policy.upload, async ({ params, body }) =>
    service.linkSize(params.appId, body.link),
  );

  registerCall(app, targetingCalls.listInfo, policy.upload, async ({ params, body }) =>
    service.info(params.appId, body.origin),
  );
}
