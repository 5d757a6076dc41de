import { useQuery } from '@tanstack/react-query';
import { statisticsCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { messagesQueryKey } from './get-messages';

export const getShowLoss = (appId: number, msgId: number) =>
  apiRequest(statisticsCalls.showLoss, { params: { appId, msgId } });

/** Show losses by reason; loaded each time the popover opens. */
export const useShowLoss = (appId: number, msgId: number, open: boolean) =>
  useQuery({
    queryKey: [...messagesQueryKey(appId), 'show-loss', msgId],
    queryFn: () => getShowLoss(appId, msgId),
    enabled: open,
    staleTime: 0,
    gcTime: 0,
  });
