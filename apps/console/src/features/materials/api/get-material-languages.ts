import { queryOptions, useQuery } from '@tanstack/react-query';
import { materialCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { materialsQueryKey } from './get-materials';

export const getMaterialLanguages = (appId: number, materialId: number) =>
  apiRequest(materialCalls.subList, { params: { appId, materialId } });

export const getMaterialLanguagesQueryOptions = (appId: number, materialId: number) =>
  queryOptions({
    queryKey: [...materialsQueryKey(appId), 'languages', materialId],
    queryFn: () => getMaterialLanguages(appId, materialId),
  });

/** The languages of a notification material (getMaterialSubList): what its row expands to. */
export const useMaterialLanguages = (appId: number, materialId: number) =>
  useQuery(getMaterialLanguagesQueryOptions(appId, materialId));
