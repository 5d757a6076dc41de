import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type z } from 'zod';
import { userGroupCalls, type UserGroupListRequest } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';

export type UserGroupsFilter = z.input<typeof UserGroupListRequest>;

export const getUserGroups = (appId: number, filter: UserGroupsFilter) =>
  apiRequest(userGroupCalls.list, { params: { appId }, body: filter });

export const userGroupsQueryKey = (appId: number) => ['user-groups', appId] as const;

export const getUserGroupsQueryOptions = (appId: number, filter: UserGroupsFilter) =>
  queryOptions({
    queryKey: [...userGroupsQueryKey(appId), filter],
    queryFn: () => getUserGroups(appId, filter),
    placeholderData: keepPreviousData,
  });

/** A page of an app's user groups (pageSize up to 10000 for pickers; withSize adds live sizes). */
export const useUserGroups = (appId: number, filter: UserGroupsFilter, enabled = true) =>
  useQuery({ ...getUserGroupsQueryOptions(appId, filter), enabled });
