import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { MATERIAL_LIMITS, materialCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { materialsQueryKey } from './get-materials';

export const getMaterialReport = (appId: number, materialId: number, pageNo: number) =>
  apiRequest(materialCalls.report, {
    params: { appId, materialId },
    body: { pageNo, pageSize: MATERIAL_LIMITS.pageSize },
  });

export const getMaterialReportQueryOptions = (appId: number, materialId: number, pageNo: number) =>
  queryOptions({
    queryKey: [...materialsQueryKey(appId), 'report', materialId, pageNo],
    queryFn: () => getMaterialReport(appId, materialId, pageNo),
    placeholderData: keepPreviousData,
  });

/** The messages sent from a material with their counts (getMaterialReport), 20 a page. */
export const useMaterialReport = (appId: number, materialId: number, pageNo: number) =>
  useQuery(getMaterialReportQueryOptions(appId, materialId, pageNo));
