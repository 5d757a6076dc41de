import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import {
  callPath,
  Envelope,
  type ErrorCode,
  ErrorCodes,
  errorMessage,
  GaidListInfo,
  GaidListProblem,
  targetingCalls,
} from '@beacon/shared';
import { currentLanguage } from '../../i18n';
import { ApiError, envelopeCode } from '../../lib/api-error';

const AnyEnvelope = Envelope(z.unknown());

/** A refused GAID file or link: the usual error plus why (`problem.reason`) and, for 40000, the invalid lines. */
export class GaidListError extends ApiError {
  constructor(
    code: ErrorCode,
    httpStatus: number,
    message: string,
    readonly problem: GaidListProblem,
  ) {
    super({ kind: 'business', code, httpStatus, message, fields: problem.fields });
  }
}

/** Turns an envelope into the list, or throws GaidListError (field, reason, lines) or ApiError. */
export function readGaidListAnswer(httpStatus: number, body: unknown): GaidListInfo {
  const lang = currentLanguage();
  const envelope = AnyEnvelope.safeParse(body);
  if (!envelope.success)
    throw new ApiError({
      kind: 'server',
      code: ErrorCodes.SERVER_ERROR,
      httpStatus,
      message: errorMessage(ErrorCodes.SERVER_ERROR, lang),
    });
  const { status, msg, data } = envelope.data;
  if (status !== ErrorCodes.SUCCESS) {
    const problem = GaidListProblem.safeParse(data);
    const message = msg || errorMessage(status, lang);
    const code = envelopeCode(status);
    if (problem.success) throw new GaidListError(code, httpStatus, message, problem.data);
    throw new ApiError({ kind: 'business', code, httpStatus, message });
  }
  const parsed = GaidListInfo.safeParse(data);
  if (!parsed.success)
    throw new ApiError({
      kind: 'server',
      code: ErrorCodes.SERVER_ERROR,
      httpStatus,
      message: errorMessage(ErrorCodes.SERVER_ERROR, lang),
    });
  return parsed.data;
}

export interface UploadGaidFileInput {
  appId: number;
  file: File;
}

/** uploadTxtFile: posts the .txt as multipart `file`; the server stores its ids whole or refuses it with the bad lines. */
export async function uploadGaidFile({ appId, file }: UploadGaidFileInput): Promise<GaidListInfo> {
  const form = new FormData();
  form.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetch(callPath(targetingCalls.uploadFile.path, { appId }), {
      method: 'POST',
      body: form,
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Accept-Language': currentLanguage() },
    });
  } catch {
    throw new ApiError({ kind: 'network', code: ErrorCodes.SERVER_ERROR, message: 'Network error' });
  }
  if (response.status === 401)
    throw new ApiError({
      kind: 'unauthorized',
      code: ErrorCodes.NOT_SIGNED_IN,
      httpStatus: 401,
      message: errorMessage(ErrorCodes.NOT_SIGNED_IN, currentLanguage()),
    });
  return readGaidListAnswer(response.status, await response.json().catch(() => undefined));
}

export const useUploadGaidFile = () =>
  useMutation({ meta: { handlesErrors: true }, mutationFn: uploadGaidFile });
