import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reviewCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { type MutationConfig } from '../../../lib/react-query';
import { messagesQueryKey } from '../../messages';

export interface ApproveTarget {
  appId: number;
  msgId: number;
  /** The item is an A/B test (msgType 4): its two arms are run with it. */
  isAB: boolean;
  /** Its schedule has gone by (90003): send it now instead. */
  sendNow?: boolean;
}

/** Run a message waiting for review (setReviewPass): scheduled as its save would have, or now with `sendNow`. */
export const approveReview = ({ appId, msgId, isAB, sendNow = false }: ApproveTarget) =>
  apiRequest(reviewCalls.approve, { params: { appId }, body: { msgId, isAB, sendNow } });

export const useApproveReview = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof approveReview> } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...mutationConfig,
    mutationFn: approveReview,
    // the review list and the records lists (the message leaves review, or someone else decided it)
    onSettled: async (_data, _error, variables) => {
      await queryClient.invalidateQueries({ queryKey: messagesQueryKey(variables.appId) });
    },
  });
};
