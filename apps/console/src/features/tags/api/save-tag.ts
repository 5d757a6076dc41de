import { type z } from 'zod';
import { tagCalls, type TagCreateRequest } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { type MutationConfig, useInvalidatingMutation } from '../../../lib/react-query';
import { tagsQueryKey } from './get-tags';

export type SaveTagInput = { appId: number; id?: number | undefined } & z.input<typeof TagCreateRequest>;

/** Creates a tag, or edits it when `id` is set. */
export const saveTag = ({ appId, id, ...body }: SaveTagInput) =>
  id === undefined
    ? apiRequest(tagCalls.create, { params: { appId }, body })
    : apiRequest(tagCalls.edit, { params: { appId }, body: { id, ...body } });

export const useSaveTag = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof saveTag> } = {}) =>
  useInvalidatingMutation({
    meta: { handlesErrors: true },
    mutationFn: saveTag,
    invalidates: (v) => [tagsQueryKey(v.appId), ['dictionaries', 'app', v.appId]],
    mutationConfig,
  });
