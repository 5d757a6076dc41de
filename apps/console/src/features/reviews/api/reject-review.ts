import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reviewCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { type MutationConfig } from '../../../lib/react-query';
import { messagesQueryKey } from '../../messages';

export interface RejectTarget {
  appId: number;
  msgId: number;
  /** The item is an A/B test (msgType 4): its two arms are rejected with it. */
  isAB: boolean;
  /** What the author reads (1–200 characters). */
  reason: string;
}

/** Reject a message waiting for review (setReviewFail), with the reason its author reads. */
export const rejectReview = ({ appId, msgId, isAB, reason }: RejectTarget) =>
  apiRequest(reviewCalls.reject, { params: { appId }, body: { msgId, isAB, reason } });

export const useRejectReview = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof rejectReview> } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    ...mutationConfig,
    mutationFn: rejectReview,
    onSettled: async (_data, _error, variables) => {
      await queryClient.invalidateQueries({ queryKey: messagesQueryKey(variables.appId) });
    },
  });
};
