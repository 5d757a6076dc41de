import { DimensionQuery, type StatMode, type StatRange, type StatRangeKind } from '@beacon/shared';
import { useListFilters, type ListFiltersOptions } from '../../../lib/list-filters';
import { useSearchParamsPatch } from '../../../lib/search-params';
import { shownRange, type DayRange } from '../lib/range';
import { splitList } from '../lib/url';

const FIELDS = ['start', 'end', 'type', 'country', 'version'] as const;
type Field = (typeof FIELDS)[number];

export interface StatParams {
  /** The link's range as written (sent to the server, which answers the range it used). */
  asked: { start?: string; end?: string };
  /** The range the pickers show: the link's, or the default when the link's breaks a rule (statRange). */
  range: StatRange;
  type: StatMode;
  country: string[];
  version: string[];
  /** The dimension report's conversion columns (`conv=1`). */
  conversion: boolean;
  /** The dimension table's page (`page`). */
  page: number;
  setRange: (range: DayRange) => void;
  setType: (type: StatMode) => void;
  setCountry: (country: string[]) => void;
  setVersion: (version: string[]) => void;
  setConversion: (on: boolean) => void;
  setPage: (page: number) => void;
}

/**
 * A statistics screen's view in the URL (start, end, type, country, version, conv, page), read with the report
 * call's own schema, so that a link reproduces the view; a filter change goes back to the first page.
 */
export function useStatParams(kind: StatRangeKind, pageSize: number): StatParams {
  const options: ListFiltersOptions<typeof DimensionQuery, Field> = { fields: FIELDS, pageSize };
  const { filters, update } = useListFilters(DimensionQuery, options);
  const [search, patch] = useSearchParamsPatch();
  return {
    asked: { start: filters.start || undefined, end: filters.end || undefined },
    range: shownRange(kind, filters.start, filters.end),
    type: filters.type,
    country: splitList(filters.country),
    version: splitList(filters.version),
    conversion: search.get('conv') === '1',
    page: filters.pageNo,
    setRange: ({ start, end }) => update({ start, end }),
    setType: (type) => update({ type }),
    setCountry: (country) => update({ country: country.join(',') }),
    setVersion: (version) => update({ version: version.join(',') }),
    setConversion: (on) => patch({ conv: on ? '1' : undefined }, { replace: true }),
    setPage: (pageNo) => update({ pageNo }, { replace: true }),
  };
}
