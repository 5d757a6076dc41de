import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type z } from 'zod';
import { testDeviceCalls, type TestDeviceFields } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { type MutationConfig } from '../../../lib/react-query';
import { testDevicesQueryKey } from './get-test-devices';

export const createTestDevice = ({ appId, ...body }: z.input<typeof TestDeviceFields> & { appId: number }) =>
  apiRequest(testDeviceCalls.create, { params: { appId }, body });

/** Adds a test device. */
export const useCreateTestDevice = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof createTestDevice> } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    ...mutationConfig,
    mutationFn: createTestDevice,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: testDevicesQueryKey(args[1].appId) });
      return mutationConfig?.onSuccess?.(...args);
    },
  });
};
