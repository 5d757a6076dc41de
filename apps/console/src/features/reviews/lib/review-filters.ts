import { z } from 'zod';
import { ReviewListRequest, REVIEW_LIMITS, type ReviewListInput } from '@beacon/shared';
import { type ListFilters, type ListFiltersOptions, type ListFiltersPatch } from '../../../lib/list-filters';
import { DEFAULT_TZ } from '../../messages';

/** The status filter as the URL keeps it: '' both, '11' waiting for review, '12' rejected. */
export const REVIEW_STATUS_FILTERS = ['', '11', '12'] as const;
export type ReviewStatusFilter = (typeof REVIEW_STATUS_FILTERS)[number];

/**
 * The review list's request as the URL holds it: the call's own schema (`ReviewListRequest`), the status read as its
 * text (the call takes the numbers 11 and 12, a URL only holds text).
 */
export const ReviewUrlRequest = ReviewListRequest.extend({
  status: z.enum(REVIEW_STATUS_FILTERS).optional().default(''),
});

const FIELDS = ['title', 'ownerEmail', 'begin', 'end', 'tz', 'status', 'msgId'] as const;
type Field = (typeof FIELDS)[number];

/** The review list's filters in the URL (`useListFilters`); `msgId` is set by a reviewer's mail link. */
export const REVIEW_LIST_URL: ListFiltersOptions<typeof ReviewUrlRequest, Field> = { fields: FIELDS };

/** The list's filters and page, as the URL keeps them ('' for none). */
export interface ReviewFilters {
  title: string;
  ownerEmail: string;
  begin: string;
  end: string;
  tz: string;
  status: ReviewStatusFilter;
  msgId: string;
  page: number;
}

export const EMPTY_REVIEW_FILTERS: ReviewFilters = {
  title: '',
  ownerEmail: '',
  begin: '',
  end: '',
  tz: DEFAULT_TZ,
  status: '',
  msgId: '',
  page: 1,
};

/** The filters from what `useListFilters` read (a value the server would refuse is already dropped); a reversed range is dropped. */
export function reviewFilters(read: ListFilters<typeof ReviewUrlRequest, Field>): ReviewFilters {
  const begin = read.begin ?? '';
  const end = read.end ?? '';
  const reversed = begin !== '' && end !== '' && begin > end;
  return {
    title: read.title ?? '',
    ownerEmail: read.ownerEmail ?? '',
    begin: reversed ? '' : begin,
    end: reversed ? '' : end,
    tz: read.tz || DEFAULT_TZ,
    status: read.status,
    msgId: read.msgId ?? '',
    page: read.pageNo,
  };
}

/** The change `useListFilters` writes for a filter set. */
export function reviewFiltersPatch({
  page,
  ...fields
}: ReviewFilters): ListFiltersPatch<typeof ReviewUrlRequest, Field> {
  return { ...fields, pageNo: page };
}

/** Whether any filter narrows the list (the empty state then says "no match" rather than "nothing waits"). */
export const hasReviewFilters = (f: ReviewFilters): boolean =>
  Boolean(f.title || f.ownerEmail || f.begin || f.end || f.status || f.msgId);

const STATUS_OF: Record<ReviewStatusFilter, ReviewListInput['status']> = { '': '', '11': 11, '12': 12 };

/** The list call's body for a filter set, 10 a page (spec §9). */
export function reviewRequestOf(f: ReviewFilters): ReviewListRequest {
  return ReviewListRequest.parse({
    status: STATUS_OF[f.status],
    title: f.title || undefined,
    ownerEmail: f.ownerEmail || undefined,
    begin: f.begin || undefined,
    end: f.end || undefined,
    tz: f.tz,
    msgId: f.msgId || undefined,
    pageNo: f.page,
    pageSize: REVIEW_LIMITS.pageSize,
  } satisfies ReviewListInput);
}
