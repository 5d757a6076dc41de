import { useQuery } from '@tanstack/react-query';
import { messageCalls } from '@beacon/shared';
import { apiRequest } from '../../lib/api-client';

/** msg/restrict/check: the daily limits a message of the kind meets (the kind selector's note); silent. */
export const useRestrict = (appId: number, msgRestrictType: 1 | 2 | 3) =>
  useQuery({
    queryKey: ['messages', appId, 'restrict', msgRestrictType],
    queryFn: () => apiRequest(messageCalls.restrictCheck, { params: { appId }, body: { msgRestrictType } }),
    staleTime: 30_000,
    retry: false,
    meta: { silent: true },
  });
