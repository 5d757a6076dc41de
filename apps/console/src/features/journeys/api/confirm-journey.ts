import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { journeyCalls } from '@beacon/shared';
import { apiEnvelope } from '../../../lib/api-client';
import { HANDLED_SAVE_CODES } from '../../../message-editor';
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
 * flowCanvasCreateConfirm through the API client's apiEnvelope with the compose save flow's answers: 200, 201/202
 * (forbidden countries), 60003, 90003, 21029 are answered; the flags that force past a warning go in the query.
 */
export const confirmJourney = ({ appId, payload }: ConfirmJourneyInput) =>
  apiEnvelope(
    journeyCalls.confirm,
    {
      params: { appId, msgId: payload.id },
      query: {
        forceCreate: flag(payload.forceCreate),
        countryMsgforceCreate: flag(payload.countryMsgforceCreate),
        confirmIsGroup: flag(payload.confirmIsGroup),
      },
      bodySchema: z.object({}),
    },
    HANDLED_SAVE_CODES,
  );

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
