import { queryOptions, useQuery } from '@tanstack/react-query';
import { teamCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';

export const getInvite = (token: string) => apiRequest(teamCalls.inviteInfo, { body: { token } });

export const getInviteQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['team', 'invite', token],
    queryFn: () => getInvite(token),
    staleTime: 60_000,
    meta: { silent: true },
  });

/** What an invitation link is for; errors (used or expired links) are shown by the page, not as alerts. */
export const useInvite = (token: string) =>
  useQuery({ ...getInviteQueryOptions(token), enabled: token.length > 0 });
