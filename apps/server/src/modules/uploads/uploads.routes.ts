import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IMAGE_RULES, ImageKindField, uploadCalls, type ImageKind } from '@beacon/shared';
import { fieldError } from '../../lib/api-error';
import { readUpload } from '../../lib/multipart';
import { registerCall } from '../../lib/register-call';
import { uploadsPolicy } from './uploads.policy';
import type { UploadsService } from './uploads.service';

const LARGEST = Math.max(...Object.values(IMAGE_RULES).map((r) => r.maxBytes));

interface ImageUpload {
  data: Buffer;
  filename: string;
  kind: ImageKind;
}

/** Reads the multipart `file` and `kind` fields in either order. */
async function readImage(req: FastifyRequest): Promise<ImageUpload> {
  const upload = await readUpload(req, {
    // a little past the largest limit is read so that the image check names the real problem (type before size)
    maxBytes: LARGEST * 4,
    fields: ['kind'],
    tooBig: (fields) => {
      const kind = ImageKindField.safeParse(fields.kind);
      return fieldError(
        'file',
        `is too large (at most ${(kind.success ? IMAGE_RULES[kind.data].maxBytes : LARGEST) / 1024} KB)`,
      );
    },
  });
  const parsed = ImageKindField.safeParse(upload.fields.kind);
  if (!parsed.success) throw fieldError('kind', parsed.error.issues[0]?.message ?? 'is invalid');
  return { data: upload.data, filename: upload.filename, kind: parsed.data };
}

/** Compose uploads: images by kind, and the small-icon colour check. */
export function registerUploadsRoutes(app: FastifyInstance, uploads: UploadsService): void {
  const { compose } = uploadsPolicy;

  registerCall(app, uploadCalls.image, compose, async ({ req, session }) => {
    const { data, filename, kind } = await readImage(req);
    return uploads.uploadImage(data, filename, kind, session.user.id);
  });
  registerCall(app, uploadCalls.checkSmallIcon, compose, async ({ body }) => ({
    result: await uploads.checkSmallIcon(body.smallIconUrl),
  }));
}
