import { queryOptions, useQuery } from '@tanstack/react-query';
import { fineworkCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';

/** Everything fine-work shows; mutations invalidate it together with the apps' control views (`forbid`). */
export const FINEWORK_QUERY_KEY = ['finework'] as const;

export const getFineworkSummary = () => apiRequest(fineworkCalls.summary);

export const getFineworkSummaryQueryOptions = () =>
  queryOptions({ queryKey: [...FINEWORK_QUERY_KEY, 'summary'], queryFn: getFineworkSummary });

/** Every app with its counts of banned countries and windows, and the count of platform-wide bans. */
export const useFineworkSummary = () => useQuery(getFineworkSummaryQueryOptions());
