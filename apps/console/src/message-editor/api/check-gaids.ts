import { useMutation } from '@tanstack/react-query';
import { messageCalls } from '@beacon/shared';
import { apiRequest } from '../../lib/api-client';

/** msg/gaid/check: typed device ids; refuses with 40000 (format), 40002 (repeat) or 40001 (not a device of the app). */
export const checkGaids = ({ appId, userIds }: { appId: number; userIds: string[] }) =>
  apiRequest(messageCalls.gaidCheck, { params: { appId }, body: { userIds } });

export const useCheckGaids = () => useMutation({ meta: { handlesErrors: true }, mutationFn: checkGaids });
