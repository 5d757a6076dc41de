import { ErrorCodes, tagCalls, uploadLimitBytes } from '@beacon/shared';
import { ApiError, fieldError } from '../../lib/api-error';
import { uploadStream } from '../../lib/multipart';
import { registerCall } from '../../lib/register-call';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../context';
import { tagsPolicy } from './tags.policy';
import type { TagsService } from './tags.service';

/** Tag routes: verify, create, edit, list, delete, and the multipart GAID import. */
export function registerTagsRoutes(
  app: FastifyInstance,
  { tags, apps }: { tags: TagsService; apps: ModuleContext['repos']['apps'] },
): void {
  const access = tagsPolicy.manageTags;

  registerCall(app, tagCalls.verify, access, ({ params, body }) =>
    tags.verify(params.appId, body.code, body.id),
  );
  registerCall(app, tagCalls.list, access, ({ params, body }) => tags.list(params.appId, body));
  registerCall(app, tagCalls.create, access, ({ params, body, session }) =>
    tags.create(params.appId, body, session.user.email),
  );
  registerCall(app, tagCalls.edit, access, ({ params, body }) => tags.edit(params.appId, body));
  registerCall(app, tagCalls.remove, access, async ({ params, body }) => {
    await tags.remove(params.appId, body.id);
    return {};
  });

  registerCall(app, tagCalls.importDevices, access, async ({ params, req }) => {
    const found = await apps.findById(params.appId);
    if (!found) throw new ApiError(ErrorCodes.APP_UNKNOWN);
    const file = await uploadStream(req, {
      maxBytes: uploadLimitBytes(found.uploadFileLimit),
      missing: () => new ApiError(ErrorCodes.FILE_MISSING),
    });
    if (!/\.txt$/i.test(file.filename)) throw fieldError('file', 'must be a .txt file');
    const chunks: Buffer[] = [];
    for await (const chunk of file.file) chunks.push(chunk as Buffer);
    if (file.file.truncated) throw new ApiError(ErrorCodes.FILE_TOO_BIG);
    return tags.importGaids(params.appId, params.tagId, Buffer.concat(chunks).toString('utf8'));
  });
}
