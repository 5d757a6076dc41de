import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type z } from 'zod';
import { testDeviceCalls, type TestDeviceEditRequest } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { type MutationConfig } from '../../../lib/react-query';
import { testDevicesQueryKey } from './get-test-devices';

export const editTestDevice = ({
  appId,
  ...body
}: z.input<typeof TestDeviceEditRequest> & { appId: number }) =>
  apiRequest(testDeviceCalls.edit, { params: { appId }, body });

/** Saves a test device. */
export const useEditTestDevice = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof editTestDevice> } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    ...mutationConfig,
    mutationFn: editTestDevice,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: testDevicesQueryKey(args[1].appId) });
      return mutationConfig?.onSuccess?.(...args);
    },
  });
};
