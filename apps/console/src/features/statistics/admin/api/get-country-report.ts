import { queryOptions, useQuery } from '@tanstack/react-query';
import { platformStatisticsCalls as calls, type StatMode } from '@beacon/shared';
import { apiRequest } from '../../../../lib/api-client';
import { ADMIN_STATS_KEY, REPORT_STALE_MS, type RangeInput } from './keys';

export const getCountryReport = (input: RangeInput & { type: StatMode }) =>
  apiRequest(calls.countryApp, { query: input });

export const getCountryReportQueryOptions = (input: RangeInput & { type: StatMode }) =>
  queryOptions({
    queryKey: [...ADMIN_STATS_KEY, 'country-report', input],
    queryFn: () => getCountryReport(input),
    staleTime: REPORT_STALE_MS,
  });

/** Push figures by country, and by country and app (level 100). */
export const useCountryReport = (input: RangeInput & { type: StatMode }) =>
  useQuery(getCountryReportQueryOptions(input));
