import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callPath, tagCalls, type MessageLang, type TagImportResult } from '@beacon/shared';
import { uploadFile } from '../../../lib/upload-file';
import { tagsQueryKey } from './get-tags';

/** Posts a .txt file of GAIDs (multipart `file`) and returns what was imported. */
export function importTagDevices({
  appId,
  tagId,
  file,
  lang,
}: {
  appId: number;
  tagId: number;
  file: File;
  lang: MessageLang;
}): Promise<TagImportResult> {
  return uploadFile(tagCalls.importDevices, file, lang, {
    url: callPath(tagCalls.importDevices.path, { appId, tagId }),
  });
}

export const useImportTagDevices = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importTagDevices,
    onSuccess: async (_data, vars) => queryClient.invalidateQueries({ queryKey: tagsQueryKey(vars.appId) }),
  });
};
