import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { modelControlCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { type MutationConfig } from '../../../lib/react-query';

export const getMarketCountries = () => apiRequest(modelControlCalls.countries);

export const MARKET_COUNTRIES_QUERY_KEY = ['model-control', 'countries'] as const;

export const getMarketCountriesQueryOptions = () =>
  queryOptions({ queryKey: MARKET_COUNTRIES_QUERY_KEY, queryFn: getMarketCountries });

export const useMarketCountries = () => useQuery(getMarketCountriesQueryOptions());

export const saveMarketCountries = (body: { market: 1 | 2; countries: string[] }) =>
  apiRequest(modelControlCalls.saveCountries, { body });

export const useSaveMarketCountries = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof saveMarketCountries> } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...mutationConfig,
    mutationFn: saveMarketCountries,
    onSuccess: async (data, ...rest) => {
      queryClient.setQueryData(MARKET_COUNTRIES_QUERY_KEY, data);
      return mutationConfig?.onSuccess?.(data, ...rest);
    },
  });
};
