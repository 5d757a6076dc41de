import { fineworkCalls, type FineworkTimesDelete } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { type MutationConfig } from '../../../lib/react-query';
import { useFineworkMutation } from './use-finework-mutation';

/** Deletes one banned window (`id`) or every window of a country (`countryCode`) of an app. */
export const deleteBannedTimes = async (body: FineworkTimesDelete): Promise<void> => {
  await apiRequest(fineworkCalls.timesDelete, { body });
};

export const useDeleteBannedTimes = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof deleteBannedTimes> } = {}) =>
  useFineworkMutation(deleteBannedTimes, mutationConfig);
