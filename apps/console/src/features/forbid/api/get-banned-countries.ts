import { queryOptions, useQuery } from '@tanstack/react-query';
import { fineworkCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { FINEWORK_QUERY_KEY } from './get-finework-summary';

/** Whose bans: one app's (`appId`), or the platform-wide list (null). */
export type BanTarget = number | null;

export const getBannedCountries = (target: BanTarget) =>
  target === null
    ? apiRequest(fineworkCalls.platformCountries)
    : apiRequest(fineworkCalls.appCountries, { body: { appId: target } });

/** `lang` is part of the key: the server names the countries in the request language. */
export const getBannedCountriesQueryOptions = (target: BanTarget, lang: string) =>
  queryOptions({
    queryKey: [...FINEWORK_QUERY_KEY, 'countries', target ?? 'platform', lang],
    queryFn: () => getBannedCountries(target),
  });

export const useBannedCountries = (target: BanTarget, lang: string) =>
  useQuery({ ...getBannedCountriesQueryOptions(target, lang), select: (data) => data.list });
