import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { messageCalls } from '@beacon/shared';
import { apiRequest } from '../../lib/api-client';
import { TARGET_MAX_REFRESH_MS, type TargetingInput } from './get-target-max';

export const getGroupCounts = (appId: number, appGroupId: number, targeting: TargetingInput) =>
  apiRequest(messageCalls.groupCount, { params: { appId }, body: { ...targeting, appGroupId } });

/** getMsgSendCount: the targeting's audience in each app of an app group (group sends); silent, the form shows it. */
export const useGroupCounts = (
  appId: number,
  appGroupId: number | undefined,
  targeting: TargetingInput | undefined,
) =>
  useQuery({
    queryKey: ['messages', appId, 'group-count', appGroupId, targeting],
    queryFn: () => getGroupCounts(appId, appGroupId ?? 0, targeting!),
    enabled: appGroupId !== undefined && targeting !== undefined,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    refetchInterval: TARGET_MAX_REFRESH_MS,
    retry: false,
    meta: { silent: true },
  });
