import { queryOptions, useQuery } from '@tanstack/react-query';
import { controlGroupCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { messagesQueryKey } from './get-messages';

export const getLift = (appId: number, msgId: number) =>
  apiRequest(controlGroupCalls.lift, { params: { appId, msgId } });

/** A message's lift over the app's control group (issue 34 §1). */
export const useLift = (appId: number, msgId: number, refetchInterval: number | false = false) =>
  useQuery({
    ...queryOptions({
      queryKey: [...messagesQueryKey(appId), 'lift', msgId],
      queryFn: () => getLift(appId, msgId),
      staleTime: 0,
    }),
    refetchInterval,
  });
