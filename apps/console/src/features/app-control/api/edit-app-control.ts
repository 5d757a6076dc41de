import { useMutation, useQueryClient } from '@tanstack/react-query';
import { appControlCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { type MutationConfig } from '../../../lib/react-query';
import { APP_CONTROLS_QUERY_KEY } from './get-app-controls';

export interface EditAppControlInput {
  type: 1 | 2;
  operateType: 1 | 2;
  id?: number;
  appId?: number;
}

/** Adds (operateType 1, appId) or deletes (2, id) an app of the notification-control (1) or whitelist (2) list. */
export const editAppControl = async ({ type, ...body }: EditAppControlInput): Promise<void> => {
  await apiRequest(type === 1 ? appControlCalls.controlEdit : appControlCalls.whiteEdit, { body });
};

export const useEditAppControl = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof editAppControl> } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...mutationConfig,
    mutationFn: editAppControl,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: APP_CONTROLS_QUERY_KEY });
      return mutationConfig?.onSuccess?.(...args);
    },
  });
};
