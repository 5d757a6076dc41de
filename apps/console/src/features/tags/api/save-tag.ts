import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type z } from 'zod';
import { tagCalls, type TagCreateRequest } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { type MutationConfig } from '../../../lib/react-query';
import { tagsQueryKey } from './get-tags';

export type SaveTagInput = { appId: number; id?: number | undefined } & z.input<typeof TagCreateRequest>;

/** Creates a tag, or edits it when `id` is set. */
export const saveTag = ({ appId, id, ...body }: SaveTagInput) =>
  id === undefined
    ? apiRequest(tagCalls.create, { params: { appId }, body })
    : apiRequest(tagCalls.edit, { params: { appId }, body: { id, ...body } });

export const useSaveTag = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof saveTag> } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    ...mutationConfig,
    mutationFn: saveTag,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: tagsQueryKey(args[1].appId) });
      await queryClient.invalidateQueries({ queryKey: ['dictionaries', 'app', args[1].appId] });
      return mutationConfig?.onSuccess?.(...args);
    },
  });
};
