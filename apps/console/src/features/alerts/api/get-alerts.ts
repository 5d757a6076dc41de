import { queryOptions, useQuery } from '@tanstack/react-query';
import { ALERT_LIMITS, alertCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';

export const ALERTS_QUERY_KEY = ['alerts'] as const;

export const getAlerts = () => apiRequest(alertCalls.list);

/** `lang` is part of the key: the server renders the texts in the request language. */
export const getAlertsQueryOptions = (lang: string) =>
  queryOptions({
    queryKey: [...ALERTS_QUERY_KEY, lang],
    queryFn: getAlerts,
    refetchInterval: ALERT_LIMITS.refreshMs,
    refetchIntervalInBackground: false,
  });

/** The open admin alerts, refreshed every 60 s (levels 100 and 150 only: pass `enabled`). */
export const useAlerts = (lang: string, enabled: boolean) =>
  useQuery({ ...getAlertsQueryOptions(lang), enabled });
