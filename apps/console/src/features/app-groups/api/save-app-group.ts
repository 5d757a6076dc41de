import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type z } from 'zod';
import { appGroupCalls, type AppGroupSaveRequest } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { type MutationConfig } from '../../../lib/react-query';
import { APP_GROUPS_QUERY_KEY } from './get-app-groups';

export const saveAppGroup = (body: z.input<typeof AppGroupSaveRequest>) =>
  apiRequest(appGroupCalls.save, { body });

/** Creates a group, or edits one when `groupId` is given. */
export const useSaveAppGroup = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof saveAppGroup> } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    ...mutationConfig,
    mutationFn: saveAppGroup,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: APP_GROUPS_QUERY_KEY });
      return mutationConfig?.onSuccess?.(...args);
    },
  });
};
