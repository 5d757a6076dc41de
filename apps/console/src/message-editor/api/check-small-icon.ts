import { useMutation } from '@tanstack/react-query';
import { uploadCalls } from '@beacon/shared';
import { apiRequest } from '../../lib/api-client';

/** checkIconColorTransparent: whether an uploaded small icon is one solid colour on transparency (result 1). */
export const checkSmallIcon = ({ appId, smallIconUrl }: { appId: number; smallIconUrl: string }) =>
  apiRequest(uploadCalls.checkSmallIcon, { params: { appId }, body: { smallIconUrl } });

export const useCheckSmallIcon = () =>
  useMutation({ meta: { handlesErrors: true }, mutationFn: checkSmallIcon });
