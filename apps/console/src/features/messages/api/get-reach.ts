import { useQuery } from '@tanstack/react-query';
import { statisticsCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { messagesQueryKey } from './get-messages';

export const getReach = (appId: number, msgId: number) =>
  apiRequest(statisticsCalls.reach, { params: { appId, msgId } });

/** Reach by minute (first hour) and by hour. */
export const useReach = (appId: number, msgId: number, refetchInterval: number | false) =>
  useQuery({
    queryKey: [...messagesQueryKey(appId), 'reach', msgId],
    queryFn: () => getReach(appId, msgId),
    staleTime: 0,
    refetchInterval,
  });
