import { useMutation } from '@tanstack/react-query';
import { type z } from 'zod';
import { userCalls, type ResetPasswordRequest } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { type MutationConfig } from '../../../lib/react-query';

export const resetPassword = (body: z.input<typeof ResetPasswordRequest>) =>
  apiRequest(userCalls.resetPassword, { body });

export const useResetPassword = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof resetPassword> } = {}) =>
  useMutation({ meta: { handlesErrors: true }, ...mutationConfig, mutationFn: resetPassword });
