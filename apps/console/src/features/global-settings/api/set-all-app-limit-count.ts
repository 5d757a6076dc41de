import { globalSettingsCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { APP_LIMITS_QUERY_KEY } from './get-app-limits';
import { useSettingsMutation } from './use-settings-mutation';

export const setAllAppLimitCount = (count: number) =>
  apiRequest(globalSettingsCalls.setAllAppLimitCount, { params: { value: count } });

/** Every app's daily limit count (setAllDailyLimitValue). */
export const useSetAllAppLimitCount = () => useSettingsMutation(setAllAppLimitCount, APP_LIMITS_QUERY_KEY);
