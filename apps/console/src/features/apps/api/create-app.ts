import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type z } from 'zod';
import { appCalls, type AppSaveRequest } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { type MutationConfig } from '../../../lib/react-query';
import { APPS_QUERY_KEY } from './get-apps';

export const createApp = (body: z.input<typeof AppSaveRequest>) => apiRequest(appCalls.save, { body });

export const useCreateApp = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof createApp> } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    ...mutationConfig,
    mutationFn: createApp,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: APPS_QUERY_KEY });
      return mutationConfig?.onSuccess?.(...args);
    },
  });
};
