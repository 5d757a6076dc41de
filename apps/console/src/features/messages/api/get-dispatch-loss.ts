import { useQuery } from '@tanstack/react-query';
import { statisticsCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { messagesQueryKey } from './get-messages';

export const getDispatchLoss = (appId: number, msgId: number) =>
  apiRequest(statisticsCalls.dispatchLoss, { params: { appId, msgId } });

/** Dispatch losses by code; loaded each time the popover opens (the detail's forecast table: while open, refreshed). */
export const useDispatchLoss = (
  appId: number,
  msgId: number,
  open: boolean,
  refresh: number | false = false,
) =>
  useQuery({
    queryKey: [...messagesQueryKey(appId), 'dispatch-loss', msgId],
    queryFn: () => getDispatchLoss(appId, msgId),
    enabled: open,
    staleTime: 0,
    gcTime: 0,
    refetchInterval: refresh,
  });
