import { useMutation, useQueryClient } from '@tanstack/react-query';
import { journeyCalls, JourneySave, type JourneySaveInput } from '@beacon/shared';
import { postMessage } from '../../../message-editor';
import { journeysQueryKey } from './get-journeys';

export interface SaveJourneyInput {
  appId: number;
  payload: JourneySaveInput;
}

/**
 * flowCanvasCreate: answers 200 (saved at 19, the estimate counting), 201/202 (forbidden countries; 202 may continue
 * with countryMsgforceCreate) for the editor; any other refusal throws (400s name `childMsgs.N.…`).
 */
export const saveJourney = ({ appId, payload }: SaveJourneyInput) =>
  postMessage(journeyCalls.save, appId, payload, JourneySave);

export const useSaveJourney = () => {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: saveJourney,
    onSettled: async (_data, _error, variables) => {
      await queryClient.invalidateQueries({ queryKey: journeysQueryKey(variables.appId) });
    },
  });
};
