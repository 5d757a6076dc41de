import { queryOptions, useQuery } from '@tanstack/react-query';
import { ALERT_LIMITS, alertCalls } from '@beacon/shared';
import { apiRequest } from '../../../../lib/api-client';

export const getServerAlerts = () => apiRequest(alertCalls.list);

/** The header bell's key (features/alerts): both show the same answer. `lang`: the server renders the texts. */
export const getServerAlertsQueryOptions = (lang: string) =>
  queryOptions({
    queryKey: ['alerts', lang],
    queryFn: getServerAlerts,
    refetchInterval: ALERT_LIMITS.refreshMs,
    refetchIntervalInBackground: false,
  });

/** The open server alerts (GET /tcm/v1/dashboard/alarm), the first 100, refreshed every 60 s. */
export const useServerAlerts = (lang: string) => useQuery(getServerAlertsQueryOptions(lang));
