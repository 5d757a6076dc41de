import { queryOptions, useQuery } from '@tanstack/react-query';
import { testDeviceCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { testDevicesQueryKey } from './get-test-devices';

export const getTestDevice = (appId: number, id: number) =>
  apiRequest(testDeviceCalls.detail, { params: { appId }, body: { id } });

export const getTestDeviceQueryOptions = (appId: number, id: number) =>
  queryOptions({
    queryKey: [...testDevicesQueryKey(appId), 'detail', id],
    queryFn: () => getTestDevice(appId, id),
  });

/** One test device (the edit screen); disabled when adding. */
export const useTestDevice = (appId: number, id: number | undefined) =>
  useQuery({ ...getTestDeviceQueryOptions(appId, id ?? 0), enabled: id !== undefined });
