import { useCallback } from 'react';
import { STAT_MODES, type StatMode, type StatRangeKind } from '@beacon/shared';
import { useSearchParamsPatch, type SearchPatch } from '../../../../lib/search-params';
import { shownRange, type DayRange } from './range';

/** A positive whole number of the URL, or undefined. */
export const urlNumber = (value: string | null): number | undefined =>
  value && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : undefined;

/**
 * A tab's filters in the URL (so a link opens the same view): its range, read with the server's rule, and any other
 * parameter; `set` writes a patch and goes back to the first page.
 */
export function useUrlState(kind: StatRangeKind) {
  const [params, update] = useSearchParamsPatch();
  const range = shownRange(kind, params.get('start'), params.get('end'));
  const set = useCallback(
    (patch: SearchPatch) => update({ pageNo: undefined, ...patch }, { replace: true }),
    [update],
  );
  const setRange = useCallback((r: DayRange) => set({ start: r.start, end: r.end }), [set]);
  const mode = Number(params.get('type') ?? 0);
  return {
    params,
    range: { start: range.start, end: range.end },
    setRange,
    set,
    mode: (STAT_MODES as readonly number[]).includes(mode) ? (mode as StatMode) : 0,
    page: urlNumber(params.get('pageNo')) ?? 1,
    setPage: (pageNo: number) =>
      update({ pageNo: pageNo > 1 ? String(pageNo) : undefined }, { replace: true }),
  };
}
