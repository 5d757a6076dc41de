import { queryOptions, useQuery } from '@tanstack/react-query';
import { materialCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { materialsQueryKey } from './get-materials';

export const getMaterial = (appId: number, materialId: number) =>
  apiRequest(materialCalls.detail, { params: { appId, materialId } });

export const getMaterialQueryOptions = (appId: number, materialId: number) =>
  queryOptions({
    queryKey: [...materialsQueryKey(appId), 'detail', materialId],
    queryFn: () => getMaterial(appId, materialId),
    staleTime: 0,
  });

/** One material with its content (getMaterialDetail): the review preview, edit and copy. */
export const useMaterial = (appId: number, materialId: number | undefined) =>
  useQuery({
    ...getMaterialQueryOptions(appId, materialId ?? 0),
    enabled: materialId !== undefined && materialId > 0,
  });
