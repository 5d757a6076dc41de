import { queryOptions, useQuery } from '@tanstack/react-query';
import { appGroupCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { APP_GROUPS_QUERY_KEY } from './get-app-groups';

export const getGroupCandidates = () => apiRequest(appGroupCalls.candidates);

export const getGroupCandidatesQueryOptions = () =>
  queryOptions({
    queryKey: [...APP_GROUPS_QUERY_KEY, 'candidates'],
    queryFn: getGroupCandidates,
    staleTime: 30_000,
  });

/** The apps the group dialog offers, each saying whether it can be picked. */
export const useGroupCandidates = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getGroupCandidatesQueryOptions(), enabled });
