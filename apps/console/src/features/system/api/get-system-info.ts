import { queryOptions, useQuery } from '@tanstack/react-query';
import { userCalls, type SystemInfo } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { type QueryConfig } from '../../../lib/react-query';

export const getSystemInfo = (): Promise<SystemInfo> => apiRequest(userCalls.systemInfo);

export const getSystemInfoQueryOptions = () =>
  queryOptions({ queryKey: ['system', 'info'], queryFn: getSystemInfo, staleTime: Number.POSITIVE_INFINITY });

export const useSystemInfo = (queryConfig: QueryConfig = {}) =>
  useQuery({ ...getSystemInfoQueryOptions(), ...queryConfig });
