import { queryOptions, useQuery } from '@tanstack/react-query';
import { userCalls, type SessionUser } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { type QueryConfig } from '../../../lib/react-query';

/** The session user; the query cache entry every screen reads the signed-in user from. */
export const SESSION_QUERY_KEY = ['auth', 'session'] as const;

export const getLoginStatus = (): Promise<SessionUser> => apiRequest(userCalls.loginStatus);

export const getLoginStatusQueryOptions = () =>
  queryOptions({ queryKey: SESSION_QUERY_KEY, queryFn: getLoginStatus, staleTime: 5 * 60_000 });

export const useLoginStatus = (queryConfig: QueryConfig = {}) =>
  useQuery({ ...getLoginStatusQueryOptions(), ...queryConfig });
