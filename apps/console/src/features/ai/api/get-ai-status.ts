import { queryOptions, useQuery } from '@tanstack/react-query';
import { aiCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { type QueryConfig } from '../../../lib/react-query';

export const getAiStatus = () => apiRequest(aiCalls.status);

export const aiStatusQueryKey = ['ai', 'status'] as const;

export const getAiStatusQueryOptions = () =>
  queryOptions({
    queryKey: aiStatusQueryKey,
    queryFn: getAiStatus,
    // the provider is set when the server starts: asked once a session
    staleTime: Infinity,
    // a console without the status shows the AI actions disabled, not an error
    meta: { silent: true },
  });

/** Whether an AI provider is configured (AI_BASE_URL): the AI actions are disabled while it is not. */
export const useAiStatus = ({ queryConfig }: { queryConfig?: QueryConfig } = {}) =>
  useQuery({ ...getAiStatusQueryOptions(), ...queryConfig });
