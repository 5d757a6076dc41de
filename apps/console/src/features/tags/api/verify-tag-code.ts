import { useMutation } from '@tanstack/react-query';
import { tagCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';

export const verifyTagCode = ({
  appId,
  code,
  id,
}: {
  appId: number;
  code: string;
  id?: number | undefined;
}) => apiRequest(tagCalls.verify, { params: { appId }, body: { code, ...(id ? { id } : {}) } });

/** Checks a tag code: validity 1 (valid) or 2 (invalid, with the reason). */
export const useVerifyTagCode = () => useMutation({ mutationFn: verifyTagCode });
