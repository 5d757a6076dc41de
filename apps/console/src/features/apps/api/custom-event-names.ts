import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { customEventsCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { useAppMutation } from './app-mutation';

/** A page of the app's custom event names, with their property types, counts and limits (issue 33 §2). */
export const getEventNames = (appId: number, pageNo: number, pageSize: number) =>
  apiRequest(customEventsCalls.names, { params: { appId }, query: { pageNo, pageSize } });

export const eventNamesQueryKey = (appId: number) => ['apps', appId, 'custom-event-names'] as const;

export const useEventNames = (appId: number, pageNo: number, pageSize: number) =>
  useQuery(
    queryOptions({
      queryKey: [...eventNamesQueryKey(appId), pageNo, pageSize],
      queryFn: () => getEventNames(appId, pageNo, pageSize),
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
  );

export const deleteEventName = (appId: number, nameId: number) =>
  apiRequest(customEventsCalls.deleteName, { params: { appId, nameId } });

/** Deletes a name (its counts go, its events are read no more); refreshes the app's lists. */
export const useDeleteEventName = (appId: number, onSuccess?: () => void) =>
  useAppMutation(appId, (nameId: number) => deleteEventName(appId, nameId), onSuccess);
