import { tagCalls } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { type MutationConfig, useInvalidatingMutation } from '../../../lib/react-query';
import { tagsQueryKey } from './get-tags';

export const deleteTag = async ({
  appId,
  id,
  name,
}: {
  appId: number;
  id: number;
  name: string;
}): Promise<void> => {
  await apiRequest(tagCalls.remove, { params: { appId }, body: { id, name } });
};

export const useDeleteTag = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof deleteTag> } = {}) =>
  useInvalidatingMutation({
    mutationFn: deleteTag,
    invalidates: (v) => [tagsQueryKey(v.appId), ['dictionaries', 'app', v.appId]],
    mutationConfig,
  });
