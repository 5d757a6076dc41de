import type { FastifyRequest } from 'fastify';
import { IMAGE_RULES, ImageKindField, uploadCalls, type ImageKind } from '@beacon/shared';
import { fieldError } from '../../lib/api-error';
import { registerCall } from '../../lib/register-call';
import type { ModuleContext } from '../context';
import { uploadsPolicy } from './uploads.policy';
import { UploadsService } from './uploads.service';

const LARGEST = Math.max(...Object.values(IMAGE_RULES).map((r) => r.maxBytes));

interface ImageUpload {
  data: Buffer;
  filename: string;
  kind: ImageKind;
}

/**
 * Reads the multipart `file` and `kind` fields in either order. A little past the largest limit is read so that
 * the image check names the real problem (type before size).
 */
async function readImage(req: FastifyRequest): Promise<ImageUpload> {
  if (!req.isMultipart()) throw fieldError('file', 'must be sent as multipart/form-data');
  let kind: unknown;
  let file: { data: Buffer; filename: string } | undefined;
  let truncated = false;
  try {
    for await (const part of req.parts({ limits: { fileSize: LARGEST * 4, files: 1, fields: 4 } })) {
      if (part.type === 'file') file = { data: await part.toBuffer(), filename: part.filename };
      else if (part.fieldname === 'kind') kind = part.value;
    }
  } catch (err) {
    if ((err as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') throw err;
    truncated = true;
  }
  const parsed = ImageKindField.safeParse(kind);
  if (truncated)
    throw fieldError(
      'file',
      `is too large (at most ${(parsed.success ? IMAGE_RULES[parsed.data].maxBytes : LARGEST) / 1024} KB)`,
    );
  if (!parsed.success) throw fieldError('kind', parsed.error.issues[0]?.message ?? 'is invalid');
  if (!file) throw fieldError('file', 'is required');
  return { ...file, kind: parsed.data };
}

/** Compose uploads: images by kind, and the small-icon colour check. */
export function registerUploadsModule({ app, services }: ModuleContext): void {
  const uploads = new UploadsService(services.files);
  const { compose } = uploadsPolicy;

  registerCall(app, uploadCalls.image, compose, async ({ req, session }) => {
    const { data, filename, kind } = await readImage(req);
    return uploads.uploadImage(data, filename, kind, session.user.id);
  });
  registerCall(app, uploadCalls.checkSmallIcon, compose, async ({ body }) => ({
    result: await uploads.checkSmallIcon(body.smallIconUrl),
  }));
}
