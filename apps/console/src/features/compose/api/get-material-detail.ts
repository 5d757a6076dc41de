import { queryOptions, useQuery } from '@tanstack/react-query';
import { materialCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';

export const getMaterialDetail = (appId: number, materialId: number) =>
  apiRequest(materialCalls.detail, { params: { appId, materialId } });

/** Under the materials feature's key ('materials', appId): its changes refresh what compose read. */
export const getMaterialDetailQueryOptions = (appId: number, materialId: number) =>
  queryOptions({
    queryKey: ['materials', appId, 'detail', materialId],
    queryFn: () => getMaterialDetail(appId, materialId),
    staleTime: 0,
    // a material that is gone (25102) is said on the screen, as a warning
    meta: { silent: true },
  });

/** The material a message is composed from (`materialId`): its content, languages and national attributes. */
export const useMaterialDetail = (appId: number, materialId: number | undefined) =>
  useQuery({
    ...getMaterialDetailQueryOptions(appId, materialId ?? 0),
    enabled: materialId !== undefined && materialId > 0,
  });
