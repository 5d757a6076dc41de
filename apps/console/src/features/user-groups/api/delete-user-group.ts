import { userGroupCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { type MutationConfig, useInvalidatingMutation } from '../../../lib/react-query';
import { userGroupsQueryKey } from './get-user-groups';

export const deleteUserGroup = async ({
  appId,
  id,
  name,
}: {
  appId: number;
  id: number;
  name: string;
}): Promise<void> => {
  await apiRequest(userGroupCalls.remove, { params: { appId }, body: { id, name } });
};

export const useDeleteUserGroup = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof deleteUserGroup> } = {}) =>
  useInvalidatingMutation({
    mutationFn: deleteUserGroup,
    invalidates: (v) => [userGroupsQueryKey(v.appId)],
    mutationConfig,
  });
