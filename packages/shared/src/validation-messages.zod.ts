import { type Lang, type Pair, pick, zhAfter } from './validation-messages.rules';

// (c) zod's built-in English messages in French and Chinese, worded again from the issue's fields, for
// localizeIssueMessage (validation-messages.ts).

/** The zod v4 issue as the server receives it (only what we read). */
export interface IssueLike {
  code?: string;
  message?: string;
  expected?: string;
  received?: string;
  input?: unknown;
  minimum?: number | bigint;
  maximum?: number | bigint;
  inclusive?: boolean;
  /** too_small / too_big: the length must be exactly the bound. */
  exact?: boolean;
  origin?: string;
  format?: string;
  /** invalid_format: the regex (format `regex`), the prefix, suffix or included text. */
  pattern?: string;
  prefix?: string;
  suffix?: string;
  includes?: string;
  values?: unknown[];
  keys?: string[];
  /** invalid_union: the discriminator's allowed values. */
  options?: unknown[];
  divisor?: number;
}

/** What an issue says, from its fields or, when the issue is not at hand, from zod's English message. */
export interface Facts {
  code: string;
  missing?: boolean;
  expected?: string;
  origin?: string;
  /** too_small / too_big: the bound; not_multiple_of: the divisor. */
  bound?: string;
  inclusive?: boolean;
  exact?: boolean;
  format?: string;
  /** invalid_format: the pattern, or the quoted prefix, suffix or included text. */
  detail?: string;
  /** invalid_value / invalid_union: the values; unrecognized_keys: the keys; shown as zod shows them. */
  list?: string[];
  /** invalid_union: more than one option matched. */
  ambiguous?: boolean;
}

/** zod's phrase for each format ("Invalid email address"), to read a message back. */
const ZOD_FORMAT_PHRASES: Readonly<Record<string, string>> = {
  'email address': 'email',
  URL: 'url',
  emoji: 'emoji',
  UUID: 'uuid',
  UUIDv4: 'uuidv4',
  UUIDv6: 'uuidv6',
  nanoid: 'nanoid',
  GUID: 'guid',
  cuid: 'cuid',
  cuid2: 'cuid2',
  ULID: 'ulid',
  XID: 'xid',
  KSUID: 'ksuid',
  'ISO datetime': 'datetime',
  'ISO date': 'date',
  'ISO time': 'time',
  'ISO duration': 'duration',
  'IPv4 address': 'ipv4',
  'IPv6 address': 'ipv6',
  'MAC address': 'mac',
  'IPv4 range': 'cidrv4',
  'IPv6 range': 'cidrv6',
  'base64-encoded string': 'base64',
  'base64url-encoded string': 'base64url',
  'JSON string': 'json_string',
  'E.164 number': 'e164',
  'currency code': 'currency_code',
  'credit card number': 'credit_card',
  IBAN: 'iban',
  JWT: 'jwt',
};

/** A value as zod's messages show it: strings in double quotes, bigints with n. */
function shown(value: unknown): string {
  if (typeof value === 'string') return `"${value}"`;
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'number' || typeof value === 'boolean' || value === null || value === undefined)
    return String(value);
  if (typeof value === 'symbol') return value.toString();
  try {
    return JSON.stringify(value) ?? '…';
  } catch {
    return '…';
  }
}

const STRING_FORMATS: Readonly<Record<string, string>> = {
  'start with': 'starts_with',
  'end with': 'ends_with',
  include: 'includes',
};

function factsOfMessage(message: string): Facts {
  let m = /^Invalid input: expected (\S+), received (\S+)$/.exec(message);
  if (m) return { code: 'invalid_type', expected: m[1], missing: m[2] === 'undefined' };
  if (message === 'Invalid input: more than one option matched')
    return { code: 'invalid_union', ambiguous: true };
  if (message === 'Invalid input') return { code: 'custom' };
  m = /^Invalid input: expected (.+)$/.exec(message);
  if (m) return { code: 'invalid_value', list: [m[1] ?? ''] };
  m = /^Invalid option: expected one of (.+)$/.exec(message);
  if (m) return { code: 'invalid_value', list: (m[1] ?? '').split('|') };
  m = /^Too (big|small): expected (\w+) to (?:have|be) (exactly |<=|>=|<|>)(\S+)/.exec(message);
  if (m) {
    const [, size, origin, adj, bound] = m;
    return {
      code: size === 'big' ? 'too_big' : 'too_small',
      origin,
      bound,
      exact: adj === 'exactly ',
      inclusive: adj !== '<' && adj !== '>',
    };
  }
  m = /^Invalid string: must (start with|end with|include|match pattern) (.+)$/.exec(message);
  if (m) {
    const format = STRING_FORMATS[m[1] ?? ''];
    return { code: 'invalid_format', format: format ?? 'regex', detail: m[2] };
  }
  m = /^Invalid number: must be a multiple of (\S+)$/.exec(message);
  if (m) return { code: 'not_multiple_of', bound: m[1] };
  m = /^Unrecognized keys?: (.+)$/.exec(message);
  if (m) return { code: 'unrecognized_keys', list: (m[1] ?? '').split(', ') };
  m = /^Invalid key in (\w+)$/.exec(message);
  if (m) return { code: 'invalid_key', origin: m[1] };
  m = /^Invalid value in (\w+)$/.exec(message);
  if (m) return { code: 'invalid_element', origin: m[1] };
  m = /^Invalid discriminator value\. Expected (.+)$/.exec(message);
  if (m) return { code: 'invalid_union', list: (m[1] ?? '').split(' | ') };
  m = /^Invalid (.+)$/.exec(message);
  if (m) return { code: 'invalid_format', format: ZOD_FORMAT_PHRASES[m[1] ?? ''] ?? m[1] };
  return { code: 'custom' };
}

export function factsOf(message: string, issue: IssueLike | undefined): Facts {
  if (!issue?.code) return factsOfMessage(message);
  const fromMessage = factsOfMessage(message);
  const facts: Facts = { code: issue.code, origin: issue.origin };
  switch (issue.code) {
    case 'invalid_type':
      facts.expected = issue.expected ?? fromMessage.expected;
      // zod leaves the input out of its issues (unless asked): the message says what was received
      facts.missing =
        'input' in issue
          ? issue.input === undefined
          : issue.received !== undefined
            ? issue.received === 'undefined'
            : fromMessage.code === 'invalid_type' && fromMessage.missing === true;
      break;
    case 'too_small':
    case 'too_big': {
      const bound = issue.code === 'too_small' ? issue.minimum : issue.maximum;
      facts.bound =
        bound === undefined
          ? fromMessage.bound
          : issue.origin === 'date' && typeof bound === 'number' && Number.isFinite(bound)
            ? new Date(bound).toISOString()
            : String(bound);
      facts.inclusive = issue.inclusive ?? fromMessage.inclusive ?? true;
      facts.exact = issue.exact ?? fromMessage.exact ?? false;
      break;
    }
    case 'invalid_format':
      facts.format = issue.format ?? fromMessage.format;
      facts.detail =
        issue.format === 'starts_with' && issue.prefix !== undefined
          ? `"${issue.prefix}"`
          : issue.format === 'ends_with' && issue.suffix !== undefined
            ? `"${issue.suffix}"`
            : issue.format === 'includes' && issue.includes !== undefined
              ? `"${issue.includes}"`
              : (issue.pattern ?? fromMessage.detail);
      break;
    case 'invalid_value':
      facts.list = issue.values ? issue.values.map(shown) : fromMessage.list;
      break;
    case 'unrecognized_keys':
      facts.list = issue.keys ? issue.keys.map(shown) : fromMessage.list;
      break;
    case 'invalid_union':
      facts.list = issue.options?.length ? issue.options.map(shown) : undefined;
      facts.ambiguous = issue.inclusive === false;
      break;
    case 'not_multiple_of':
      facts.bound = issue.divisor === undefined ? fromMessage.bound : String(issue.divisor);
      break;
    default:
      break;
  }
  return facts;
}

/** The types zod names in invalid_type ("expected number"), with the article French needs. */
const TYPE_NAMES: Readonly<Record<string, Pair>> = {
  string: ['une chaîne de caractères', '字符串'],
  number: ['un nombre', '数字'],
  int: ['un nombre entier', '整数'],
  bigint: ['un grand entier (bigint)', '大整数（bigint）'],
  boolean: ['un booléen (true ou false)', '布尔值（true 或 false）'],
  date: ['une date', '日期'],
  array: ['une liste', '数组'],
  tuple: ['une liste', '数组'],
  object: ['un objet', '对象'],
  record: ['un objet', '对象'],
  map: ['une Map', 'Map'],
  set: ['un ensemble (Set)', 'Set 集合'],
  file: ['un fichier', '文件'],
  function: ['une fonction', '函数'],
  symbol: ['un symbole', 'Symbol'],
  null: ['null', 'null'],
  nan: ['NaN', 'NaN'],
  NaN: ['NaN', 'NaN'],
};

/** The unit of a size (too_small / too_big of a string, a list…): French singular and plural, Chinese. */
const SIZE_UNITS: Readonly<Record<string, readonly [one: string, many: string, zh: string]>> = {
  string: ['caractère', 'caractères', '个字符'],
  array: ['élément', 'éléments', '项'],
  set: ['élément', 'éléments', '项'],
  map: ['entrée', 'entrées', '个条目'],
  file: ['octet', 'octets', '字节'],
};

/** invalid_format: the predicate for each format. */
const FORMATS: Readonly<Record<string, Pair>> = {
  email: ['doit être une adresse e-mail valide', '必须为有效的邮箱地址'],
  url: ['doit être une URL valide', '必须为有效的 URL'],
  uuid: ['doit être un UUID valide', '必须为有效的 UUID'],
  uuidv4: ['doit être un UUID v4 valide', '必须为有效的 UUID v4'],
  uuidv6: ['doit être un UUID v6 valide', '必须为有效的 UUID v6'],
  uuidv7: ['doit être un UUID v7 valide', '必须为有效的 UUID v7'],
  guid: ['doit être un GUID valide', '必须为有效的 GUID'],
  datetime: [
    'doit être une date-heure ISO valide, comme 2024-01-31T08:30:00Z',
    '必须为有效的 ISO 日期时间，如 2024-01-31T08:30:00Z',
  ],
  date: ['doit être une date ISO valide (YYYY-MM-DD)', '必须为有效的 ISO 日期（YYYY-MM-DD）'],
  time: ['doit être une heure ISO valide (HH:mm[:ss])', '必须为有效的 ISO 时间（HH:mm[:ss]）'],
  duration: ['doit être une durée ISO 8601 valide', '必须为有效的 ISO 8601 时长'],
  ipv4: ['doit être une adresse IPv4 valide', '必须为有效的 IPv4 地址'],
  ipv6: ['doit être une adresse IPv6 valide', '必须为有效的 IPv6 地址'],
  cidrv4: ['doit être une plage IPv4 valide', '必须为有效的 IPv4 网段'],
  cidrv6: ['doit être une plage IPv6 valide', '必须为有效的 IPv6 网段'],
  mac: ['doit être une adresse MAC valide', '必须为有效的 MAC 地址'],
  base64: ['doit être une chaîne base64 valide', '必须为有效的 base64 字符串'],
  base64url: ['doit être une chaîne base64url valide', '必须为有效的 base64url 字符串'],
  json_string: ['doit être une chaîne JSON valide', '必须为有效的 JSON 字符串'],
  e164: ['doit être un numéro E.164 valide', '必须为有效的 E.164 号码'],
  jwt: ['doit être un JWT valide', '必须为有效的 JWT'],
  emoji: ['doit être un emoji', '必须为表情符号'],
  nanoid: ['doit être un identifiant nanoid valide', '必须为有效的 nanoid'],
  cuid: ['doit être un identifiant cuid valide', '必须为有效的 cuid'],
  cuid2: ['doit être un identifiant cuid2 valide', '必须为有效的 cuid2'],
  ulid: ['doit être un identifiant ULID valide', '必须为有效的 ULID'],
  xid: ['doit être un identifiant XID valide', '必须为有效的 XID'],
  ksuid: ['doit être un identifiant KSUID valide', '必须为有效的 KSUID'],
  currency_code: ['doit être un code de devise valide', '必须为有效的货币代码'],
  credit_card: ['doit être un numéro de carte bancaire valide', '必须为有效的银行卡号'],
  iban: ['doit être un IBAN valide', '必须为有效的 IBAN'],
  lowercase: ['doit être en minuscules', '必须为小写'],
  uppercase: ['doit être en majuscules', '必须为大写'],
  template_literal: ['n’a pas le format attendu', '格式不正确'],
};

function sized(f: Facts, lang: Lang): string | undefined {
  const unit = SIZE_UNITS[f.origin ?? ''];
  if (!unit) return undefined;
  const n = f.bound ?? '?';
  const small = f.code === 'too_small';
  if (lang === 'fr') {
    const u = n === '0' || n === '1' ? unit[0] : unit[1];
    if (f.exact) return `doit contenir exactement ${n} ${u}`;
    if (small) return f.inclusive ? `doit contenir au moins ${n} ${u}` : `doit contenir plus de ${n} ${u}`;
    return f.inclusive ? `doit contenir au plus ${n} ${u}` : `doit contenir moins de ${n} ${u}`;
  }
  if (f.exact) return `必须恰好为 ${n} ${unit[2]}`;
  if (small) return f.inclusive ? `至少 ${n} ${unit[2]}` : `必须多于 ${n} ${unit[2]}`;
  return f.inclusive ? `最多 ${n} ${unit[2]}` : `必须少于 ${n} ${unit[2]}`;
}

function bounded(f: Facts, lang: Lang): string {
  const n = f.bound ?? '?';
  const small = f.code === 'too_small';
  if (f.origin === 'date') {
    if (lang === 'fr')
      return small
        ? f.inclusive
          ? `ne doit pas être antérieur à ${n}`
          : `doit être postérieur à ${n}`
        : f.inclusive
          ? `ne doit pas être postérieur à ${n}`
          : `doit être antérieur à ${n}`;
    return small
      ? f.inclusive
        ? `不能早于 ${n}`
        : `必须晚于 ${n}`
      : f.inclusive
        ? `不能晚于 ${n}`
        : `必须早于 ${n}`;
  }
  if (lang === 'fr') {
    if (f.exact) return `doit être égal à ${n}`;
    return small
      ? f.inclusive
        ? `doit être supérieur ou égal à ${n}`
        : `doit être supérieur à ${n}`
      : f.inclusive
        ? `doit être inférieur ou égal à ${n}`
        : `doit être inférieur à ${n}`;
  }
  if (f.exact) return `必须等于 ${n}`;
  return small
    ? f.inclusive
      ? `必须大于或等于 ${n}`
      : `必须大于 ${n}`
    : f.inclusive
      ? `必须小于或等于 ${n}`
      : `必须小于 ${n}`;
}

function oneOf(list: readonly string[], lang: Lang): string {
  if (list.length === 1) return lang === 'fr' ? `doit valoir ${list[0]}` : `必须为${zhAfter(list[0] ?? '')}`;
  return lang === 'fr'
    ? `doit valoir l’une des valeurs suivantes : ${list.join(', ')}`
    : `必须为以下值之一：${list.join('、')}`;
}

export function builtin(f: Facts, lang: Lang): string {
  const fr = lang === 'fr';
  switch (f.code) {
    case 'invalid_type': {
      if (f.missing) return fr ? 'est obligatoire' : '为必填项';
      const expected = f.expected ?? '';
      if (expected === 'undefined' || expected === 'never' || expected === 'void')
        return fr ? 'ne doit pas être fourni' : '不应提供';
      const name = TYPE_NAMES[expected];
      if (name) return fr ? `doit être ${name[0]}` : `必须为${zhAfter(name[1])}`;
      return fr ? `doit être de type ${expected}` : `必须为 ${expected} 类型`;
    }
    case 'too_small':
    case 'too_big':
      return sized(f, lang) ?? bounded(f, lang);
    case 'invalid_format': {
      const format = f.format ?? '';
      const detail = f.detail ?? '';
      if (format === 'starts_with') return fr ? `doit commencer par ${detail}` : `必须以 ${detail} 开头`;
      if (format === 'ends_with') return fr ? `doit se terminer par ${detail}` : `必须以 ${detail} 结尾`;
      if (format === 'includes') return fr ? `doit contenir ${detail}` : `必须包含 ${detail}`;
      if (format === 'regex')
        return detail
          ? fr
            ? `doit correspondre au motif ${detail}`
            : `必须匹配模式 ${detail}`
          : fr
            ? 'n’a pas le format attendu'
            : '格式不正确';
      const known = FORMATS[format];
      if (known) return pick(known, lang);
      return fr ? `doit être au format ${format}` : `必须为 ${format} 格式`;
    }
    case 'invalid_value':
      return f.list?.length ? oneOf(f.list, lang) : fr ? 'n’est pas une valeur permise' : '不是允许的值';
    case 'not_multiple_of':
      return fr ? `doit être un multiple de ${f.bound ?? '?'}` : `必须是 ${f.bound ?? '?'} 的倍数`;
    case 'unrecognized_keys': {
      const keys = f.list ?? [];
      if (fr)
        return keys.length > 1
          ? `contient des clés non reconnues : ${keys.join(', ')}`
          : `contient une clé non reconnue : ${keys.join(', ')}`;
      return `包含无法识别的键：${keys.join('、')}`;
    }
    case 'invalid_union':
      if (f.list?.length) return oneOf(f.list, lang);
      if (f.ambiguous) return fr ? 'correspond à plusieurs variantes à la fois' : '同时匹配了多个选项';
      return fr ? 'ne correspond à aucune des formes acceptées' : '不符合任何一种允许的格式';
    case 'invalid_key':
      return fr ? 'contient une clé invalide' : '包含无效的键';
    case 'invalid_element':
      return fr ? 'contient une valeur invalide' : '包含无效的值';
    default:
      return fr ? 'est invalide' : '无效';
  }
}
