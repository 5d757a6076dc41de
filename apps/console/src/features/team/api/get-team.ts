import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { teamCalls, type TeamListRequest } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';

export type TeamFilter = Pick<TeamListRequest, 'email' | 'pageNo' | 'pageSize'>;

export const getTeam = (appId: number, filter: TeamFilter) =>
  apiRequest(teamCalls.list, { params: { appId }, body: filter });

export const teamQueryKey = (appId: number) => ['team', appId] as const;

export const getTeamQueryOptions = (appId: number, filter: TeamFilter) =>
  queryOptions({
    queryKey: [...teamQueryKey(appId), filter],
    queryFn: () => getTeam(appId, filter),
    placeholderData: keepPreviousData,
  });

/** The app's members and pending invitations, one page, filtered by e-mail. */
export const useTeam = (appId: number, filter: TeamFilter) => useQuery(getTeamQueryOptions(appId, filter));
