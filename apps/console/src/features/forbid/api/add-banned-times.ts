import { fineworkCalls, type FineworkTimesAdd } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { type MutationConfig } from '../../../lib/react-query';
import { useFineworkMutation } from './use-finework-mutation';

/** Adds banned windows for one app and country (all or none). */
export const addBannedTimes = (body: FineworkTimesAdd) => apiRequest(fineworkCalls.timesAdd, { body });

export const useAddBannedTimes = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof addBannedTimes> } = {}) =>
  useFineworkMutation(addBannedTimes, mutationConfig);
