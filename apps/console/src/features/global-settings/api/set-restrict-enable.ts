import { globalSettingsCalls, type RestrictOption } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { useSettingsMutation } from './use-settings-mutation';

export const setRestrictEnable = ({ option, enable }: { option: RestrictOption; enable: boolean }) =>
  apiRequest(globalSettingsCalls.setRestrictEnable, { params: { option, value: enable ? '1' : '0' } });

export const useSetRestrictEnable = () => useSettingsMutation(setRestrictEnable);
