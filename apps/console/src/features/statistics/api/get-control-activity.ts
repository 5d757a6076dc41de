import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { controlGroupCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { statisticsQueryKey, STATISTICS_STALE_MS } from './keys';

export interface ControlActivityQuery {
  start?: string;
  end?: string;
}

export const getControlActivity = (appId: number, query: ControlActivityQuery) =>
  apiRequest(controlGroupCalls.activity, { params: { appId }, query });

/** The app's control group against everyone else per day (issue 34 §1, docs/control-groups.md). */
export const useControlActivity = (appId: number, query: ControlActivityQuery) =>
  useQuery(
    queryOptions({
      queryKey: [...statisticsQueryKey(appId), 'control-activity', query],
      queryFn: () => getControlActivity(appId, query),
      placeholderData: keepPreviousData,
      staleTime: STATISTICS_STALE_MS,
    }),
  );
