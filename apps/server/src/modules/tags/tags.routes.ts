import { TagImportParams, tagCalls } from '@beacon/shared';
import { ApiError, fieldError } from '../../lib/api-error';
import { registerCall } from '../../lib/register-call';
import type { ModuleContext } from '../context';
import { tagsPolicy } from './tags.policy';
import { TagsRepository } from './tags.repository';
import { TagsService } from './tags.service';

const MB = 1024 * 1024;

/** Tag routes: verify, create, edit, list, delete, and the multipart GAID import. */
export function registerTagsModule({ app, database, repos }: ModuleContext): void {
  const tags = new TagsService(new TagsRepository(database));
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

  // multipart: registered by hand, with the same session and level checks as registerCall
  app.post(
    tagCalls.importDevices.path,
    { schema: { summary: tagCalls.importDevices.summary, consumes: ['multipart/form-data'] } },
    async (req) => {
      if (!req.session) throw new ApiError(401);
      const parsed = TagImportParams.safeParse(req.params);
      if (!parsed.success)
        throw fieldError(String(parsed.error.issues[0]?.path[0] ?? 'appId'), 'must be a positive integer');
      const { appId, tagId } = parsed.data;
      const level = await app.projectLevel(req.session.user, appId);
      if (level === undefined || !(access.appLevels as readonly number[]).includes(level))
        throw new ApiError(1002);
      if (!req.isMultipart()) throw fieldError('file', 'must be sent as multipart/form-data');
      const found = await repos.apps.findById(appId);
      if (!found) throw new ApiError(2006);
      const file = await req.file();
      if (!file) throw new ApiError(21014);
      if (!/\.txt$/i.test(file.filename)) throw fieldError('file', 'must be a .txt file');
      const limitBytes = (found.uploadFileLimit > 0 ? found.uploadFileLimit : 30) * MB;
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of file.file) {
        size += (chunk as Buffer).length;
        if (size > limitBytes) throw new ApiError(21017);
        chunks.push(chunk as Buffer);
      }
      if (file.file.truncated) throw new ApiError(21017);
      const data = await tags.importGaids(appId, tagId, Buffer.concat(chunks).toString('utf8'));
      return { status: 200, msg: 'success', data };
    },
  );
}
