import { queryOptions, useQuery } from '@tanstack/react-query';
import { userAttributeCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';

/** The app's user attributes with the limits (issue 33 §1). */
export const getAttributes = (appId: number) =>
  apiRequest(userAttributeCalls.list, { params: { appId }, body: {} });

export const attributesQueryKey = (appId: number) => ['apps', appId, 'attributes'] as const;

export const getAttributesQueryOptions = (appId: number) =>
  queryOptions({ queryKey: attributesQueryKey(appId), queryFn: () => getAttributes(appId), staleTime: 0 });

export const useAttributes = (appId: number) => useQuery(getAttributesQueryOptions(appId));
