import type { FastifyInstance } from 'fastify';
import { ErrorCodes, targetingCalls, uploadLimitBytes } from '@beacon/shared';
import { ApiError } from '../../lib/api-error';
import { uploadStream } from '../../lib/multipart';
import { registerCall } from '../../lib/register-call';
import { targetingPolicy as policy } from './targeting.policy';
import type { AppRecord } from '../apps';
import type { TargetingService } from './targeting.service';

/** File targeting: upload a GAID .txt file, fetch a file link, check a link's size, read a stored list. */
export function registerTargetingRoutes(
  app: FastifyInstance,
  {
    service,
    liveApp,
  }: {
    service: TargetingService;
    /** the app of the call, able to take a list (known, not destroyed) */
    liveApp: (appId: number) => Promise<AppRecord>;
  },
): void {
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
