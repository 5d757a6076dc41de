import { useMutation, useQueryClient } from '@tanstack/react-query';
import { alertCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { ALERTS_QUERY_KEY } from './get-alerts';

export const resolveAlert = (id: number) => apiRequest(alertCalls.resolve, { params: { id } });

export const useResolveAlert = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveAlert,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ALERTS_QUERY_KEY }),
  });
};
