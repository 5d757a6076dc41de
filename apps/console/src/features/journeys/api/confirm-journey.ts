import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { journeyCalls } from '@beacon/shared';
import { postMessage } from '../../compose';
import { journeysQueryKey } from './get-journeys';

export interface ConfirmJourneyInput {
  appId: number;
  payload: {
    id: number;
    forceCreate?: boolean | undefined;
    countryMsgforceCreate?: boolean | undefined;
    confirmIsGroup?: boolean | undefined;
  };
}

const flag = (on: boolean | undefined) => (on ? 'true' : undefined);

/**
 * flowCanvasCreateConfirm through the compose save flow's envelope (post-envelope.ts): 200, 201/202 (forbidden
 * countries), 60003, 90003, 21029 are answered; the flags that force past a warning go in the query.
 */
export const confirmJourney = ({ appId, payload }: ConfirmJourneyInput) => {
  const query = new URLSearchParams(
    Object.entries({
      forceCreate: flag(payload.forceCreate),
      countryMsgforceCreate: flag(payload.countryMsgforceCreate),
      confirmIsGroup: flag(payload.confirmIsGroup),
    }).flatMap(([k, v]) => (v ? [[k, v]] : [])),
  ).toString();
  // postMessage fills in :appId only: the journey's id and the query are written into the path here
  const path = journeyCalls.confirm.path.replace(':msgId', String(payload.id));
  const call = { ...journeyCalls.confirm, path: query ? `${path}?${query}` : path };
  return postMessage(call, appId, {}, z.object({}));
};

export const useConfirmJourney = () => {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: confirmJourney,
    onSettled: async (_data, _error, variables) => {
      await queryClient.invalidateQueries({ queryKey: journeysQueryKey(variables.appId) });
    },
  });
};
