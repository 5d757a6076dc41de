import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { reviewCalls, type ReviewListRequest } from '@beacon/shared';
import { apiRequest } from '../../../lib/api-client';
import { messagesQueryKey } from '../../messages';

export const getReviews = (appId: number, body: ReviewListRequest) =>
  apiRequest(reviewCalls.list, { params: { appId }, body });

/** Under the messages' key: a delete, stop or cancel of the messages feature refreshes the review list too. */
export const reviewsQueryKey = (appId: number) => [...messagesQueryKey(appId), 'reviews'] as const;

export const getReviewsQueryOptions = (appId: number, body: ReviewListRequest) =>
  queryOptions({
    queryKey: [...reviewsQueryKey(appId), 'list', body],
    queryFn: () => getReviews(appId, body),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** The app's messages waiting for review or rejected by it, newest first, 10 a page. */
export const useReviews = (appId: number, body: ReviewListRequest) =>
  useQuery(getReviewsQueryOptions(appId, body));
