import type { FastifyInstance } from 'fastify';
import { ErrorCodes, APP_LIMITS, appCalls, IMAGE_RULES } from '@beacon/shared';
import { ApiError, fieldError } from '../../lib/api-error';
import { readUpload } from '../../lib/multipart';
import { registerCall } from '../../lib/register-call';
import type { FilesService } from '../files';
import { appsPolicy } from './apps.policy';
import type { FirebaseUploadsService } from './firebase-uploads.service';

/** The create dialog's uploads: the service-account JSON (sealed, kept server-side) and the logo. */
export function registerAppUploadRoutes(
  app: FastifyInstance,
  deps: { uploads: FirebaseUploadsService; files: FilesService },
): void {
  registerCall(app, appCalls.uploadFirebase, appsPolicy.signedIn, async ({ req, session }) => {
    const { data, filename } = await readUpload(req, {
      maxBytes: APP_LIMITS.firebaseJsonMaxBytes,
      tooBig: () => new ApiError(ErrorCodes.FIREBASE_FILE_TOO_BIG),
    });
    return deps.uploads.upload(data, filename, session.user.id);
  });

  registerCall(app, appCalls.uploadLogo, appsPolicy.signedIn, async ({ req, session }) => {
    const rule = IMAGE_RULES.logo;
    // read a little past the limit so that the image check names the real problem (type before size)
    const { data, filename } = await readUpload(req, {
      maxBytes: rule.maxBytes * 4,
      tooBig: () => fieldError('logo', `is too large (at most ${rule.maxBytes / 1024} KB)`),
    });
    const stored = await deps.files.storeImage(data, rule, 'logo', filename, session.user.id);
    return { url: stored.url, name: stored.name };
  });
}
