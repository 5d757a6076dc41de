import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { fieldError, type ApiError } from './api-error';

/** The multipart field every upload call sends its file in (the console's uploadFile does). */
export const FILE_FIELD = 'file';

export interface UploadedFile {
  data: Buffer;
  filename: string;
  /** The text fields the route accepts, as sent. */
  fields: Record<string, string>;
}

export interface ReadUploadOptions {
  /** Bytes read at most; one past it throws `tooBig` (given the text fields read before the file). */
  maxBytes: number;
  tooBig: (fields: Record<string, string>) => ApiError;
  /** Text fields accepted besides the file (any order); other parts are refused naming them. */
  fields?: readonly string[];
  /** What to throw when no file came (default: 400 naming `file`). */
  missing?: () => ApiError;
}

const isTooLarge = (err: unknown) => (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';

function wrongPart(name: string): ApiError {
  return fieldError(name, `is not a field of this upload: send the file as the part named "${FILE_FIELD}"`);
}

/**
 * Reads a multipart upload into memory: exactly one file part named `file`, plus the listed text fields. A part of
 * another name is refused (it is never read as the file), and so is a request that is not multipart.
 */
export async function readUpload(req: FastifyRequest, opts: ReadUploadOptions): Promise<UploadedFile> {
  if (!req.isMultipart()) throw fieldError(FILE_FIELD, 'must be sent as multipart/form-data');
  const accepted = new Set(opts.fields ?? []);
  const fields: Record<string, string> = {};
  let file: { data: Buffer; filename: string } | undefined;
  try {
    const parts = req.parts({ limits: { fileSize: opts.maxBytes, files: 1, fields: accepted.size + 1 } });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== FILE_FIELD) throw wrongPart(part.fieldname);
        file = { data: await part.toBuffer(), filename: part.filename };
      } else if (accepted.has(part.fieldname)) {
        fields[part.fieldname] = String(part.value);
      } else {
        throw wrongPart(part.fieldname);
      }
    }
  } catch (err) {
    if (isTooLarge(err)) throw opts.tooBig(fields);
    if ((err as { code?: string }).code === 'FST_FILES_LIMIT')
      throw fieldError(FILE_FIELD, 'must be one file');
    if ((err as { code?: string }).code === 'FST_FIELDS_LIMIT') throw wrongPart('fields');
    throw err;
  }
  if (!file) throw opts.missing?.() ?? fieldError(FILE_FIELD, 'is required');
  return { ...file, fields };
}

/**
 * The file part of a multipart upload, to stream (large GAID lists): the first part must be the file named `file`.
 * `maxBytes` + 1 reaches the caller, which checks the size as it reads (`file.file.truncated`).
 */
export async function uploadStream(
  req: FastifyRequest,
  opts: { maxBytes: number; missing?: () => ApiError },
): Promise<MultipartFile> {
  if (!req.isMultipart()) throw fieldError(FILE_FIELD, 'must be sent as multipart/form-data');
  const file = await req.file({ limits: { fileSize: opts.maxBytes, files: 1 }, throwFileSizeLimit: false });
  if (!file) throw opts.missing?.() ?? fieldError(FILE_FIELD, 'is required');
  if (file.fieldname !== FILE_FIELD) {
    file.file.resume();
    throw wrongPart(file.fieldname);
  }
  return file;
}
