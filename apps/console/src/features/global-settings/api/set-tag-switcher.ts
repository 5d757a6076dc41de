import { globalSettingsCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { useSettingsMutation } from './use-settings-mutation';

export const setTagSwitcher = (on: boolean) =>
  apiRequest(globalSettingsCalls.setTagSwitcher, { params: { tagSwitcher: on ? '1' : '0' } });

/** The global tag switch (level 100). */
export const useSetTagSwitcher = () => useSettingsMutation(setTagSwitcher);
