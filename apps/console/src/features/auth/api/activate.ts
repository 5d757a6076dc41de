import { useMutation } from '@tanstack/react-query';
import { type z } from 'zod';
import { userCalls, type TokenRequest } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { type MutationConfig } from '../../../lib/react-query';

export const activate = (body: z.input<typeof TokenRequest>) => apiRequest(userCalls.activate, { body });

export const useActivate = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof activate> } = {}) =>
  useMutation({ meta: { handlesErrors: true }, ...mutationConfig, mutationFn: activate });
