import { useMutation, useQueryClient } from '@tanstack/react-query';
import { materialCalls, type MaterialSaveInput } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { type MutationConfig } from '../../../lib/react-query';
import { materialsQueryKey } from './get-materials';

export interface SaveTarget {
  appId: number;
  /** Set when editing: the material saved over (its type stays). */
  materialId?: number | undefined;
  body: MaterialSaveInput;
}

/** Creates a material by hand (createMaterialItem, from 2) or edits one (from 3); it may wait for review (status 3). */
export const saveMaterial = ({ appId, materialId, body }: SaveTarget) =>
  materialId
    ? apiRequest(materialCalls.edit, { params: { appId, materialId }, body })
    : apiRequest(materialCalls.create, { params: { appId }, body });

/** The form shows the errors itself: a refused field at the field, 25103 (same content) as a message. */
export const useSaveMaterial = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof saveMaterial> } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...mutationConfig,
    meta: { handlesErrors: true },
    mutationFn: saveMaterial,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: materialsQueryKey(args[1].appId) });
      return mutationConfig?.onSuccess?.(...args);
    },
  });
};
