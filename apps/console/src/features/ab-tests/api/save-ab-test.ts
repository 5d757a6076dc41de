import { useMutation, useQueryClient } from '@tanstack/react-query';
import { abTestCalls, AbTestSave, type AbTestSaveInput } from '@beacon/shared';
import { postMessage } from '../../../message-editor';
import { abTestsQueryKey } from './get-ab-tests';

export interface SaveAbTestInput {
  appId: number;
  payload: AbTestSaveInput;
}

/**
 * abtest/create (a new test, or an edit with `id` and each arm's `id`): answers 200, 201/202 (forbidden countries),
 * 60003, 90003 or 21029 for the save flow; any other refusal throws (400s name `childMsgs.1.data.trans_data` …).
 */
export const saveAbTest = ({ appId, payload }: SaveAbTestInput) =>
  postMessage(abTestCalls.save, appId, payload, AbTestSave);

export const useSaveAbTest = () => {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: saveAbTest,
    onSettled: async (_data, _error, variables) => {
      await queryClient.invalidateQueries({ queryKey: abTestsQueryKey(variables.appId) });
    },
  });
};
