import { queryOptions, useQuery } from '@tanstack/react-query';
import { forbidCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';

export const getForbid = (appId: number, type: 1 | 2) =>
  apiRequest(forbidCalls.view, { params: { appId }, query: { type } });

/** `lang` is part of the key: the server names the countries in the request language. */
export const getForbidQueryOptions = (appId: number, type: 1 | 2, lang: string) =>
  queryOptions({ queryKey: ['forbid', appId, type, lang], queryFn: () => getForbid(appId, type) });

/** The app's banned countries (platform-wide and its own), named in `lang`. */
export const useForbidCountries = (appId: number, lang: string) =>
  useQuery({
    ...getForbidQueryOptions(appId, 1, lang),
    select: (data) => data.countryConfig?.countryList ?? [],
  });

/** The app's banned time windows per country, named in `lang`. */
export const useForbidTimes = (appId: number, lang: string) =>
  useQuery({ ...getForbidQueryOptions(appId, 2, lang), select: (data) => data.countryTimeConfig ?? [] });
