import { useMutation } from '@tanstack/react-query';
import { type z } from 'zod';
import { userCalls, type RegisterRequest } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { type MutationConfig } from '../../../lib/react-query';

export const register = (body: z.input<typeof RegisterRequest>) => apiRequest(userCalls.register, { body });

export const useRegister = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof register> } = {}) =>
  useMutation({ meta: { handlesErrors: true }, ...mutationConfig, mutationFn: register });
