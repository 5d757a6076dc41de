import {
  checkMaterialContent,
  MATERIAL_NOTI_TYPE,
  MATERIAL_TYPES,
  MaterialSave,
  MaterialType,
  type MaterialTypeValue,
} from './contracts/materials';
import {
  MATERIAL_SHEET_KEYS,
  type MaterialFromCells,
  type MaterialSheetCells,
  type MaterialSheetColumn,
  type MaterialSheetDraft,
  type MaterialSheetKey,
  typeList,
} from './material-sheet-cells';
import { MATERIAL_SHEET_COLUMNS } from './material-sheet-columns';

/**
 * The Excel import of materials (issue 14, spec part 2 §7) and its template /static/material3.xlsx, from ONE column
 * definition used both ways: the template's header, hint and example rows are written from it, and every imported
 * row is read with it into a MaterialSave checked by MaterialSave and checkMaterialContent (the one content rule).
 *
 * The sheet: row 1 the headers, row 2 what each column holds, row 3 an example (never imported), materials from row
 * `MATERIAL_LIMITS.importFirstRow` (4), at most `importRowsMax` (30); empty rows are skipped. One row is one material:
 * - a notification (type 1 system design, type 2 button design) fills the notification columns; its other languages
 *   go in the one "Languages" cell, one language per line: `lang|title|text`, optionally `|expanded text|button text`;
 * - a cross message (type 3) fills "Cross JSON", the JSON object the app receives (sent as `trans_data`, base64);
 * - a cell filled for a type it does not apply to is a problem, not silently dropped.
 */

export {
  MATERIAL_SHEET_KEYS,
  MATERIAL_SHEET_ROWS,
  MATERIAL_TEMPLATE_PATHS,
  type MaterialFromCells,
  type MaterialSheetCells,
  type MaterialSheetColumn,
  type MaterialSheetDraft,
  type MaterialSheetKey,
} from './material-sheet-cells';
export { MATERIAL_SHEET_COLUMNS } from './material-sheet-columns';

const COLUMN_BY_KEY = new Map(MATERIAL_SHEET_COLUMNS.map((c) => [c.key, c]));

/** The column of a sheet key. */
export function materialSheetColumn(key: MaterialSheetKey): MaterialSheetColumn {
  const column = COLUMN_BY_KEY.get(key);
  if (!column) throw new Error(`no material sheet column ${key}`);
  return column;
}

/**
 * The column answering for a MaterialSave issue path (`data.noti_title`, `multiLangContent.1.desc`, …) in a row of
 * `type`: the one of that type with the longest path that is the issue's or holds it.
 */
function columnOfPath(
  path: string,
  type: MaterialTypeValue | undefined,
): { column: MaterialSheetColumn; own: string } | undefined {
  let best: { column: MaterialSheetColumn; own: string } | undefined;
  for (const column of MATERIAL_SHEET_COLUMNS) {
    if (column.types && (type === undefined || !column.types.includes(type))) continue;
    for (const own of column.paths)
      if ((path === own || path.startsWith(`${own}.`)) && own.length > (best?.own.length ?? -1))
        best = { column, own };
  }
  return best;
}

/** A cell's text as the reader compares it: line breaks as `\n`, surrounding white space trimmed. */
const cellOf = (cells: MaterialSheetCells, key: MaterialSheetKey) =>
  (cells[key] ?? '').replace(/\r\n?/g, '\n').trim();

/** Whether a row has no text in any column (the import skips it). */
export function isEmptyMaterialRow(cells: MaterialSheetCells): boolean {
  return MATERIAL_SHEET_KEYS.every((k) => cellOf(cells, k) === '');
}

/**
 * One row of the sheet as a material: each cell read by its column, then MaterialSave and checkMaterialContent, every
 * issue told in the cell it comes from (one entry per bad cell, its messages joined by "; ", in column order). A
 * cell's own problem (empty where required, filled for another type, not a choice, not JSON) hides the issues the
 * rules then find at the same field, which would only repeat it.
 */
export function materialFromCells(cells: MaterialSheetCells): MaterialFromCells {
  const found = new Map<MaterialSheetKey, string[]>();
  const add = (key: MaterialSheetKey, message: string) => {
    const list = found.get(key) ?? [];
    if (!list.includes(message)) list.push(message);
    found.set(key, list);
  };
  const ownProblem = new Set<MaterialSheetKey>();
  const draft: MaterialSheetDraft = {
    type: undefined,
    title: '',
    attribute: '',
    data: {},
    multiLangContent: [],
    languageLines: [],
    pushCountrySet: [],
    notPushCountrySet: [],
  };
  const readCell = (column: MaterialSheetColumn, text: string) => {
    const type = draft.type;
    const problem =
      text === ''
        ? type !== undefined && column.requiredFor?.includes(type)
          ? column.requiredFor.length === MATERIAL_TYPES.length
            ? 'is required'
            : `is required for material type ${typeList([type])}`
          : undefined
        : type !== undefined && column.types && !column.types.includes(type)
          ? `is only for material type${column.types.length > 1 ? 's' : ''} ${typeList(column.types)}`
          : type === undefined && column.types
            ? undefined // its type is unknown: the material type cell says why
            : column.read(text, draft);
    if (problem) {
      add(column.key, problem);
      ownProblem.add(column.key);
    }
  };

  // the type first: it decides which columns apply and what the notification's design is
  const [typeColumn, ...others] = MATERIAL_SHEET_COLUMNS as [MaterialSheetColumn, ...MaterialSheetColumn[]];
  const typeText = cellOf(cells, typeColumn.key);
  readCell(typeColumn, typeText);
  if (typeText === '') {
    add(typeColumn.key, `is required: ${typeList(MATERIAL_TYPES)}`);
    ownProblem.add(typeColumn.key);
  }
  const type = draft.type;
  if (type !== undefined && type !== MaterialType.CROSS)
    Object.assign(draft.data, { noti_type: MATERIAL_NOTI_TYPE[type], noti_ex_type: 1 });
  for (const column of others) readCell(column, cellOf(cells, column.key));
  for (const column of others) {
    if (!column.check || ownProblem.has(column.key) || cellOf(cells, column.key) === '') continue;
    if (column.dependsOn && ownProblem.has(column.dependsOn)) continue;
    if (type === undefined || (column.types && !column.types.includes(type))) continue;
    const problem = column.check(draft);
    if (problem) {
      add(column.key, problem);
      ownProblem.add(column.key);
    }
  }

  const input = {
    materialType: type,
    title: draft.title,
    attribute: draft.attribute,
    data: draft.data,
    multiLangEnable: draft.multiLangContent.length > 0,
    multiLangContent: draft.multiLangContent,
    nationalAttributes: { pushCountrySet: draft.pushCountrySet, notPushCountrySet: draft.notPushCountrySet },
  };
  const parsed = MaterialSave.safeParse(input);
  const issues = (parsed.error?.issues ?? []).map((i) => ({
    path: i.path.map(String).join('.'),
    message: i.message,
  }));
  if (type !== undefined) {
    // the content rule, on the checked material or, when other fields failed, on the row as read
    const material = parsed.success
      ? parsed.data
      : ({ ...input, materialType: type } as unknown as MaterialSave);
    issues.push(...checkMaterialContent(material).issues);
  }
  for (const { path, message } of issues) {
    const match = columnOfPath(path, type);
    if (!match) {
      add(typeColumn.key, `${path} ${message}`);
      continue;
    }
    const { column, own } = match;
    // the cell already says what is wrong with this field, or the cell deciding what it must hold is wrong
    if (
      path === own &&
      (ownProblem.has(column.key) || (column.dependsOn && ownProblem.has(column.dependsOn)))
    )
      continue;
    add(column.key, column.explain ? column.explain(path, message, draft) : message);
  }

  const problems = MATERIAL_SHEET_COLUMNS.flatMap((c) => {
    const list = found.get(c.key);
    return list ? [{ key: c.key, message: list.join('; ') }] : [];
  });
  return problems.length === 0 && parsed.success ? { value: parsed.data, problems } : { problems };
}

/** A material's cells, one text per column: the template's example row, a sheet written back. */
export function materialCells(m: MaterialSave): Record<MaterialSheetKey, string> {
  return Object.fromEntries(MATERIAL_SHEET_COLUMNS.map((c) => [c.key, c.write(m)])) as Record<
    MaterialSheetKey,
    string
  >;
}

/** Row 3 of the template: a system design notification with an expanded text and two other languages. */
export const MATERIAL_SHEET_EXAMPLE: MaterialSave = MaterialSave.parse({
  materialType: MaterialType.SYSTEM,
  title: 'Spring sale reminder',
  attribute: 'promotion',
  data: {
    noti_type: MATERIAL_NOTI_TYPE[MaterialType.SYSTEM],
    noti_title: 'Spring sale',
    noti_desc: 'Up to 50% off, today only',
    noti_small_icon: 'https://cdn.example.com/small.png',
    noti_open_type: 1,
    noti_open_content: 'shop://sale',
    noti_ex_type: 2,
    noti_txt_ex: 'Open the app to see every offer of the day.',
  },
  multiLangEnable: true,
  multiLangContent: [
    { lang: 'fr', title: 'Soldes de printemps', desc: 'Jusqu’à -50 %, aujourd’hui seulement' },
    { lang: 'es', title: 'Rebajas de primavera', desc: 'Hasta un 50 % de descuento, solo hoy' },
  ],
  nationalAttributes: { pushCountrySet: ['US', 'GB', 'FR', 'ES'], notPushCountrySet: [] },
});
