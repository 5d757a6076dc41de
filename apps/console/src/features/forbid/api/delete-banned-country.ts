import { fineworkCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { type MutationConfig } from '../../../lib/react-query';
import type { BanTarget } from './get-banned-countries';
import { useFineworkMutation } from './use-finework-mutation';

export interface DeleteBannedCountryInput {
  target: BanTarget;
  countryCode: string;
}

/** Lifts a country ban of an app, or a platform-wide one. */
export const deleteBannedCountry = async ({
  target,
  countryCode,
}: DeleteBannedCountryInput): Promise<void> => {
  if (target === null) await apiRequest(fineworkCalls.platformCountryDelete, { body: { countryCode } });
  else await apiRequest(fineworkCalls.appCountryDelete, { body: { appId: target, countryCode } });
};

export const useDeleteBannedCountry = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof deleteBannedCountry> } = {}) =>
  useFineworkMutation(deleteBannedCountry, mutationConfig);
