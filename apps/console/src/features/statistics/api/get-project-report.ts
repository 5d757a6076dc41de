import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { statisticsCalls, type StatMode } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { statisticsQueryKey, STATISTICS_STALE_MS } from './keys';

/** What the trend asks for: the link's range as it is (the server answers the range it used) and the mode. */
export interface ProjectReportQuery {
  start?: string;
  end?: string;
  type: StatMode;
}

export const getProjectReport = (appId: number, query: ProjectReportQuery) =>
  apiRequest(statisticsCalls.project, { params: { appId }, query });

export const getProjectReportQueryOptions = (appId: number, query: ProjectReportQuery) =>
  queryOptions({
    queryKey: [...statisticsQueryKey(appId), 'project', query],
    queryFn: () => getProjectReport(appId, query),
    placeholderData: keepPreviousData,
    staleTime: STATISTICS_STALE_MS,
  });

/** The message trend, one row per day. */
export const useProjectReport = (appId: number, query: ProjectReportQuery) =>
  useQuery(getProjectReportQueryOptions(appId, query));
