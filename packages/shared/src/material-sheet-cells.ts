import {
  MATERIAL_LIMITS,
  type MaterialSave,
  MaterialType,
  type MaterialTypeValue,
} from './contracts/materials';

/** The material sheet's rows, keys and cell readers (material-sheet.ts has the whole design). */
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
  /** how an issue at `path` (one of its paths or inside one) is told in this cell; default the message */
  explain?: (path: string, message: string, draft: MaterialSheetDraft) => string;
  /** the cell's text for a material: the template's example row, a sheet written back */
  write: (m: MaterialSave) => string;
}

export const TYPE_NAMES: Record<MaterialTypeValue, string> = {
  [MaterialType.SYSTEM]: 'system design',
  [MaterialType.BUTTON]: 'button design',
  [MaterialType.CROSS]: 'cross',
};
export const NOTIFICATION_TYPES = [MaterialType.SYSTEM, MaterialType.BUTTON] as const;

/** "1 (system design)", "1 (system design) and 2 (button design)" */
export const typeList = (types: readonly MaterialTypeValue[]) =>
  types.map((t) => `${t} (${TYPE_NAMES[t]})`).join(types.length > 2 ? ', ' : ' and ');

/** "1 (page or deep link), 2 (http(s) link) or 3 (download link)" */
export const choiceList = (choices: Record<number, string>) => {
  const all = Object.entries(choices).map(([n, name]) => `${n} (${name})`);
  return all.length > 1 ? `${all.slice(0, -1).join(', ')} or ${all[all.length - 1]}` : (all[0] ?? '');
};

export const isNotification = (m: MaterialSave) => m.materialType !== MaterialType.CROSS;
export const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** A whole number of `choices` as typed in a cell ("2", "2.0"), or undefined. */
export function choiceOf(text: string, choices: Record<number, string>): number | undefined {
  const n = Number(text);
  return Number.isInteger(n) && n in choices ? n : undefined;
}

/** A text field of a notification's data (noti_title, noti_icon…). */
export function notificationText(
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
export function notificationChoice(
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

export const PUSH_COUNTRIES_HEADER = 'Push countries';

/** Country codes as typed: separated by commas (semicolons and spaces also do). */
export const splitCountries = (text: string) => text.split(/[\s,;]+/).filter((c) => c !== '');

export function countriesColumn(
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

export const OPEN_TYPES = { 1: 'page or deep link', 2: 'http(s) link', 3: 'download link' } as const;
export const EXPANDED_TYPES = { 1: 'none', 2: 'text', 3: 'picture' } as const;

/** The parts of a language line, in order, and how an issue names each. */
export const LANGUAGE_PARTS = [
  ['lang', 'language'],
  ['title', 'title'],
  ['desc', 'text'],
  ['extra', 'expanded text'],
  ['button', 'button text'],
] as const;

/** One line of the "Languages" cell for an entry: `lang|title|text`, then the expanded and button texts if any. */
export function languageLine(e: MaterialSave['multiLangContent'][number]): string {
  const parts = [e.lang, e.title, e.desc];
  if (e.extra || e.button) parts.push(e.extra);
  if (e.button) parts.push(e.button);
  return parts.join('|');
}
