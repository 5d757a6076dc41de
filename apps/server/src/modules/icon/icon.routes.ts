import { IMAGE_RULES, iconCalls } from '@beacon/shared';
import { fieldError } from '../../lib/api-error';
import { readUpload } from '../../lib/multipart';
import { registerCall } from '../../lib/register-call';
import type { FastifyInstance } from 'fastify';
import { iconPolicy } from './icon.policy';
import type { IconService } from './icon.service';

/** The app's default notification icon (config/icon). */
export function registerIconRoutes(app: FastifyInstance, icons: IconService): void {
  const { manage } = iconPolicy;

  registerCall(app, iconCalls.get, manage, async ({ params }) => icons.get(params.appId));
  registerCall(app, iconCalls.edit, manage, async ({ params, body }) => {
    // the spec's body repeats the app: another app's id is refused, never read as this one's
    if (body.appId !== undefined && body.appId !== params.appId)
      throw fieldError('appId', 'must be the app of the path');
    return icons.edit(params.appId, body.icon, body.color);
  });
  registerCall(app, iconCalls.upload, manage, async ({ req, session }) => {
    // a little past the limit is read so that the image check names the real problem
    const rule = IMAGE_RULES.smallIcon;
    const { data, filename } = await readUpload(req, {
      maxBytes: rule.maxBytes * 4,
      tooBig: () => fieldError('icon', `is too large (at most ${rule.maxBytes / 1024} KB)`),
    });
    return icons.upload(data, filename, session.user.id);
  });
}
