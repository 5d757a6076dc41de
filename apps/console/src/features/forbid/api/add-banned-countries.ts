import { fineworkCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { type MutationConfig } from '../../../lib/react-query';
import type { BanTarget } from './get-banned-countries';
import { useFineworkMutation } from './use-finework-mutation';

export interface AddBannedCountriesInput {
  target: BanTarget;
  countryCodes: string[];
}

/** Bans countries for an app or platform-wide; answers which were added and which were banned already. */
export const addBannedCountries = ({ target, countryCodes }: AddBannedCountriesInput) =>
  target === null
    ? apiRequest(fineworkCalls.platformCountryAdd, { body: { countryCodes } })
    : apiRequest(fineworkCalls.appCountryAdd, { body: { appId: target, countryCodes } });

export const useAddBannedCountries = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof addBannedCountries> } = {}) =>
  useFineworkMutation(addBannedCountries, mutationConfig);
