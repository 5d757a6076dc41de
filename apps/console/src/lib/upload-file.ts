import { z } from 'zod';
import { type Call, Envelope, ErrorCodes, errorMessage, FieldError, type MessageLang } from '@beacon/shared';
import { type CallData } from './api-client';
import { ApiError, envelopeCode } from './api-error';

const AnyEnvelope = Envelope(z.unknown());
const FieldList = z.object({ fields: z.array(FieldError) });

export interface UploadOptions {
  /** The filled path (path parameters, query) when it differs from `call.path`. */
  url?: string;
  /** Form fields sent before the file (e.g. an image `kind`). */
  fields?: Record<string, string>;
}

/**
 * Posts one file as multipart `file` to an upload call and unwraps the envelope as apiRequest does (the JSON client
 * cannot send files): 401, business codes with their field list, and a reply that breaks the contract all become
 * ApiErrors.
 */
export async function uploadFile<C extends Call>(
  call: C,
  file: File,
  lang: MessageLang,
  opts: UploadOptions = {},
): Promise<CallData<C>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(opts.fields ?? {})) form.append(name, value);
  form.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetch(opts.url ?? call.path, {
      method: 'POST',
      body: form,
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Accept-Language': lang },
    });
  } catch {
    throw new ApiError({ kind: 'network', code: ErrorCodes.SERVER_ERROR, message: 'Network error' });
  }
  if (response.status === 401)
    throw new ApiError({
      kind: 'unauthorized',
      code: ErrorCodes.NOT_SIGNED_IN,
      httpStatus: 401,
      message: errorMessage(ErrorCodes.NOT_SIGNED_IN, lang),
    });
  const envelope = AnyEnvelope.safeParse(await response.json().catch(() => undefined));
  if (!envelope.success)
    throw new ApiError({
      kind: 'server',
      code: ErrorCodes.SERVER_ERROR,
      httpStatus: response.status,
      message: errorMessage(ErrorCodes.SERVER_ERROR, lang),
    });
  const { status, msg, data } = envelope.data;
  if (status !== ErrorCodes.SUCCESS) {
    const fields = FieldList.safeParse(data);
    throw new ApiError({
      kind: 'business',
      code: envelopeCode(status),
      httpStatus: response.status,
      message: msg || errorMessage(status, lang),
      fields: fields.success ? fields.data.fields : [],
    });
  }
  const parsed = call.data.safeParse(data);
  if (!parsed.success)
    throw new ApiError({
      kind: 'server',
      code: ErrorCodes.SERVER_ERROR,
      httpStatus: response.status,
      message: errorMessage(ErrorCodes.SERVER_ERROR, lang),
    });
  return parsed.data as CallData<C>;
}
