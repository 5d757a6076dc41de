import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { callPath, Envelope, ErrorCodes, errorMessage, FieldError, tagCalls, type MessageLang, type TagImportResult } from '@beacon/shared';
import { ApiError } from '../../../lib/api-error';
import { tagsQueryKey } from './get-tags';

const AnyEnvelope = Envelope(z.unknown());
const FieldList = z.object({ fields: z.array(FieldError) });

/** Posts a .txt file of GAIDs (multipart `file`) and returns what was imported. */
export async function importTagDevices({ appId, tagId, file, lang }: { appId: number; tagId: number; file: File; lang: MessageLang }): Promise<TagImportResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetch(callPath(tagCalls.importDevices.path, { appId, tagId }), {
      method: 'POST',
      body: form,
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Accept-Language': lang },
    });
  } catch {
    throw new ApiError({ kind: 'network', code: ErrorCodes.SERVER_ERROR, message: 'Network error' });
  }
  if (response.status === 401) throw new ApiError({ kind: 'unauthorized', code: 401, httpStatus: 401, message: errorMessage(401, lang) });
  const envelope = AnyEnvelope.safeParse(await response.json().catch(() => undefined));
  if (!envelope.success) throw new ApiError({ kind: 'server', code: 0, httpStatus: response.status, message: errorMessage(0, lang) });
  const { status, msg, data } = envelope.data;
  if (status !== ErrorCodes.SUCCESS) {
    const fields = FieldList.safeParse(data);
    throw new ApiError({ kind: 'business', code: status, httpStatus: response.status, message: msg || errorMessage(status, lang), fields: fields.success ? fields.data.fields : [] });
  }
  const parsed = tagCalls.importDevices.data.safeParse(data);
  if (!parsed.success) throw new ApiError({ kind: 'server', code: 0, httpStatus: response.status, message: errorMessage(0, lang) });
  return parsed.data;
}

export const useImportTagDevices = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importTagDevices,
    onSuccess: async (_data, vars) => queryClient.invalidateQueries({ queryKey: tagsQueryKey(vars.appId) }),
  });
};
