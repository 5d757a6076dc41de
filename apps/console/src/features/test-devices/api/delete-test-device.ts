import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type z } from 'zod';
import { testDeviceCalls, type TestDeviceIdRequest } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { type MutationConfig } from '../../../lib/react-query';
import { testDevicesQueryKey } from './get-test-devices';

export const deleteTestDevice = async ({
  appId,
  ...body
}: z.input<typeof TestDeviceIdRequest> & { appId: number }): Promise<void> => {
  await apiRequest(testDeviceCalls.remove, { params: { appId }, body });
};

/** Deletes a test device. */
export const useDeleteTestDevice = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof deleteTestDevice> } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    ...mutationConfig,
    mutationFn: deleteTestDevice,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: testDevicesQueryKey(args[1].appId) });
      return mutationConfig?.onSuccess?.(...args);
    },
  });
};
