import { queryOptions, useQuery } from '@tanstack/react-query';
import { troubleshootingCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';

export const traceMessage = (appId: number, instanceId: string, msgId: number) =>
  apiRequest(troubleshootingCalls.message, { params: { appId }, body: { instanceId, msgId } });

/** `lang` is part of the key: the server names the loss code in the request language. */
export const getMessageTraceQueryOptions = (appId: number, instanceId: string, msgId: number, lang: string) =>
  queryOptions({
    queryKey: ['troubleshooting', 'message', appId, instanceId.toLowerCase(), msgId, lang],
    queryFn: () => traceMessage(appId, instanceId, msgId),
    staleTime: 0,
    retry: false,
    // an unknown message id is shown in the card, not as an error alert
    meta: { silent: true },
  });

/** One message traced for one device; idle until both ids are given. */
export const useMessageTrace = (appId: number, instanceId: string, msgId: number | undefined, lang: string) =>
  useQuery({
    ...getMessageTraceQueryOptions(appId, instanceId, msgId ?? 0, lang),
    enabled: instanceId !== '' && msgId !== undefined,
  });
