import { globalSettingsCalls, type DayBoundary } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { GLOBAL_SETTINGS_QUERY_KEY } from './get-global-settings';
import { useSettingsMutation } from './use-settings-mutation';

export const setDayBoundary = (body: DayBoundary) => apiRequest(globalSettingsCalls.setDayBoundary, { body });

/** The day boundary of the per-user daily limits (setGlobalData). */
export const useSetDayBoundary = () => useSettingsMutation(setDayBoundary, GLOBAL_SETTINGS_QUERY_KEY, true);
