import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { userCalls, type UserListRequest } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';

export type UsersFilter = Pick<UserListRequest, 'email' | 'pageNo' | 'pageSize'>;

export const getUsers = (filter: UsersFilter) => apiRequest(userCalls.list, { body: filter });

export const USERS_QUERY_KEY = ['users'] as const;

export const getUsersQueryOptions = (filter: UsersFilter) =>
  queryOptions({
    queryKey: [...USERS_QUERY_KEY, filter],
    queryFn: () => getUsers(filter),
    placeholderData: keepPreviousData,
  });

export const useUsers = (filter: UsersFilter) => useQuery(getUsersQueryOptions(filter));
