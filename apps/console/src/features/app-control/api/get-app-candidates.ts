import { queryOptions, useQuery } from '@tanstack/react-query';
import { appControlCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';

export const getAppCandidates = () => apiRequest(appControlCalls.candidates);

export const getAppCandidatesQueryOptions = () =>
  queryOptions({ queryKey: ['app-control', 'candidates'], queryFn: getAppCandidates });

export const useAppCandidates = (enabled: boolean) =>
  useQuery({ ...getAppCandidatesQueryOptions(), enabled });
