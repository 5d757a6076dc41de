import type { FastifyReply } from 'fastify';

export type CsvValue = string | number | null;

/**
 * Text a spreadsheet may run as a formula: it starts with = + - @ (or their full-width forms, which East Asian
 * spreadsheets convert), or with a tab or CR, or with blanks or line breaks that a program may trim before one of
 * those. Such a cell is prefixed with an apostrophe, which spreadsheets read as "text".
 */
const FORMULA_START = /^[\s\u00a0\u3000]*[=+\-@\uff1d\uff0b\uff0d\uff20]|^[\t\r]/;

/** One CSV cell: quoted when needed; text a spreadsheet would run as a formula is made inert; null is empty. */
export function csvCell(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const inert = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(inert) ? `"${inert.replace(/"/g, '""')}"` : inert;
}

/** Rows as CSV text (CRLF line ends, as RFC 4180 says). */
export function csvOf(rows: ReadonlyArray<ReadonlyArray<CsvValue>>): string {
  return rows.map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** Sends CSV text as a download, with a BOM so that spreadsheet programs read the UTF-8 (Chinese, accents). */
export function sendCsv(reply: FastifyReply, name: string, text: string): FastifyReply {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store')
    .send(`\uFEFF${text}`);
}
