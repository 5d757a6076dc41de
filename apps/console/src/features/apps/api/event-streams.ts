import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  callPath,
  EVENT_STREAM_EXPORT_PATH,
  eventStreamCalls,
  type EventStreamSettingsInput,
} from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { useAppMutation } from './app-mutation';

/** The app's event streams (issue 34 §3): settings, backlog and failures, secret, retry, replay, exports. */
export const getEventStreams = (appId: number) => apiRequest(eventStreamCalls.get, { params: { appId } });

export const eventStreamsQueryKey = (appId: number) => ['apps', appId, 'event-streams'] as const;

export const useEventStreams = (appId: number) =>
  useQuery(
    queryOptions({
      queryKey: eventStreamsQueryKey(appId),
      queryFn: () => getEventStreams(appId),
      // every 2 s while events wait (a retry or a replay drains before the eyes), else every 10 s
      refetchInterval: (q) => (q.state.data?.backlog ? 2000 : 10_000),
    }),
  );

export const useSaveEventStreams = (appId: number, onSuccess?: (r: { secret: string | null }) => void) =>
  useAppMutation(
    appId,
    (body: EventStreamSettingsInput) => apiRequest(eventStreamCalls.save, { params: { appId }, body }),
    onSuccess,
  );

export const useRotateStreamSecret = (appId: number, onSuccess?: (r: { secret: string }) => void) =>
  useAppMutation(
    appId,
    () => apiRequest(eventStreamCalls.rotate, { params: { appId }, body: {} }),
    onSuccess,
  );

export const useRetryEventStreams = (appId: number) =>
  useAppMutation(appId, () => apiRequest(eventStreamCalls.retry, { params: { appId }, body: {} }));

export const useReplayEventStreams = (appId: number) =>
  useAppMutation(appId, (hours: number) =>
    apiRequest(eventStreamCalls.replay, { params: { appId }, body: { hours } }),
  );

/** The download address of a day's export (a plain link: the session cookie goes with it). */
export const eventStreamExportUrl = (appId: number, day: string) =>
  callPath(EVENT_STREAM_EXPORT_PATH, { appId, day });
