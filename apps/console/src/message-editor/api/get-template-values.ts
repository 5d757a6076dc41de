import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { templateCalls } from '@beacon/shared';
import { apiRequest } from '../../lib/api-client';

/** The variables the app's templates may name and, for a GAID, that device's values (msg/template/values). */
export const getTemplateValues = (appId: number, instanceId?: string) =>
  apiRequest(templateCalls.values, { params: { appId }, body: instanceId ? { instanceId } : {} });

export const getTemplateValuesQueryOptions = (appId: number, instanceId?: string) =>
  queryOptions({
    queryKey: ['messages', appId, 'template-values', instanceId ?? null],
    queryFn: () => getTemplateValues(appId, instanceId),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

/** The compose preview's values: silent (an unknown GAID is shown at the picker, not as a toast). */
export const useTemplateValues = (appId: number, instanceId?: string) =>
  useQuery({ ...getTemplateValuesQueryOptions(appId, instanceId), retry: false, meta: { silent: true } });
