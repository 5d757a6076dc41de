import { queryOptions, useQuery } from '@tanstack/react-query';
import { fineworkCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { FINEWORK_QUERY_KEY } from './get-finework-summary';

export const getBannedTimes = (appId: number) => apiRequest(fineworkCalls.times, { body: { appId } });

export const getBannedTimesQueryOptions = (appId: number, lang: string) =>
  queryOptions({
    queryKey: [...FINEWORK_QUERY_KEY, 'times', appId, lang],
    queryFn: () => getBannedTimes(appId),
  });

/** The app's banned windows per country (with ids, for deleting one). */
export const useBannedTimes = (appId: number, lang: string) =>
  useQuery({ ...getBannedTimesQueryOptions(appId, lang), select: (data) => data.list });
