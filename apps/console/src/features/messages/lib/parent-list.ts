import { AbTestListRequest, MESSAGE_LIMITS } from '@beacon/shared';
import { type ListFilters, type ListFiltersOptions, type ListFiltersPatch } from '../../../lib/list-filters';
import { DEFAULT_TZ } from './list-filters';

/**
 * The lists of parent messages — A/B tests and journeys — search the same way: description, creator, a creation date
 * range in a zone, 20 a page (their list calls share one request shape, AbTestListRequest).
 */
const FIELDS = ['desc', 'creator', 'begin', 'end', 'tz'] as const;
type Field = (typeof FIELDS)[number];
type Request = typeof AbTestListRequest;

/** The filters in the URL (`useListFilters`), read with the list call's own schema. */
export const PARENT_LIST_URL: ListFiltersOptions<Request, Field> = { fields: FIELDS };

/** A parent list's filters and page, as the URL keeps them ('' for none). */
export interface ParentListFilters {
  desc: string;
  creator: string;
  begin: string;
  end: string;
  tz: string;
  page: number;
}

export const EMPTY_PARENT_FILTERS: ParentListFilters = {
  desc: '',
  creator: '',
  begin: '',
  end: '',
  tz: DEFAULT_TZ,
  page: 1,
};

/** The filters from what `useListFilters` read; a reversed date range is dropped. */
export function parentListFilters(read: ListFilters<Request, Field>): ParentListFilters {
  const begin = read.begin ?? '';
  const end = read.end ?? '';
  const reversed = begin !== '' && end !== '' && begin > end;
  return {
    desc: read.desc ?? '',
    creator: read.creator ?? '',
    begin: reversed ? '' : begin,
    end: reversed ? '' : end,
    tz: read.tz || DEFAULT_TZ,
    page: read.pageNo,
  };
}

/** The change `useListFilters` writes for a filter set. */
export function parentFiltersPatch({ page, ...fields }: ParentListFilters): ListFiltersPatch<Request, Field> {
  return { ...fields, pageNo: page };
}

export const hasParentFilters = (f: ParentListFilters): boolean =>
  Boolean(f.desc || f.creator || f.begin || f.end);

/** The list call's body: 20 a page (part 2 §9). */
export function parentListRequest(f: ParentListFilters): AbTestListRequest {
  return AbTestListRequest.parse({
    desc: f.desc || undefined,
    creator: f.creator || undefined,
    begin: f.begin || undefined,
    end: f.end || undefined,
    tz: f.tz,
    pageNo: f.page,
    pageSize: MESSAGE_LIMITS.listPageSize,
  });
}
