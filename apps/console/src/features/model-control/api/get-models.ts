import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { modelControlCalls, type ModelListRequest } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';

export const getModels = (filter: ModelListRequest) => apiRequest(modelControlCalls.list, { body: filter });

export const MODELS_QUERY_KEY = ['model-control', 'models'] as const;

export const getModelsQueryOptions = (filter: ModelListRequest) =>
  queryOptions({
    queryKey: [...MODELS_QUERY_KEY, filter],
    queryFn: () => getModels(filter),
    placeholderData: keepPreviousData,
  });

export const useModels = (filter: ModelListRequest) => useQuery(getModelsQueryOptions(filter));
