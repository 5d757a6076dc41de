import { globalSettingsCalls, type AppLimitUpdate } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { APP_LIMITS_QUERY_KEY } from './get-app-limits';
import { useSettingsMutation } from './use-settings-mutation';

export const setAppLimit = ({ appId, ...body }: AppLimitUpdate & { appId: number }) =>
  apiRequest(globalSettingsCalls.setAppLimit, { params: { appId }, body });

/** One app's daily message limit (setMsgLimit). */
export const useSetAppLimit = () => useSettingsMutation(setAppLimit, APP_LIMITS_QUERY_KEY);
