import { useMutation } from '@tanstack/react-query';
import {
  callPath,
  ErrorCodes,
  errorMessage,
  GaidLinkRequest,
  targetingCalls,
  type GaidListInfo,
} from '@beacon/shared';
import { currentLanguage } from '../../i18n';
import { ApiError } from '../../lib/api-error';
import { GaidListError, readGaidListAnswer } from './upload-gaid-file';

export interface CheckGaidLinkInput {
  appId: number;
  link: string;
}

/**
 * setPreviewUrl (upload/link): the server checks the link's size and address, downloads it and stores its ids; the
 * answer's `origin` is what the message names. Refusals keep their field and, for 40000, the invalid lines.
 */
export async function checkGaidLink({ appId, link }: CheckGaidLinkInput): Promise<GaidListInfo> {
  const body = GaidLinkRequest.safeParse({ link });
  if (!body.success) {
    const message = body.error.issues[0]?.message ?? 'is invalid';
    throw new GaidListError(ErrorCodes.PARAMETER_ILLEGAL, 0, `link ${message}`, {
      fields: [{ field: 'link', message }],
      reason: 'invalid',
    });
  }
  let response: Response;
  try {
    response = await fetch(callPath(targetingCalls.uploadLink.path, { appId }), {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'Accept-Language': currentLanguage(),
      },
      body: JSON.stringify(body.data),
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

export const useCheckGaidLink = () =>
  useMutation({ meta: { handlesErrors: true }, mutationFn: checkGaidLink });
