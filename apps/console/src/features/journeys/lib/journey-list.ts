import { JourneyListRequest, MESSAGE_LIMITS } from '@beacon/shared';
import { type ListFilters, type ListFiltersOptions, type ListFiltersPatch } from '../../../lib/list-filters';
import { DEFAULT_TZ } from '../../messages';

const FIELDS = ['desc', 'creator', 'begin', 'end', 'tz'] as const;
type Field = (typeof FIELDS)[number];

/** The journeys list's filters in the URL (`useListFilters`), read with the list call's own schema. */
export const JOURNEY_LIST_URL: ListFiltersOptions<typeof JourneyListRequest, Field> = { fields: FIELDS };

/** The list's filters and page, as the URL keeps them ('' for none). */
export interface JourneyListFilters {
  desc: string;
  creator: string;
  begin: string;
  end: string;
  tz: string;
  page: number;
}

export const EMPTY_JOURNEY_FILTERS: JourneyListFilters = {
  desc: '',
  creator: '',
  begin: '',
  end: '',
  tz: DEFAULT_TZ,
  page: 1,
};

/** The filters from what `useListFilters` read; a reversed date range is dropped. */
export function journeyListFilters(read: ListFilters<typeof JourneyListRequest, Field>): JourneyListFilters {
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
export function journeyFiltersPatch({
  page,
  ...fields
}: JourneyListFilters): ListFiltersPatch<typeof JourneyListRequest, Field> {
  return { ...fields, pageNo: page };
}

export const hasJourneyFilters = (f: JourneyListFilters): boolean =>
  Boolean(f.desc || f.creator || f.begin || f.end);

/** The list call's body: 20 a page (part 2 §9). */
export function journeyListRequest(f: JourneyListFilters): JourneyListRequest {
  return JourneyListRequest.parse({
    desc: f.desc || undefined,
    creator: f.creator || undefined,
    begin: f.begin || undefined,
    end: f.end || undefined,
    tz: f.tz,
    pageNo: f.page,
    pageSize: MESSAGE_LIMITS.listPageSize,
  });
}
