import type { FastifyInstance, FastifyRequest } from 'fastify';
import { APP_LIMITS, appCalls, IMAGE_RULES } from '@beacon/shared';
import { ApiError, fieldError } from '../../lib/api-error';
import { registerCall } from '../../lib/register-call';
import type { FilesService } from '../files/files.service';
import { appsPolicy } from './apps.policy';
import type { FirebaseUploadsService } from './firebase-uploads.service';

interface Upload {
  data: Buffer;
  filename: string;
}

/** Reads the multipart `file` field, up to `maxBytes`; `tooBig` is what to throw past that. */
async function readFile(req: FastifyRequest, maxBytes: number, tooBig: () => ApiError): Promise<Upload> {
  if (!req.isMultipart()) throw fieldError('file', 'must be sent as multipart/form-data');
  const file = await req.file({ limits: { fileSize: maxBytes } });
  if (!file) throw fieldError('file', 'is required');
  try {
    const data = await file.toBuffer();
    return { data, filename: file.filename };
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' || file.file.truncated) throw tooBig();
    throw err;
  }
}

/** The create dialog's uploads: the service-account JSON (sealed, kept server-side) and the logo. */
export function registerAppUploadRoutes(
  app: FastifyInstance,
  deps: { uploads: FirebaseUploadsService; files: FilesService },
): void {
  registerCall(app, appCalls.uploadFirebase, appsPolicy.signedIn, async ({ req, session }) => {
    const { data, filename } = await readFile(
      req,
      APP_LIMITS.firebaseJsonMaxBytes,
      () => new ApiError(110000),
    );
    return deps.uploads.upload(data, filename, session.user.id);
  });

  registerCall(app, appCalls.uploadLogo, appsPolicy.signedIn, async ({ req, session }) => {
    const rule = IMAGE_RULES.logo;
    // read a little past the limit so that the image check names the real problem (type before size)
    const { data, filename } = await readFile(req, rule.maxBytes * 4, () =>
      fieldError('logo', `is too large (at most ${rule.maxBytes / 1024} KB)`),
    );
    const stored = await deps.files.storeImage(data, rule, 'logo', filename, session.user.id);
    return { url: stored.url, name: stored.name };
  });
}
