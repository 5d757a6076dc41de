import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type z } from 'zod';
import { tagCalls, type TagListRequest } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';

export type TagsFilter = z.input<typeof TagListRequest>;

export const getTags = (appId: number, filter: TagsFilter) =>
  apiRequest(tagCalls.list, { params: { appId }, body: filter });

export const tagsQueryKey = (appId: number) => ['tags', appId] as const;

export const getTagsQueryOptions = (appId: number, filter: TagsFilter) =>
  queryOptions({
    queryKey: [...tagsQueryKey(appId), filter],
    queryFn: () => getTags(appId, filter),
    placeholderData: keepPreviousData,
  });

/** A page of an app's tags, with how many devices carry each. */
export const useTags = (appId: number, filter: TagsFilter, enabled = true) =>
  useQuery({ ...getTagsQueryOptions(appId, filter), enabled });
