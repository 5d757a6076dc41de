import { countryName, formatClockMinutes, type MessageLang } from '@beacon/shared';
import { csvOf } from '../../lib/csv';
import type { ExportCountryRow, ExportWindowRow } from './finework.repository';

export const COUNTRY_CSV_HEADER = [
  'scope',
  'appId',
  'app',
  'pkg',
  'countryCode',
  'countryName',
  'addedBy',
  'addedAt',
];
export const TIME_CSV_HEADER = [
  'appId',
  'app',
  'pkg',
  'countryCode',
  'countryName',
  'start',
  'end',
  'nextDay',
  'addedBy',
  'addedAt',
];

/** The banned countries CSV: `platform` rows (every app) first, then each app's own. */
export function countryCsv(rows: ExportCountryRow[], lang: MessageLang): string {
  return csvOf([
    COUNTRY_CSV_HEADER,
    ...rows.map((r) => [
      r.app ? 'app' : 'platform',
      r.app?.appId ?? '',
      r.app?.title ?? '',
      r.app?.pkg ?? '',
      r.country,
      countryName(r.country, lang),
      r.createdBy,
      r.createdAt.toISOString(),
    ]),
  ]);
}

/** The banned windows CSV: one line per window; `nextDay` 1 when the end is earlier than the start. */
export function timeCsv(rows: ExportWindowRow[], lang: MessageLang): string {
  return csvOf([
    TIME_CSV_HEADER,
    ...rows.map((r) => [
      r.app.appId,
      r.app.title,
      r.app.pkg,
      r.country,
      countryName(r.country, lang),
      formatClockMinutes(r.startMinute),
      formatClockMinutes(r.endMinute),
      r.endMinute < r.startMinute ? 1 : 0,
      r.createdBy,
      r.createdAt.toISOString(),
    ]),
  ]);
}
