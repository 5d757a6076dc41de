import { countryName, formatClockMinutes, type MessageLang } from '@beacon/shared';
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

/** One CSV cell: quoted when needed; text a spreadsheet would run as a formula is made inert. */
export function csvCell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const inert = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(inert) ? `"${inert.replace(/"/g, '""')}"` : inert;
}

/** Rows as CSV text (CRLF line ends, as RFC 4180 says). */
export function csvOf(rows: ReadonlyArray<ReadonlyArray<string | number>>): string {
  return rows.map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

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
