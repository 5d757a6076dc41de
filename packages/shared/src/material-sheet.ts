import { base64OfText, cleanCrossJson, textOfBase64 } from './contracts/cross-content';
import {
  checkMaterialContent,
  MATERIAL_LIMITS,
  MATERIAL_NOTI_TYPE,
  MATERIAL_TYPES,
  MaterialSave,
  MaterialType,
  type MaterialTypeValue,
} from './contracts/materials';
import { MESSAGE_LIMITS } from './contracts/messages';
import { normalizeLanguage } from './dictionaries/languages';

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

/** The template's addresses (public: they hold no data). */
export const MATERIAL_TEMPLATE_PATHS = {
  /** the material import template, generated from MATERIAL_SHEET_COLUMNS */
  materials: '/static/material3.xlsx',
  /** a GAID list for file targeting: one advertising id per line */
  gaid: '/static/GAID.txt',
} as const;

/** The rows of the sheet: headers, hints, the example (not imported), then the materials. */
export const MATERIAL_SHEET_ROWS = {
  header: 1,
  hint: 2,
  example: 3,
  firstData: MATERIAL_LIMITS.importFirstRow,
} as const;

export const MATERIAL_SHEET_KEYS = [
  'materialType',
  'description',
  'attribute',
  'pushCountries',
  'notPushCountries',
  'notiTitle',
  'notiText',
  'smallIcon',
  'icon',
  'openType',
  'openContent',
  'exType',
  'exText',
  'exPicture',
  'buttonText',
  'crossJson',
  'languages',
] as const;
export type MaterialSheetKey = (typeof MATERIAL_SHEET_KEYS)[number];

/** A row's cells as text (trimmed by the reader; a missing key is an empty cell). */
export type MaterialSheetCells = Partial<Record<MaterialSheetKey, string>>;

/** What one row becomes: the material when every cell is right, else what is wrong, one entry per bad cell. */
export interface MaterialFromCells {
  value?: MaterialSave;
  problems: Array<{ key: MaterialSheetKey; message: string }>;
}

/** A material being read from a row's cells, before MaterialSave checks it. */
export interface MaterialSheetDraft {
  /** the row's material type, once its cell was read (undefined: empty or not 1, 2, 3) */
  type: MaterialTypeValue | undefined;
  title: string;
  attribute: string;
  data: Record<string, unknown>;
  multiLangContent: Array<{ lang: string; title: string; desc: string; extra?: string; button?: string }>;
  /** the line of the "Languages" cell each entry of multiLangContent came from (1-based) */
  languageLines: number[];
  pushCountrySet: string[];
  notPushCountrySet: string[];
}

export interface MaterialSheetColumn {
  key: MaterialSheetKey;
  /** row 1 of the template, and what the import expects there */
  header: string;
  /** row 2 of the template: what the column holds */
  hint: string;
  /** the template's column width (characters) */
  width: number;
  /** the material types whose rows may fill it (undefined: every type) */
  types?: readonly MaterialTypeValue[];
  /** the material types whose rows must fill it */
  requiredFor?: readonly MaterialTypeValue[];
  /** the MaterialSave fields it answers for: an issue at one of them or inside it is this column's */
  paths: readonly string[];
  /** puts the cell's text (trimmed, not empty) into the draft; returns what is wrong with the text, if anything */
  read: (text: string, draft: MaterialSheetDraft) => string | undefined;
  /** with the whole row read: what is wrong with a filled cell given the other cells (expanded view fields) */
  check?: (draft: MaterialSheetDraft) => string | undefined;
  /** the column whose value decides what this one must hold: when that cell is wrong, this one is not judged */
  dependsOn?: MaterialSheetKey;
  /** how an issue at `path` (one of its paths or inside one) is told in this cell; default the issue's message */
  explain?: (path: string, message: string, draft: MaterialSheetDraft) => string;
  /** the cell's text for a material: the template's example row, a sheet written back */
  write: (m: MaterialSave) => string;
}

const TYPE_NAMES: Record<MaterialTypeValue, string> = {
  [MaterialType.SYSTEM]: 'system design',
  [MaterialType.BUTTON]: 'button design',
  [MaterialType.CROSS]: 'cross',
};
const NOTIFICATION_TYPES = [MaterialType.SYSTEM, MaterialType.BUTTON] as const;

/** "1 (system design)", "1 (system design) and 2 (button design)" */
const typeList = (types: readonly MaterialTypeValue[]) =>
  types.map((t) => `${t} (${TYPE_NAMES[t]})`).join(types.length > 2 ? ', ' : ' and ');

/** "1 (page or deep link), 2 (http(s) link) or 3 (download link)" */
const choiceList = (choices: Record<number, string>) => {
  const all = Object.entries(choices).map(([n, name]) => `${n} (${name})`);
  return all.length > 1 ? `${all.slice(0, -1).join(', ')} or ${all[all.length - 1]}` : (all[0] ?? '');
};

const isNotification = (m: MaterialSave) => m.materialType !== MaterialType.CROSS;
const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** A whole number of `choices` as typed in a cell ("2", "2.0"), or undefined. */
function choiceOf(text: string, choices: Record<number, string>): number | undefined {
  const n = Number(text);
  return Number.isInteger(n) && n in choices ? n : undefined;
}

/** A text field of a notification's data (noti_title, noti_icon…). */
function notificationText(
  key: MaterialSheetKey,
  field: string,
  header: string,
  hint: string,
  width: number,
  types: readonly MaterialTypeValue[] = NOTIFICATION_TYPES,
  requiredFor: readonly MaterialTypeValue[] = [],
): MaterialSheetColumn {
  return {
    key,
    header,
    hint,
    width,
    types,
    requiredFor,
    paths: [`data.${field}`],
    read: (text, d) => {
      d.data[field] = text;
      return undefined;
    },
    write: (m) => (isNotification(m) ? str(m.data[field]) : ''),
  };
}

/** A numbered choice of a notification's data (noti_open_type, noti_ex_type). */
function notificationChoice(
  key: MaterialSheetKey,
  field: string,
  header: string,
  hint: string,
  choices: Record<number, string>,
  requiredFor: readonly MaterialTypeValue[],
): MaterialSheetColumn {
  return {
    key,
    header,
    hint,
    width: 14,
    types: NOTIFICATION_TYPES,
    requiredFor,
    paths: [`data.${field}`],
    read: (text, d) => {
      const n = choiceOf(text, choices);
      // a wrong choice stands as the first one, so that the rules of the other fields still run
      d.data[field] = n ?? Number(Object.keys(choices)[0]);
      if (n === undefined) return `must be ${choiceList(choices)}`;
      return undefined;
    },
    write: (m) => (isNotification(m) ? str(m.data[field]) : ''),
  };
}

const PUSH_COUNTRIES_HEADER = 'Push countries';

/** Country codes as typed: separated by commas (semicolons and spaces also do). */
const splitCountries = (text: string) => text.split(/[\s,;]+/).filter((c) => c !== '');

function countriesColumn(
  key: MaterialSheetKey,
  field: 'pushCountrySet' | 'notPushCountrySet',
  header: string,
  hint: string,
): MaterialSheetColumn {
  return {
    key,
    header,
    hint,
    width: 22,
    paths: [`nationalAttributes.${field}`],
    read: (text, d) => {
      d[field] = splitCountries(text);
      return undefined;
    },
    explain: (path, message, d) => {
      const index = Number(path.split('.')[2]);
      const code = Number.isInteger(index) ? d[field][index] : undefined;
      // the one rule's message names the other field: name its column instead
      const worded = message.replace(/\bpushCountrySet\b/, `"${PUSH_COUNTRIES_HEADER}"`);
      return code === undefined ? worded : `${code}: ${worded}`;
    },
    write: (m) => m.nationalAttributes[field].join(', '),
  };
}

const OPEN_TYPES = { 1: 'page or deep link', 2: 'http(s) link', 3: 'download link' } as const;
const EXPANDED_TYPES = { 1: 'none', 2: 'text', 3: 'picture' } as const;

/** The parts of a language line, in order, and how an issue names each. */
const LANGUAGE_PARTS = [
  ['lang', 'language'],
  ['title', 'title'],
  ['desc', 'text'],
  ['extra', 'expanded text'],
  ['button', 'button text'],
] as const;

/** One line of the "Languages" cell for an entry: `lang|title|text`, then the expanded and button texts if any. */
function languageLine(e: MaterialSave['multiLangContent'][number]): string {
  const parts = [e.lang, e.title, e.desc];
  if (e.extra || e.button) parts.push(e.extra);
  if (e.button) parts.push(e.button);
  return parts.join('|');
}

/**
 * The columns of the material sheet, in order (A, B, …): the template's header, hint and example rows and the import
 * of every row come from here.
 */
export const MATERIAL_SHEET_COLUMNS: readonly MaterialSheetColumn[] = [
  {
    key: 'materialType',
    header: 'Material type',
    hint: `Required: ${typeList(MATERIAL_TYPES)}`,
    width: 14,
    requiredFor: MATERIAL_TYPES,
    paths: ['materialType', 'data.noti_type'],
    read: (text, d) => {
      const n = choiceOf(text, TYPE_NAMES);
      if (n === undefined) return `must be ${choiceList(TYPE_NAMES)}`;
      d.type = n as MaterialTypeValue;
      return undefined;
    },
    write: (m) => String(m.materialType),
  },
  {
    key: 'description',
    header: 'Description',
    hint: `Required, at most ${MATERIAL_LIMITS.descriptionMax} characters: the material's name in the lists`,
    width: 28,
    requiredFor: MATERIAL_TYPES,
    paths: ['title'],
    read: (text, d) => {
      d.title = text;
      return undefined;
    },
    write: (m) => m.title,
  },
  {
    key: 'attribute',
    header: 'Attribute',
    hint: `Optional label, at most ${MATERIAL_LIMITS.attributeMax} characters`,
    width: 16,
    paths: ['attribute'],
    read: (text, d) => {
      d.attribute = text;
      return undefined;
    },
    write: (m) => m.attribute,
  },
  countriesColumn(
    'pushCountries',
    'pushCountrySet',
    PUSH_COUNTRIES_HEADER,
    'ISO country codes separated by commas, e.g. US, GB. Empty: every country',
  ),
  countriesColumn(
    'notPushCountries',
    'notPushCountrySet',
    'Countries not pushed',
    'ISO country codes separated by commas: devices there never get it. Empty: none',
  ),
  notificationText(
    'notiTitle',
    'noti_title',
    'Title',
    `Types 1, 2, required: the notification's title, at most ${MESSAGE_LIMITS.titleMax} characters`,
    24,
    NOTIFICATION_TYPES,
    NOTIFICATION_TYPES,
  ),
  notificationText(
    'notiText',
    'noti_desc',
    'Text',
    `Types 1, 2, required: the notification's text, at most ${MESSAGE_LIMITS.descMax} characters`,
    32,
    NOTIFICATION_TYPES,
    NOTIFICATION_TYPES,
  ),
  notificationText(
    'smallIcon',
    'noti_small_icon',
    'Small icon URL',
    'Type 1 only, required: the small icon, e.g. https://cdn.example.com/small.png',
    30,
    [MaterialType.SYSTEM],
    [MaterialType.SYSTEM],
  ),
  notificationText(
    'icon',
    'noti_icon',
    'Icon URL',
    'Type 2 only, required: the icon of the button design, e.g. https://cdn.example.com/icon.png',
    30,
    [MaterialType.BUTTON],
    [MaterialType.BUTTON],
  ),
  notificationChoice(
    'openType',
    'noti_open_type',
    'Open type',
    `Types 1, 2, required: what a tap opens: ${choiceList(OPEN_TYPES)}`,
    OPEN_TYPES,
    NOTIFICATION_TYPES,
  ),
  {
    ...notificationText(
      'openContent',
      'noti_open_content',
      'Open content',
      'Types 1, 2, required, no spaces: the page or deep link (shop://sale) for 1, the http(s) address for 2 and 3',
      30,
      NOTIFICATION_TYPES,
      NOTIFICATION_TYPES,
    ),
    dependsOn: 'openType',
  },
  notificationChoice(
    'exType',
    'noti_ex_type',
    'Expanded type',
    `Types 1, 2: the expanded view, ${choiceList(EXPANDED_TYPES)}. Empty: 1`,
    EXPANDED_TYPES,
    [],
  ),
  {
    ...notificationText(
      'exText',
      'noti_txt_ex',
      'Expanded text',
      `With expanded type 2, required: the longer text, at most ${MESSAGE_LIMITS.expandedTextMax} characters`,
      32,
    ),
    dependsOn: 'exType',
    check: (d) => (d.data.noti_ex_type === 2 ? undefined : 'is only used with expanded type 2 (text)'),
  },
  {
    ...notificationText(
      'exPicture',
      'noti_img_ex',
      'Expanded picture URL',
      'With expanded type 3, required: the picture, e.g. https://cdn.example.com/banner.png',
      30,
    ),
    dependsOn: 'exType',
    check: (d) => (d.data.noti_ex_type === 3 ? undefined : 'is only used with expanded type 3 (picture)'),
  },
  notificationText(
    'buttonText',
    'noti_btn',
    'Button text',
    `Type 2 only: the button's text, at most ${MESSAGE_LIMITS.buttonMax} characters`,
    16,
    [MaterialType.BUTTON],
  ),
  {
    key: 'crossJson',
    header: 'Cross JSON',
    hint: 'Type 3 only, required: the JSON object the app receives, e.g. {"page":"sale","discount":50}',
    width: 36,
    types: [MaterialType.CROSS],
    requiredFor: [MaterialType.CROSS],
    // the JSON is sent as trans_data; a cross material's data holds nothing else the sheet fills
    paths: ['data.trans_data', 'data'],
    read: (text, d) => {
      const cleaned = cleanCrossJson(text);
      if (!cleaned.ok) {
        const { message, line, column, problem } = cleaned.error;
        return problem === 'notObject'
          ? 'must be a JSON object ({…})'
          : `must be a JSON object: ${message} at line ${line}, column ${column}`;
      }
      if (cleaned.dropped.length)
        return `must not hold the keys the message sets itself: ${cleaned.dropped.join(', ')}`;
      d.data.trans_data = base64OfText(JSON.stringify(cleaned.value));
      return undefined;
    },
    write: (m) => (isNotification(m) ? '' : (textOfBase64(str(m.data.trans_data)) ?? '')),
  },
  {
    key: 'languages',
    header: 'Languages',
    hint:
      'Types 1, 2, optional: other languages, one per line: lang|title|text, optionally |expanded text|button text ' +
      '(e.g. fr|Soldes|Jusqu’à -50 %). No | inside the texts. Empty: the main content only',
    width: 44,
    types: NOTIFICATION_TYPES,
    paths: ['multiLangContent', 'multiLangEnable'],
    read: (text, d) => {
      const problems: string[] = [];
      text.split('\n').forEach((raw, i) => {
        const line = raw.trim();
        if (line === '') return;
        const parts = line.split('|').map((p) => p.trim());
        if (parts.length < 3 || parts.length > LANGUAGE_PARTS.length) {
          problems.push(`line ${i + 1}: must be lang|title|text, optionally |expanded text|button text`);
          return;
        }
        const [lang = '', title = '', desc = '', extra = '', button = ''] = parts;
        const code = normalizeLanguage(lang);
        if (code === undefined) {
          problems.push(`line ${i + 1}: "${lang}" is not a language code (e.g. en, fr, pt_BR)`);
          return;
        }
        d.multiLangContent.push({
          lang: code,
          title,
          desc,
          ...(extra ? { extra } : {}),
          ...(button ? { button } : {}),
        });
        d.languageLines.push(i + 1);
      });
      return problems.length ? problems.join('; ') : undefined;
    },
    explain: (path, message, d) => {
      const [, index, part] = path.split('.');
      const line = d.languageLines[Number(index)];
      if (line === undefined) return message;
      const name = LANGUAGE_PARTS.find(([p]) => p === part)?.[1];
      return name ? `line ${line}, ${name}: ${message}` : `line ${line}: ${message}`;
    },
    write: (m) => (isNotification(m) ? m.multiLangContent.map(languageLine).join('\n') : ''),
  },
];

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
