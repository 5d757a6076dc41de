import type { FastifyRequest } from 'fastify';
import { IMAGE_RULES, iconCalls } from '@beacon/shared';
import { fieldError } from '../../lib/api-error';
import { registerCall } from '../../lib/register-call';
import type { ModuleContext } from '../context';
import { iconPolicy } from './icon.policy';
import { IconRepository } from './icon.repository';
import { IconService } from './icon.service';

/** Reads the multipart `file` field; a little past the limit is read so the image check names the real problem. */
async function readIcon(req: FastifyRequest): Promise<{ data: Buffer; filename: string }> {
  if (!req.isMultipart()) throw fieldError('file', 'must be sent as multipart/form-data');
  const max = IMAGE_RULES.smallIcon.maxBytes * 4;
  const file = await req.file({ limits: { fileSize: max } });
  if (!file) throw fieldError('file', 'is required');
  try {
    const data = await file.toBuffer();
    return { data, filename: file.filename };
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' || file.file.truncated) {
      throw fieldError('icon', `is too large (at most ${IMAGE_RULES.smallIcon.maxBytes / 1024} KB)`);
    }
    throw err;
  }
}

/** The app's default notification icon (config/icon). */
export function registerIconModule({ app, database, services }: ModuleContext): void {
  const icons = new IconService(new IconRepository(database.db), services.files);
  const { manage } = iconPolicy;

  registerCall(app, iconCalls.get, manage, async ({ params }) => icons.get(params.appId));
  registerCall(app, iconCalls.edit, manage, async ({ params, body }) =>
    icons.edit(params.appId, body.icon, body.color),
  );
  registerCall(app, iconCalls.upload, manage, async ({ req, session }) => {
    const { data, filename } = await readIcon(req);
    return icons.upload(data, filename, session.user.id);
  });
}
