import ExcelJS from 'exceljs';
import { MODEL_CONTROL_LIMITS, MODEL_SHEET_COLUMNS } from '@beacon/shared';
import { fieldError } from '../../lib/api-error';
import { xlsxPackageProblem } from '../../lib/xlsx-package';

/** The five cells of a model row as text: trimmed, whitespace runs collapsed, numbers without a trailing `.0`. */
export interface ModelSheetCells {
  type: string;
  brand: string;
  model: string;
  protectDefault: string;
  protectNewMarket: string;
}

export interface ModelSheetRow {
  /** The row's number in the sheet (the header is row 1 in the template). */
  row: number;
  cells: ModelSheetCells;
}

export interface ModelSheetEntry {
  type: number;
  brand: string;
  model: string;
  protectDefault: number;
  protectNewMarket: number;
}

const FIELDS: ReadonlyArray<keyof ModelSheetCells> = [
  'type',
  'brand',
  'model',
  'protectDefault',
  'protectNewMarket',
];

/** Header names as compared: lower case, parenthesised notes and everything but letters removed. */
function headerKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/\([^)]*\)/g, '')
    .replace(/[^a-z]/g, '');
}
const HEADER_KEYS = MODEL_SHEET_COLUMNS.map(headerKey);

/** A cell's value as text, whatever program wrote it: numbers, strings, rich text, formula results, links. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'string') return value.replace(/[\s\u00a0]+/g, ' ').trim();
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return value.toISOString();
  if ('richText' in value) return cellText(value.richText.map((run) => run.text).join(''));
  if ('formula' in value || 'sharedFormula' in value)
    return cellText((value as { result?: ExcelJS.CellValue }).result ?? null);
  if ('text' in value) return cellText((value as { text: ExcelJS.CellValue }).text);
  if ('error' in value) return String(value.error);
  return '';
}

/**
 * Reads the first worksheet of an `.xlsx`: its first non-empty row must hold the template's column names (in any
 * order, extra columns ignored); every later row that is not empty becomes a row of cells. Throws a field error on
 * `file` when the data is no spreadsheet, the header does not match or there are too many rows.
 */
export async function readModelSheet(data: Buffer): Promise<ModelSheetRow[]> {
  // unpacked and counted first, with a ceiling: a zip bomb or a million rows never reach exceljs
  const unpacked = xlsxPackageProblem(data);
  if (unpacked?.kind === 'limit') throw fieldError('file', unpacked.message);
  if (unpacked) throw fieldError('file', 'is not an .xlsx spreadsheet');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw fieldError('file', 'is not an .xlsx spreadsheet');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw fieldError('file', 'has no worksheet');
  let columns: number[] | undefined;
  const rows: ModelSheetRow[] = [];
  let problem: string | undefined;
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (problem) return;
    const values = (row.values as ExcelJS.CellValue[]).map((v) => cellText(v ?? null));
    if (!columns) {
      const keys = values.map((v) => headerKey(v));
      const found = HEADER_KEYS.map((key) => keys.indexOf(key));
      if (found.some((i) => i < 0))
        problem = `must start with the template's header row: ${MODEL_SHEET_COLUMNS.join(', ')}`;
      columns = found;
      return;
    }
    const cells = Object.fromEntries(
      FIELDS.map((field, i) => [field, values[columns?.[i] ?? -1] ?? '']),
    ) as unknown as ModelSheetCells;
    if (FIELDS.every((f) => cells[f] === '')) return;
    if (rows.length >= MODEL_CONTROL_LIMITS.uploadMaxRows)
      problem = `has more than ${MODEL_CONTROL_LIMITS.uploadMaxRows} rows`;
    else rows.push({ row: rowNumber, cells });
  });
  if (!columns) throw fieldError('file', `is empty: use the template (${MODEL_SHEET_COLUMNS.join(', ')})`);
  if (problem) throw fieldError('file', problem);
  return rows;
}

/** An `.xlsx` with the template's header and these entries (none: the empty template). */
export async function buildModelSheet(title: string, entries: readonly ModelSheetEntry[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Beacon';
  const sheet = workbook.addWorksheet(title);
  sheet.columns = MODEL_SHEET_COLUMNS.map((header) => ({ header, width: Math.max(14, header.length + 4) }));
  sheet.getRow(1).font = { bold: true };
  for (const e of entries) sheet.addRow([e.type, e.brand, e.model, e.protectDefault, e.protectNewMarket]);
  const help = workbook.addWorksheet('Help');
  help.addRows([
    ['Type', '1 flagship, 2 mid-high-end, 3 other'],
    ['Brand', 'Upper case, at most 50 characters (e.g. SAMSUNG)'],
    ['Model', 'Upper-case letters and digits, not starting with a digit, at most 50 (e.g. SMG991B)'],
    [
      'Protect default (months)',
      '0–999: months of device age during which the model is shielded; 999 = always, 0 = never',
    ],
    ['Protect new market (months)', 'The same for devices in the new-market countries'],
  ]);
  help.getColumn(1).width = 30;
  help.getColumn(2).width = 90;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
