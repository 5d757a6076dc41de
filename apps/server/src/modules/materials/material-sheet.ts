import ExcelJS from 'exceljs';
import {
  isEmptyMaterialRow,
  MATERIAL_LIMITS,
  MATERIAL_SHEET_COLUMNS,
  MATERIAL_SHEET_EXAMPLE,
  MATERIAL_SHEET_ROWS,
  MATERIAL_TEMPLATE_PATHS,
  materialCells,
  materialFromCells,
  type MaterialSave,
  type MaterialSheetCells,
  type SheetProblem,
} from '@beacon/shared';
import { fieldError } from '../../lib/api-error';
import { xlsxPackageProblem } from '../../lib/xlsx-package';

/**
 * The Excel import of materials and its template /static/material3.xlsx, both from the shared column definition
 * (packages/shared/src/material-sheet.ts). Only .xlsx, read with exceljs: the registry's `xlsx` package that reads old
 * binary .xls files is unmaintained there and has known vulnerabilities, so an .xls is told to be saved as .xlsx.
 */

/** What every "this is not an .xlsx" problem asks. */
export const SAVE_AS_XLSX = 'save it as .xlsx (Excel Workbook) and upload again';

export interface MaterialSheet {
  /** the materials of the data rows, in order; empty whenever there is a problem (all or none) */
  rows: MaterialSave[];
  /** every bad cell (row and column as the spreadsheet shows them); a problem of the whole file has row 0 */
  problems: SheetProblem[];
}

/** A spreadsheet column's letters: 1 → A, 27 → AA. */
export function columnLetter(column: number): string {
  let letters = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/**
 * A cell's value as text, whatever program wrote it: strings, numbers (`1`, not `1.0`), rich text, hyperlinks (their
 * shown text), formulas (their cached result), dates (ISO 8601), booleans, errors (`#N/A`). Line breaks are kept
 * (texts and the languages cell span lines) as `\n`; surrounding white space is trimmed.
 */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.replace(/\r\n?/g, '\n').trim();
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  if ('richText' in value) return cellText(value.richText.map((run) => run.text).join(''));
  if ('formula' in value || 'sharedFormula' in value)
    return cellText((value as { result?: ExcelJS.CellValue }).result ?? null);
  if ('text' in value) return cellText((value as { text: ExcelJS.CellValue }).text);
  if ('error' in value) return String(value.error);
  return '';
}

/** The header as compared: case, surrounding and repeated white space do not count. */
const headerKey = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

const fileProblem = (message: string): MaterialSheet => ({
  rows: [],
  problems: [{ row: 0, column: '', field: '', message }],
});

/** The first worksheet of an .xlsx, or the problem of the file as a whole. */
async function firstSheet(data: Buffer): Promise<ExcelJS.Worksheet | MaterialSheet> {
  if (data.length === 0)
    return fileProblem(`The file is empty: fill the template ${MATERIAL_TEMPLATE_PATHS.materials}`);
  if (data.length > MATERIAL_LIMITS.importBytesMax)
    return fileProblem(`The file is larger than ${MATERIAL_LIMITS.importBytesMax / 1024 / 1024} MB`);
  if (data.subarray(0, OLE_MAGIC.length).equals(OLE_MAGIC))
    return fileProblem(`This is an Excel 97-2003 workbook (.xls): ${SAVE_AS_XLSX}`);
  const notXlsx = fileProblem(`This is not an Excel workbook (.xlsx): ${SAVE_AS_XLSX}`);
  if (!data.subarray(0, ZIP_MAGIC.length).equals(ZIP_MAGIC)) return notXlsx;
  // unpacked and counted first, with a ceiling (a zip bomb, a million rows, a shared-strings bomb): 400 naming file
  const problem = xlsxPackageProblem(data);
  if (problem?.kind === 'limit') throw fieldError('file', problem.message);
  if (problem) return notXlsx;
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    return notXlsx;
  }
  return workbook.worksheets[0] ?? notXlsx;
}

/**
 * Reads the materials of an .xlsx made from the template: the first worksheet's row 1 must hold the template's
 * headers in its columns (each wrong one is a problem of row 1); rows 2 and 3 (hints, example) are not read; from row
 * 4 every row that is not empty is a material, at most 30 (the first row beyond is a problem). Every bad cell is a
 * problem naming its row, column letter and header; `rows` holds the materials only when there is no problem at all.
 * A file that is no .xlsx (an old binary .xls, anything else) is one problem of row 0 asking to save it as .xlsx.
 */
export async function parseMaterialSheet(data: Buffer): Promise<MaterialSheet> {
  const sheet = await firstSheet(data);
  if ('problems' in sheet) return sheet;
  const problems: SheetProblem[] = [];
  const header = sheet.getRow(MATERIAL_SHEET_ROWS.header);
  MATERIAL_SHEET_COLUMNS.forEach((column, i) => {
    const found = cellText(header.getCell(i + 1).value);
    if (headerKey(found) === headerKey(column.header)) return;
    problems.push({
      row: MATERIAL_SHEET_ROWS.header,
      column: columnLetter(i + 1),
      field: column.header,
      message: `must be the template's header "${column.header}"${found ? `, not "${found}"` : ''} (download ${MATERIAL_TEMPLATE_PATHS.materials})`,
    });
  });
  if (problems.length) return { rows: [], problems };

  const rows: MaterialSave[] = [];
  let count = 0;
  for (let r = MATERIAL_SHEET_ROWS.firstData; r <= sheet.rowCount; r++) {
    const cells = sheet.getRow(r);
    const texts: MaterialSheetCells = Object.fromEntries(
      MATERIAL_SHEET_COLUMNS.map((column, i) => [column.key, cellText(cells.getCell(i + 1).value)]),
    );
    if (isEmptyMaterialRow(texts)) continue;
    if (++count > MATERIAL_LIMITS.importRowsMax) {
      problems.push({
        row: r,
        column: '',
        field: '',
        message: `is one material too many: one file imports at most ${MATERIAL_LIMITS.importRowsMax} materials`,
      });
      break;
    }
    const { value, problems: bad } = materialFromCells(texts);
    for (const p of bad) {
      const i = MATERIAL_SHEET_COLUMNS.findIndex((c) => c.key === p.key);
      problems.push({
        row: r,
        column: columnLetter(i + 1),
        field: MATERIAL_SHEET_COLUMNS[i]?.header ?? '',
        message: p.message,
      });
    }
    if (value) rows.push(value);
  }
  if (count === 0)
    problems.push({
      row: MATERIAL_SHEET_ROWS.firstData,
      column: '',
      field: '',
      message: `holds no material: fill the materials from row ${MATERIAL_SHEET_ROWS.firstData}, below the example`,
    });
  return problems.length ? { rows: [], problems } : { rows, problems };
}

/** Notes of the template's Help sheet. */
const HELP = [
  ['Material import', ''],
  ['Row 1', 'The column headers: keep them as they are.'],
  ['Row 2', 'What each column holds.'],
  ['Row 3', 'An example material (a system design notification): it is never imported.'],
  [
    `Rows ${MATERIAL_SHEET_ROWS.firstData} and below`,
    `Your materials, one per row, at most ${MATERIAL_LIMITS.importRowsMax}. Empty rows are skipped.`,
  ],
  [
    'Material types',
    '1 system design and 2 button design are notifications: fill the notification columns. ' +
      '3 cross: fill "Cross JSON" with the JSON object the app receives.',
  ],
  [
    'Languages',
    'Other languages of a notification, in one cell, one per line (Alt+Enter in Excel): lang|title|text, ' +
      'optionally |expanded text|button text.',
  ],
  ['All or none', 'When any cell is wrong nothing is imported: each wrong cell is listed by row and column.'],
  ['File', 'Save as .xlsx (Excel Workbook); the old .xls format is not read.'],
];

/** The template /static/material3.xlsx: headers (bold), hints, the example row, then room for the materials. */
export async function materialTemplate(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Beacon';
  const sheet = workbook.addWorksheet('Materials', {
    views: [{ state: 'frozen', ySplit: MATERIAL_SHEET_ROWS.header }],
  });
  // text cells: a typed "1" or "00" stays as typed, nothing turns into a date
  sheet.columns = MATERIAL_SHEET_COLUMNS.map((c) => ({ key: c.key, width: c.width, style: { numFmt: '@' } }));
  const example = materialCells(MATERIAL_SHEET_EXAMPLE);
  const header = sheet.getRow(MATERIAL_SHEET_ROWS.header);
  const hint = sheet.getRow(MATERIAL_SHEET_ROWS.hint);
  const sample = sheet.getRow(MATERIAL_SHEET_ROWS.example);
  MATERIAL_SHEET_COLUMNS.forEach((c, i) => {
    header.getCell(i + 1).value = c.header;
    hint.getCell(i + 1).value = c.hint;
    sample.getCell(i + 1).value = example[c.key];
  });
  header.font = { bold: true };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFD9E1F2' } };
  hint.font = { italic: true, color: { argb: 'FF595959' } };
  hint.alignment = { wrapText: true, vertical: 'top' };
  sample.font = { color: { argb: 'FF808080' } };
  sample.alignment = { wrapText: true, vertical: 'top' };
  const help = workbook.addWorksheet('Help');
  help.addRows(HELP);
  help.getColumn(1).width = 22;
  help.getColumn(2).width = 110;
  help.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
