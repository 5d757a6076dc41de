import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type z } from 'zod';
import { iconCalls, type IconEditRequest } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { type MutationConfig } from '../../../lib/react-query';
import { iconQueryKey } from './get-icon';

export const editIcon = (body: z.input<typeof IconEditRequest> & { appId: number }) =>
  apiRequest(iconCalls.edit, { params: { appId: body.appId }, body });

/** Saves the icon and colour; the cached setting becomes the server's answer. */
export const useEditIcon = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof editIcon> } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    ...mutationConfig,
    mutationFn: editIcon,
    onSuccess: (...args) => {
      queryClient.setQueryData(iconQueryKey(args[1].appId), args[0]);
      return mutationConfig?.onSuccess?.(...args);
    },
  });
};
