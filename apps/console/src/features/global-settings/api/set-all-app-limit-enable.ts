import { globalSettingsCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { APP_LIMITS_QUERY_KEY } from './get-app-limits';
import { useSettingsMutation } from './use-settings-mutation';

export const setAllAppLimitEnable = (on: boolean) =>
  apiRequest(globalSettingsCalls.setAllAppLimitEnable, { params: { value: on ? '1' : '0' } });

/** Every app's daily limit on or off (setAllDailyLimitActive). */
export const useSetAllAppLimitEnable = () => useSettingsMutation(setAllAppLimitEnable, APP_LIMITS_QUERY_KEY);
