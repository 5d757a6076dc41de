import { useMutation } from '@tanstack/react-query';
import { type z } from 'zod';
import { userCalls, type RecoverRequest } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { type MutationConfig } from '../../../lib/react-query';

export const recover = (body: z.input<typeof RecoverRequest>) => apiRequest(userCalls.recover, { body });

export const useRecover = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof recover> } = {}) =>
  useMutation({ meta: { handlesErrors: true }, ...mutationConfig, mutationFn: recover });
