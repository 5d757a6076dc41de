import { globalSettingsCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { useSettingsMutation } from './use-settings-mutation';

export const setLimitSwitcher = (on: boolean) =>
  apiRequest(globalSettingsCalls.setLimitSwitcher, { params: { value: on ? '1' : '0' } });

/** The global limit switch (level 100). */
export const useSetLimitSwitcher = () => useSettingsMutation(setLimitSwitcher);
