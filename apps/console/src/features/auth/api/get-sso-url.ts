import { useMutation } from '@tanstack/react-query';
import { userCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { type MutationConfig } from '../../../lib/react-query';

/** Asks the server for the identity provider's authorization URL (a POST: it opens an OIDC state). */
export const getSsoUrl = (_: void) => apiRequest(userCalls.ssoUrl);

export const useSsoUrl = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof getSsoUrl> } = {}) =>
  useMutation({ ...mutationConfig, mutationFn: getSsoUrl });
