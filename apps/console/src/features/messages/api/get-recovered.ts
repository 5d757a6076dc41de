import { queryOptions, useQuery } from '@tanstack/react-query';
import { pushRecoveryCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { messagesQueryKey } from './get-messages';

export const getRecovered = (appId: number, msgId: number) =>
  apiRequest(pushRecoveryCalls.byModel, { params: { appId, msgId } });

export const getRecoveredQueryOptions = (appId: number, msgId: number) =>
  queryOptions({
    queryKey: [...messagesQueryKey(appId), 'recovered', msgId],
    queryFn: () => getRecovered(appId, msgId),
    staleTime: 0,
  });

/**
 * The deliveries missed-push recovery won back, by brand and model, and their total (the message's recovered
 * counter: the funnel's and the loss popover's figure). One query for the detail's table and its figures.
 */
export const useRecovered = (appId: number, msgId: number, refetchInterval: number | false = false) =>
  useQuery({ ...getRecoveredQueryOptions(appId, msgId), refetchInterval });
