import { globalSettingsCalls, type RestrictOption } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { useSettingsMutation } from './use-settings-mutation';

export const setRestrictNumber = ({ option, number }: { option: RestrictOption; number: number }) =>
  apiRequest(globalSettingsCalls.setRestrictNumber, { params: { option, value: number } });

export const useSetRestrictNumber = () => useSettingsMutation(setRestrictNumber);
