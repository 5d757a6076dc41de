import type { ReportDay } from '@beacon/shared';

export type SortOrder = 'ascend' | 'descend';

/** A column sort: the row field and its direction (none: the server's order, by day). */
export interface SortState<K extends string = string> {
  key: K;
  order: SortOrder;
}

/** A row of the dimension table: a day, or one of the two summary rows appended to every page. */
export type ReportTableRow = ReportDay & { rowKind: 'day' | 'total' | 'average' };

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b));
}

/** Rows sorted by one field (numbers by value, text by its order), stable; the input is left as it is. */
export function sortRows<T extends object>(rows: readonly T[], sort: SortState | undefined): T[] {
  if (!sort) return [...rows];
  const sign = sort.order === 'ascend' ? 1 : -1;
  const field = sort.key as keyof T;
  return rows
    .map((row, i) => ({ row, i }))
    .sort((x, y) => sign * compare(x.row[field], y.row[field]) || x.i - y.i)
    .map((x) => x.row);
}

/** The pages a list of `count` rows has at `pageSize` (at least 1), and a page number brought into them. */
export const pageCount = (count: number, pageSize: number) => Math.max(1, Math.ceil(count / pageSize));
export const clampPage = (page: number, count: number, pageSize: number) =>
  Math.min(Math.max(1, Math.floor(page) || 1), pageCount(count, pageSize));

/**
 * One page of the dimension table: the days sorted by the chosen column, cut to the page, then the total and the
 * average rows, which never take part in the sort and end every page (part 2 §2: "total and average rows appended").
 */
export function reportPage(
  days: readonly ReportDay[],
  summary: { total: ReportDay; average: ReportDay } | undefined,
  sort: SortState | undefined,
  page: number,
  pageSize: number,
): ReportTableRow[] {
  const current = clampPage(page, days.length, pageSize);
  const rows: ReportTableRow[] = sortRows(days, sort)
    .slice((current - 1) * pageSize, current * pageSize)
    .map((d) => ({ ...d, rowKind: 'day' as const }));
  if (summary && days.length > 0)
    rows.push({ ...summary.total, rowKind: 'total' }, { ...summary.average, rowKind: 'average' });
  return rows;
}
