import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callPath, materialCalls } from '@beacon/shared';
import { currentLanguage } from '../../../i18n';
import { type MutationConfig } from '../../../lib/react-query';
import { uploadFile } from '../../../lib/upload-file';
import { materialsQueryKey } from './get-materials';

/**
 * Posts an .xlsx in the template's layout as multipart `file` (material/upload): every material is created, or none
 * and `problems` names each bad cell.
 */
export const importMaterials = ({ appId, file }: { appId: number; file: File }) =>
  uploadFile(materialCalls.upload, file, currentLanguage(), {
    url: callPath(materialCalls.upload.path, { appId }),
  });

/** The dialog shows what went wrong itself (the sheet's problems, or the refusal). */
export const useImportMaterials = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof importMaterials> } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...mutationConfig,
    meta: { handlesErrors: true },
    mutationFn: importMaterials,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: materialsQueryKey(args[1].appId) });
      return mutationConfig?.onSuccess?.(...args);
    },
  });
};
