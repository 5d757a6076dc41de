import ExcelJS from 'exceljs';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  base64OfText,
  GAID_PATTERN,
  MATERIAL_SHEET_COLUMNS,
  MATERIAL_SHEET_EXAMPLE,
  MaterialSave,
  materialCells,
  ZERO_GAID,
  type MaterialSaveInput,
} from '@beacon/shared';
import { cellText, columnLetter, materialTemplate, parseMaterialSheet, SAVE_AS_XLSX } from './material-sheet';
import { GAID_TEMPLATE, registerMaterialTemplates } from './material-templates.routes';

const save = (m: MaterialSaveInput) => MaterialSave.parse(m);

/** One material of each type, as an operator would fill them in. */
const SYSTEM = save({
  materialType: 1,
  title: 'Morning news',
  data: {
    noti_type: 1,
    noti_ex_type: 1,
    noti_title: 'Today’s headlines',
    noti_desc: 'Five stories\nworth your time',
    noti_small_icon: 'https://cdn.example.com/small.png',
    noti_open_type: 1,
    noti_open_content: 'news://today',
  },
  nationalAttributes: { pushCountrySet: ['DE', 'FR'], notPushCountrySet: [] },
});
const BUTTON = save({
  materialType: 2,
  title: 'Weekend deal',
  attribute: 'retail',
  data: {
    noti_type: 3,
    noti_ex_type: 3,
    noti_title: 'Weekend deal',
    noti_desc: 'Two for one',
    noti_icon: 'https://cdn.example.com/icon.png',
    noti_btn: 'Order',
    noti_open_type: 2,
    noti_open_content: 'https://example.com/deal',
    noti_img_ex: 'https://cdn.example.com/banner.png',
  },
  multiLangEnable: true,
  multiLangContent: [
    { lang: 'de', title: 'Wochenende', desc: 'Zwei für eins', button: 'Bestellen' },
    { lang: 'es', title: 'Fin de semana', desc: 'Dos por uno' },
  ],
  nationalAttributes: { pushCountrySet: [], notPushCountrySet: ['CN'] },
});
const CROSS = save({
  materialType: 3,
  title: 'Sale page',
  data: { trans_data: base64OfText('{"page":"sale","discount":50}') },
});

/** The column number (1-based) of a sheet key. */
const col = (key: (typeof MATERIAL_SHEET_COLUMNS)[number]['key']) =>
  MATERIAL_SHEET_COLUMNS.findIndex((c) => c.key === key) + 1;

/** The template with these rows of cells from row 4 on (a row: the cell values by column key). */
async function filledTemplate(
  rows: Array<Partial<Record<(typeof MATERIAL_SHEET_COLUMNS)[number]['key'], ExcelJS.CellValue>>>,
  edit?: (sheet: ExcelJS.Worksheet) => void,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await materialTemplate()) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  rows.forEach((cells, i) => {
    for (const [key, value] of Object.entries(cells))
      sheet.getRow(4 + i).getCell(col(key as keyof typeof cells)).value = value ?? null;
  });
  edit?.(sheet);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('the material template /static/material3.xlsx', () => {
  it('has the headers (bold), the hints and the example row of the column definition, and a Help sheet', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await materialTemplate()) as unknown as ArrayBuffer);
    const [sheet, help] = workbook.worksheets;
    const row = (r: number) =>
      MATERIAL_SHEET_COLUMNS.map((_, i) => cellText(sheet!.getRow(r).getCell(i + 1).value));
    expect(row(1)).toEqual(MATERIAL_SHEET_COLUMNS.map((c) => c.header));
    expect(row(2)).toEqual(MATERIAL_SHEET_COLUMNS.map((c) => c.hint));
    const example = materialCells(MATERIAL_SHEET_EXAMPLE);
    expect(row(3)).toEqual(MATERIAL_SHEET_COLUMNS.map((c) => example[c.key]));
    expect(sheet!.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet!.getColumn(col('languages')).width).toBeGreaterThan(30);
    expect(help?.name).toBe('Help');
  });

  it('as downloaded (only the example row) holds no material', async () => {
    expect(await parseMaterialSheet(await materialTemplate())).toEqual({
      rows: [],
      problems: [
        {
          row: 4,
          column: '',
          field: '',
          message: 'holds no material: fill the materials from row 4, below the example',
        },
      ],
    });
  });

  it('round trip: the template filled with one material of each type imports those three materials', async () => {
    const rows: Array<Record<string, ExcelJS.CellValue>> = [SYSTEM, BUTTON, CROSS].map((m) => ({
      ...materialCells(m),
    }));
    // as Excel stores what is typed: numbers as numbers
    rows[0]!.materialType = 1;
    rows[0]!.openType = 1;
    rows[1]!.exType = 3;
    const file = await filledTemplate(rows);
    expect(await parseMaterialSheet(file)).toEqual({ rows: [SYSTEM, BUTTON, CROSS], problems: [] });
  });

  it('skips empty rows, and rows with formatting only', async () => {
    const file = await filledTemplate([materialCells(SYSTEM), {}, { description: '   ' }], (sheet) => {
      sheet.getRow(8).getCell(1).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFFF00' } };
      for (const [key, text] of Object.entries(materialCells(CROSS)))
        sheet.getRow(9).getCell(col(key as keyof ReturnType<typeof materialCells>)).value = text;
    });
    expect(await parseMaterialSheet(file)).toEqual({ rows: [SYSTEM, CROSS], problems: [] });
  });
});

describe('a bad material sheet imports nothing', () => {
  it('names the one bad cell: row, column letter, header and what is wrong', async () => {
    const file = await filledTemplate([materialCells(SYSTEM), { ...materialCells(BUTTON), notiTitle: '' }]);
    expect(await parseMaterialSheet(file)).toEqual({
      rows: [],
      problems: [
        {
          row: 5,
          column: columnLetter(col('notiTitle')),
          field: 'Title',
          message: 'is required for material type 2 (button design)',
        },
      ],
    });
    expect(columnLetter(col('notiTitle'))).toBe('F');
  });

  it('reports every bad cell of every row', async () => {
    const file = await filledTemplate([
      { ...materialCells(SYSTEM), pushCountries: 'DE, XX', openContent: 'https://example.com' },
      materialCells(BUTTON),
      { ...materialCells(CROSS), crossJson: '{"page": sale}' },
      { ...materialCells(SYSTEM), materialType: 7 },
    ]);
    const { rows, problems } = await parseMaterialSheet(file);
    expect(rows).toEqual([]);
    expect(problems.map((p) => [p.row, p.column, p.field])).toEqual([
      [4, 'D', 'Push countries'],
      [4, 'K', 'Open content'],
      [6, 'P', 'Cross JSON'],
      [7, 'A', 'Material type'],
    ]);
    expect(problems[0]!.message).toBe('XX: must be ISO 3166-1 alpha-2 country codes');
    expect(problems[1]!.message).toBe('must be a page or deep link, not an http(s) link');
    expect(problems[2]!.message).toMatch(/^must be a JSON object: .* at line 1, column 10$/);
    expect(problems[3]!.message).toBe('must be 1 (system design), 2 (button design) or 3 (cross)');
  });

  it('refuses more than 30 materials, naming the first row beyond', async () => {
    const rows = Array.from({ length: 31 }, (_, i) => ({
      ...materialCells(CROSS),
      description: `Sale ${i + 1}`,
    }));
    // an empty row in the middle does not count
    rows.splice(10, 0, {} as (typeof rows)[number]);
    const { rows: imported, problems } = await parseMaterialSheet(await filledTemplate(rows));
    expect(imported).toEqual([]);
    expect(problems).toEqual([
      {
        row: 35,
        column: '',
        field: '',
        message: 'is one material too many: one file imports at most 30 materials',
      },
    ]);
    const thirty = await parseMaterialSheet(await filledTemplate(rows.slice(0, 31)));
    expect(thirty.problems).toEqual([]);
    expect(thirty.rows).toHaveLength(30);
  });

  it('refuses a sheet whose header row is not the template’s', async () => {
    const file = await filledTemplate([materialCells(SYSTEM)], (sheet) => {
      sheet.getRow(1).getCell(2).value = 'Name';
      sheet.getRow(1).getCell(3).value = '  ATTRIBUTE ';
      sheet.getRow(1).getCell(col('languages')).value = null;
    });
    expect((await parseMaterialSheet(file)).problems).toEqual([
      {
        row: 1,
        column: 'B',
        field: 'Description',
        message: 'must be the template\'s header "Description", not "Name" (download /static/material3.xlsx)',
      },
      {
        row: 1,
        column: 'Q',
        field: 'Languages',
        message: 'must be the template\'s header "Languages" (download /static/material3.xlsx)',
      },
    ]);
  });

  it('asks to save an old binary .xls (OLE header) as .xlsx', async () => {
    const xls = Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.alloc(1024),
    ]);
    const { rows, problems } = await parseMaterialSheet(xls);
    expect(rows).toEqual([]);
    expect(problems).toEqual([
      { row: 0, column: '', field: '', message: `This is an Excel 97-2003 workbook (.xls): ${SAVE_AS_XLSX}` },
    ]);
    expect(SAVE_AS_XLSX).toBe('save it as .xlsx (Excel Workbook) and upload again');
  });

  it('asks the same of anything that is not an .xlsx: text, CSV, a zip that is no workbook', async () => {
    const notXlsx = `This is not an Excel workbook (.xlsx): ${SAVE_AS_XLSX}`;
    for (const data of [
      Buffer.from('Material type,Description\n1,Sale\n'),
      Buffer.from('%PDF-1.7\n'),
      Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 0, 0]),
    ])
      expect((await parseMaterialSheet(data)).problems).toEqual([
        { row: 0, column: '', field: '', message: notXlsx },
      ]);
    expect((await parseMaterialSheet(Buffer.alloc(0))).problems[0]?.message).toMatch(/^The file is empty/);
    expect((await parseMaterialSheet(Buffer.alloc(3 * 1024 * 1024))).problems[0]?.message).toBe(
      'The file is larger than 2 MB',
    );
  });

  it('reads rich text, hyperlinks, numbers, formulas and text with line breaks as the cells’ text', async () => {
    const cells = materialCells(SYSTEM);
    const file = await filledTemplate([
      {
        ...cells,
        materialType: { formula: '2-1', result: 1 },
        description: { richText: [{ text: 'Morning ' }, { font: { bold: true }, text: 'news' }] },
        smallIcon: {
          text: 'https://cdn.example.com/small.png',
          hyperlink: 'https://cdn.example.com/small.png',
        },
        openType: 1,
        notiText: 'Five stories\r\nworth your time  ',
        pushCountries: { formula: '"DE, "&"FR"', result: 'DE, FR' },
      },
    ]);
    expect(await parseMaterialSheet(file)).toEqual({ rows: [SYSTEM], problems: [] });
  });
});

describe('cell text', () => {
  it('is the text each kind of cell value shows', () => {
    expect(cellText(null)).toBe('');
    expect(cellText(' a\r\nb ')).toBe('a\nb');
    expect(cellText(3)).toBe('3');
    expect(cellText(2.5)).toBe('2.5');
    expect(cellText(true)).toBe('TRUE');
    expect(cellText(new Date('2025-01-02T00:00:00Z'))).toBe('2025-01-02T00:00:00.000Z');
    expect(cellText({ richText: [{ text: 'a' }, { text: 'b' }] })).toBe('ab');
    expect(cellText({ text: 'shown', hyperlink: 'https://x.example' })).toBe('shown');
    expect(cellText({ formula: 'A1', result: 7 })).toBe('7');
    expect(cellText({ formula: 'A1' })).toBe('');
    expect(cellText({ error: '#N/A' })).toBe('#N/A');
    expect([1, 26, 27, 52, 703].map(columnLetter)).toEqual(['A', 'Z', 'AA', 'AZ', 'AAA']);
  });
});

describe('the template routes', () => {
  it('serve /static/material3.xlsx and /static/GAID.txt to anyone, as attachments', async () => {
    const app = Fastify();
    registerMaterialTemplates(app);
    const xlsx = await app.inject({ method: 'GET', url: '/static/material3.xlsx' });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(xlsx.headers['content-disposition']).toBe('attachment; filename="material3.xlsx"');
    expect((await parseMaterialSheet(xlsx.rawPayload)).problems[0]?.message).toMatch(/holds no material/);

    const gaid = await app.inject({ method: 'GET', url: '/static/GAID.txt' });
    expect(gaid.statusCode).toBe(200);
    expect(gaid.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(gaid.headers['content-disposition']).toBe('attachment; filename="GAID.txt"');
    expect(gaid.body).toBe(GAID_TEMPLATE);
    await app.close();
  });

  it('GAID.txt holds three advertising ids, one per line, as the GAID upload accepts them', () => {
    const lines = GAID_TEMPLATE.split('\n');
    expect(lines.pop()).toBe('');
    expect(lines).toHaveLength(3);
    for (const line of lines) {
      expect(line).toMatch(GAID_PATTERN);
      expect(line).not.toBe(ZERO_GAID);
    }
    expect(new Set(lines).size).toBe(3);
  });
});
