import { useMutation, useQueryClient } from '@tanstack/react-query';
import { appSettingsCalls, type AppSwitch } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { GLOBAL_APPS_QUERY_KEY } from './get-global-app-list';

export interface AppSwitchChange {
  appId: number;
  name: AppSwitch;
  enable: boolean;
}

/** One switch of one app; `dmp` is the commercial switch (changeProjectDMP). */
export const setAppSwitch = ({ appId, name, enable }: AppSwitchChange) =>
  apiRequest(appSettingsCalls.setSwitch, { params: { appId, switch: name, enable: enable ? '1' : '0' } });

export const useSetAppSwitch = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAppSwitch,
    onSettled: () => queryClient.invalidateQueries({ queryKey: GLOBAL_APPS_QUERY_KEY }),
  });
};
