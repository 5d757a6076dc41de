import { queryOptions, useQuery } from '@tanstack/react-query';
import { troubleshootingCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';

export const queryInstance = (appId: number, instanceId: string, type: number) =>
  apiRequest(troubleshootingCalls.query, { params: { appId }, body: { instanceId, type: type as 1 } });

/** `lang` is part of the key: the server names the country in the request language. */
export const getInstanceQueryOptions = (appId: number, instanceId: string, type: number, lang: string) =>
  queryOptions({
    queryKey: ['troubleshooting', appId, type, instanceId.toLowerCase(), lang],
    queryFn: () => queryInstance(appId, instanceId, type),
    staleTime: 0,
    retry: false,
  });

/** A device of the app looked up by id; idle until an id is given. */
export const useInstanceInfo = (appId: number, instanceId: string, type: number, lang: string) =>
  useQuery({ ...getInstanceQueryOptions(appId, instanceId, type, lang), enabled: instanceId !== '' });
