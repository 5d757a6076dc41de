import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type z } from 'zod';
import { modelControlCalls, type ModelEntryInput } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { type MutationConfig } from '../../../lib/react-query';
import { MODELS_QUERY_KEY } from './get-models';

export type SaveModelInput = z.input<typeof ModelEntryInput> & { id?: number };

/** Adds an entry, or changes entry `id`. */
export const saveModel = async ({ id, ...body }: SaveModelInput): Promise<void> => {
  if (id === undefined) await apiRequest(modelControlCalls.save, { body });
  else await apiRequest(modelControlCalls.edit, { body: { ...body, id } });
};

export const useSaveModel = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof saveModel> } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    ...mutationConfig,
    mutationFn: saveModel,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: MODELS_QUERY_KEY });
      return mutationConfig?.onSuccess?.(...args);
    },
  });
};
