import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { messageCalls, TargetingType, type TargetMaxInput, type Targeting } from '@beacon/shared';
import { type z } from 'zod';
import { apiRequest } from '../../lib/api-client';

export type TargetingInput = z.input<typeof Targeting>;

export const getTargetMax = (appId: number, targeting: TargetMaxInput) =>
  apiRequest(messageCalls.targetMax, { params: { appId }, body: targeting });

export const getTargetMaxQueryOptions = (appId: number, targeting: TargetingInput) =>
  queryOptions({
    queryKey: ['messages', appId, 'target-max', targeting],
    queryFn: () => getTargetMax(appId, targeting),
    staleTime: 10_000,
    placeholderData: keepPreviousData,
  });

/** How often an open compose form refreshes its estimate: devices keep registering while a message is written. */
export const TARGET_MAX_REFRESH_MS = 60_000;

/** The audience estimate (getMessageTargetMax) for complete targeting; silent, the form shows its own state. */
export const useTargetMax = (appId: number, targeting: TargetingInput | undefined) =>
  useQuery({
    ...getTargetMaxQueryOptions(appId, targeting ?? { targetingType: TargetingType.EVERYONE }),
    enabled: targeting !== undefined,
    retry: false,
    refetchInterval: TARGET_MAX_REFRESH_MS,
    meta: { silent: true },
  });

/**
 * The estimate with its forecast before send (the confirmation): the message's targeting, kind, schedule and TTL;
 * loaded once per opening (each send is forecast afresh), silent (the confirmation shows its own state).
 */
export const useForecast = (appId: number, request: TargetMaxInput) =>
  useQuery({
    queryKey: ['messages', appId, 'forecast', request],
    queryFn: () => getTargetMax(appId, { ...request, forecast: true }),
    staleTime: 0,
    gcTime: 0,
    retry: false,
    meta: { silent: true },
  });
