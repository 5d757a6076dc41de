import { useMutation } from '@tanstack/react-query';
import { type z } from 'zod';
import { userCalls, type ChangePasswordRequest } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { type MutationConfig } from '../../../lib/react-query';

export const changePassword = (body: z.input<typeof ChangePasswordRequest>) =>
  apiRequest(userCalls.changePassword, { body });

export const useChangePassword = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof changePassword> } = {}) =>
  useMutation({ meta: { handlesErrors: true }, ...mutationConfig, mutationFn: changePassword });
