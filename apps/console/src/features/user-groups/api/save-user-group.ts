import { type z } from 'zod';
import { userGroupCalls, type UserGroupCreateRequest, type UserGroupEditRequest } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { type MutationConfig, useInvalidatingMutation } from '../../../lib/react-query';
import { userGroupsQueryKey } from './get-user-groups';

export type SaveUserGroupInput = { appId: number } & (
  | ({ id: number } & z.input<typeof UserGroupEditRequest>)
  | ({ id?: undefined } & z.input<typeof UserGroupCreateRequest>)
);

/** Creates a group, or edits it when `id` is set. */
export const saveUserGroup = ({ appId, ...body }: SaveUserGroupInput) =>
  body.id === undefined
    ? apiRequest(userGroupCalls.create, { params: { appId }, body })
    : apiRequest(userGroupCalls.edit, { params: { appId }, body: body });

export const useSaveUserGroup = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof saveUserGroup> } = {}) =>
  useInvalidatingMutation({
    meta: { handlesErrors: true },
    mutationFn: saveUserGroup,
    invalidates: (v) => [userGroupsQueryKey(v.appId)],
    mutationConfig,
  });
