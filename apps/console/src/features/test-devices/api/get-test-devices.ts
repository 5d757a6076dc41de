import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { testDeviceCalls, type TestDeviceListRequest } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';

export type TestDevicesFilter = Pick<TestDeviceListRequest, 'keyword' | 'pageNo' | 'pageSize'>;

export const getTestDevices = (appId: number, filter: TestDevicesFilter) =>
  apiRequest(testDeviceCalls.list, { params: { appId }, body: filter });

export const testDevicesQueryKey = (appId: number) => ['test-devices', appId] as const;

export const getTestDevicesQueryOptions = (appId: number, filter: TestDevicesFilter) =>
  queryOptions({
    queryKey: [...testDevicesQueryKey(appId), 'list', filter],
    queryFn: () => getTestDevices(appId, filter),
    placeholderData: keepPreviousData,
  });

/** The app's test devices, with validity computed by the server at each read. */
export const useTestDevices = (appId: number, filter: TestDevicesFilter) =>
  useQuery(getTestDevicesQueryOptions(appId, filter));
