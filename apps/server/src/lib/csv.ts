import type { FastifyReply } from 'fastify';

export type CsvValue = string | number | null;

/** One CSV cell: quoted when needed; text a spreadsheet would run as a formula is made inert; null is empty. */
export function csvCell(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const inert = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
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
