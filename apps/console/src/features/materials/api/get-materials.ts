import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { materialCalls, type MaterialListRequest } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';

/** The three lists of the material screens: the library, the recycle bin, the audit list. */
export type MaterialList = 'list' | 'recycle' | 'audit';

/** Every material query of an app (lists, languages, detail, report): a change refreshes them all. */
export const materialsQueryKey = (appId: number) => ['materials', appId] as const;

export const getMaterials = (appId: number, list: MaterialList, body: MaterialListRequest) =>
  apiRequest(list === 'audit' ? materialCalls.auditList : materialCalls.list, { params: { appId }, body });

export const getMaterialsQueryOptions = (appId: number, list: MaterialList, body: MaterialListRequest) =>
  queryOptions({
    queryKey: [...materialsQueryKey(appId), 'list', list, body],
    queryFn: () => getMaterials(appId, list, body),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** One page of a material list (20 a page): the library (target 1), the recycle bin (target 2) or the audit list. */
export const useMaterials = (appId: number, list: MaterialList, body: MaterialListRequest) =>
  useQuery(getMaterialsQueryOptions(appId, list, body));
