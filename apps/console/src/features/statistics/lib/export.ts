import { callPath, CUSTOM_EVENTS_EXPORT_PATH, STAT_EXPORT_PATHS, type StatMode } from '@beacon/shared';
import type { DayRange } from './range';

/** A CSV link: the export path of an app with its query (empty values left out). */
export function exportHref(
  path: string,
  appId: number,
  query: Record<string, string | number | undefined>,
): string {
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') q.set(key, String(value));
  const search = q.toString();
  return callPath(path, { appId }) + (search ? `?${search}` : '');
}

/** The project trend's CSV (start, end, type). */
export const trendExportHref = (appId: number, range: DayRange, type: StatMode) =>
  exportHref(STAT_EXPORT_PATHS.trend, appId, { start: range.start, end: range.end, type });

/** The dimension report's CSV (start, end, country, version, type; expand=1 adds the conversion columns). */
export const dimensionExportHref = (
  appId: number,
  range: DayRange,
  filters: { type: StatMode; country: readonly string[]; version: readonly string[]; conversion: boolean },
) =>
  exportHref(STAT_EXPORT_PATHS.dimension, appId, {
    start: range.start,
    end: range.end,
    country: filters.country.join(','),
    version: filters.version.join(','),
    type: filters.type,
    expand: filters.conversion ? 1 : undefined,
  });

/** The user report's CSV (type=user, start, end). */
export const usersExportHref = (appId: number, range: DayRange) =>
  exportHref(STAT_EXPORT_PATHS.users, appId, { type: 'user', start: range.start, end: range.end });

/** The uninstalls' CSV (start, end): per day, then the messages that preceded them. */
export const uninstallsExportHref = (appId: number, range: DayRange) =>
  exportHref(STAT_EXPORT_PATHS.uninstalls, appId, { start: range.start, end: range.end });

/** The custom events' CSV (start, end): one row per day and name. */
export const customEventsExportHref = (appId: number, range: DayRange) =>
  exportHref(CUSTOM_EVENTS_EXPORT_PATH, appId, { start: range.start, end: range.end });
