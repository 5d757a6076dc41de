import { base64OfText, cleanCrossJson, textOfBase64 } from './contracts/cross-content';
import { MATERIAL_LIMITS, MATERIAL_TYPES, MaterialType, type MaterialTypeValue } from './contracts/materials';
import { MESSAGE_LIMITS } from './contracts/messages';
import { normalizeLanguage } from './dictionaries/languages';
import {
  EXPANDED_TYPES,
  LANGUAGE_PARTS,
  type MaterialSheetColumn,
  NOTIFICATION_TYPES,
  OPEN_TYPES,
  PUSH_COUNTRIES_HEADER,
  TYPE_NAMES,
  choiceList,
  choiceOf,
  countriesColumn,
  isNotification,
  languageLine,
  notificationChoice,
  notificationText,
  str,
  typeList,
} from './material-sheet-cells';

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
