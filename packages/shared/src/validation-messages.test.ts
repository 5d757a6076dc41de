// eslint-disable-next-line no-restricted-imports -- the test reads the sources from disk; it runs in Node only
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppTitle } from './contracts/apps';
import { MATERIAL_TYPES, MaterialType } from './contracts/materials';
import { describeModelIssue, type ModelField, type ModelFieldProblem } from './contracts/model-control';
import type { MessageLang } from './error-codes';
import { choiceList, EXPANDED_TYPES, OPEN_TYPES, TYPE_NAMES, typeList } from './material-sheet-cells';
import { TEXT_PROBLEM_MESSAGES } from './text';
import { localizeIssueMessage } from './validation-messages';

const SRC = new URL('./', import.meta.url);

/** Every non-test .ts file under packages/shared/src but this module and its catalogues (they would find themselves). */
const SOURCES = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .map((f) => f.split('\\').join('/'))
  .filter(
    (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !/^validation-messages(\.[a-z]+)?\.ts$/.test(f),
  )
  .map((f) => ({ file: f, text: readFileSync(new URL(f, SRC), 'utf8') }));

/** A message literal of ours: single-quoted or a template, starting with one of the predicate words. */
const MESSAGE_LITERAL =
  /(['`])(?:must|is|names|cannot|range|repeats|an exact|a sampled|The content)\b(?:(?!\1)[^\n])*\1/g;
/** A template naming its subject first: `${value} must be a tag id`, `${row.label} is used twice`. */
const SUBJECT_TEMPLATE = /`\$\{[^}`]*\} (?:must|is|cannot|may)\b[^`\n]*`/g;

/** What a template's `${…}` stands for where a number or a list would not read right. */
const SAMPLES: Record<string, string> = {
  'choiceList(TYPE_NAMES)': choiceList(TYPE_NAMES),
  'choiceList(choices)': choiceList(OPEN_TYPES),
  'typeList([type])': typeList([MaterialType.SYSTEM]),
  'typeList(column.types)': typeList([MaterialType.SYSTEM, MaterialType.BUTTON]),
  'typeList(MATERIAL_TYPES)': typeList(MATERIAL_TYPES),
  "column.types.length > 1 ? 's' : ''": 's',
  message: 'Trailing comma',
  design: '1',
  'b.from': 'welcome',
  tag: 'welcome',
  value: 'XX',
  what: 'noti_open_content',
  'p.option': 'ruleMax',
  'row.label': 'appVersion',
  fixed: 'number',
  other: 'appVersionCode',
};
const sample = (expr: string) => SAMPLES[expr] ?? (expr.endsWith(".join(', ')") ? 'a, b' : '12');

/** A literal as the message it makes: quotes off, each `${…}` replaced by a sample. */
const asMessage = (literal: string) =>
  literal.slice(1, -1).replace(/\$\{([^}]*)\}/g, (_, expr: string) => sample(expr.trim()));

const scanned = [
  ...new Set(
    SOURCES.flatMap(({ text }) => [
      ...[...text.matchAll(MESSAGE_LITERAL)].map((m) => asMessage(m[0])),
      ...[...text.matchAll(SUBJECT_TEMPLATE)].map((m) => asMessage(m[0])),
    ]),
  ),
];

const MODEL_FIELDS: ModelField[] = ['type', 'brand', 'model', 'protectDefault', 'protectNewMarket'];
const MODEL_PROBLEMS: ModelFieldProblem[] = [
  'required',
  'invalid',
  'tooLong',
  'notUpperCase',
  'startsWithDigit',
  'outOfRange',
  'duplicate',
];
const modelMessages = MODEL_FIELDS.flatMap((field) =>
  MODEL_PROBLEMS.flatMap((problem) => {
    const full = describeModelIssue({ field, problem });
    // the zod rule words it without the field name (model-control.ts, refineWith)
    return [full, full.replace(`${field} `, '')];
  }),
);

/** Messages the scan does not see whole: built around another one, or naming their subject in quotes. */
const COMPOSED = [
  `must be ${choiceList(EXPANDED_TYPES)}`,
  `is only for material type ${typeList([MaterialType.CROSS])}`,
  'line 2: must be lang|title|text, optionally |expanded text|button text',
  'line 3: "xx" is not a language code (e.g. en, fr, pt_BR)',
  'line 4, title: must contain visible characters',
  'line 4: must not contain line breaks',
  'FR: must not also be in "Push countries": FR, DE',
  'data.noti_type must be 1 for material type 3',
  'must be a JSON object: "," or "}" expected at line 2, column 7',
  'must be a JSON object: Unexpected end: a value expected at line 1, column 9',
  '“everyone” must be the only branch of “welcome”',
  '“welcome” already has a “clicked” branch',
  'needs advanced targeting (global tag switch and the app’s advanced targeting)',
  'is required; must not contain control characters',
];

const ALL = [
  ...new Set([...scanned, ...Object.values(TEXT_PROBLEM_MESSAGES), ...modelMessages, ...COMPOSED]),
];

const LANGS = ['fr', 'zh'] as const;
const SENTINEL = '§§ unknown §§';
/** What localizeIssueMessage answers when it knows nothing of `english` (branch d). */
const fallback = (english: string, lang: MessageLang) =>
  localizeIssueMessage(SENTINEL, undefined, lang).replace(SENTINEL, english);

describe('localizeIssueMessage: our messages', () => {
  it('finds the messages of packages/shared/src', () => {
    expect(SOURCES.length).toBeGreaterThan(40);
    expect(scanned.length).toBeGreaterThan(180);
    expect(scanned).toContain('must be at most 12 characters');
    expect(scanned).toContain('is required');
    expect(scanned).toContain('XX must be a window of a, b days');
    for (const text of Object.values(TEXT_PROBLEM_MESSAGES)) expect(scanned).toContain(text);
  });

  it('knows a message it does not translate only by the fallback', () => {
    expect(localizeIssueMessage('must be purple', undefined, 'fr')).toBe('est invalide (must be purple)');
    expect(localizeIssueMessage('must be purple', undefined, 'zh')).toBe('无效（must be purple）');
    expect(fallback('must be purple', 'fr')).toBe('est invalide (must be purple)');
  });

  it('leaves every message in English for en', () => {
    for (const message of ALL) expect(localizeIssueMessage(message, { code: 'custom' }, 'en')).toBe(message);
  });

  it.each(LANGS)('translates every message into %s', (lang) => {
    const untranslated = ALL.filter((english) => {
      const out = localizeIssueMessage(english, { code: 'custom', message: english }, lang);
      return (
        out === english ||
        out === fallback(english, lang) ||
        /\b(must|is required|cannot|should|may hold)\b/.test(out) ||
        (lang === 'zh' && !/[\u4e00-\u9fff]/.test(out))
      );
    });
    expect(untranslated).toEqual([]);
  });

  it('keeps the values of dynamic messages', () => {
    const fr = (m: string) => localizeIssueMessage(m, undefined, 'fr');
    const zh = (m: string) => localizeIssueMessage(m, undefined, 'zh');
    expect(fr('must be at most 80 characters')).toBe('doit contenir au plus 80 caractères');
    expect(zh('must be at most 80 characters')).toBe('最多 80 个字符');
    expect(fr('must hold at most 20 steps')).toBe('doit contenir au plus 20 étapes');
    expect(zh('must hold at least 2 apps')).toBe('至少包含 2 个应用');
    expect(fr('must be one of push, click for sort')).toBe(
      'doit valoir l’une des valeurs suivantes pour sort : push, click',
    );
    expect(fr('repeats the window 08:00–09:30')).toBe('répète la plage 08:00–09:30');
    expect(zh('must be unique: step 2 is also “welcome”')).toBe('必须唯一：步骤 2 也叫“welcome”');
    expect(fr(`must be ${choiceList(TYPE_NAMES)}`)).toBe(
      'doit valoir 1 (design système), 2 (design à bouton) ou 3 (message transparent)',
    );
    expect(zh(`is required: ${typeList(MATERIAL_TYPES)}`)).toBe(
      '为必填项：1（系统样式）、2（按钮样式）、3（透传消息）',
    );
    expect(fr('must not also be in pushCountrySet: FR, DE')).toBe(
      'ne doit pas figurer aussi dans pushCountrySet : FR, DE',
    );
    expect(fr('must be a valid Android package name, like com.example.app')).toContain('com.example.app');
    expect(zh('must be YYYY-MM-DD HH:mm:ss')).toContain('YYYY-MM-DD HH:mm:ss');
    expect(fr('is only allowed with the custom design (noti_type 3)')).toContain('noti_type 3');
    expect(fr('brand may hold only upper-case letters and digits')).toBe(
      'brand ne peut contenir que des lettres majuscules et des chiffres',
    );
    expect(zh('line 3: "xx" is not a language code (e.g. en, fr, pt_BR)')).toBe(
      '第 3 行："xx" 不是语言代码（如 en, fr, pt_BR）',
    );
    expect(fr('must be a JSON object: Trailing comma at line 2, column 7')).toBe(
      'doit être un objet JSON : virgule en trop à la fin à la ligne 2, colonne 7',
    );
  });
});

/** The first issue of `schema` on `value`. */
function issueOf(schema: z.ZodType, value: unknown) {
  const parsed = schema.safeParse(value);
  expect(parsed.success).toBe(false);
  const issue = parsed.error!.issues[0]!;
  return issue;
}

describe('localizeIssueMessage: zod’s built-in messages', () => {
  const cases: Array<{
    name: string;
    schema: z.ZodType;
    value: unknown;
    fr: string;
    zh: string;
    en?: string;
  }> = [
    {
      name: 'a string too long',
      schema: z.string().max(3),
      value: 'abcd',
      fr: 'doit contenir au plus 3 caractères',
      zh: '最多 3 个字符',
    },
    {
      name: 'a string of exactly 5',
      schema: z.string().length(5),
      value: 'abc',
      fr: 'doit contenir exactement 5 caractères',
      zh: '必须恰好为 5 个字符',
    },
    {
      name: 'a number too small',
      schema: z.number().int().min(1),
      value: 0,
      fr: 'doit être supérieur ou égal à 1',
      zh: '必须大于或等于 1',
    },
    {
      name: 'a number not whole',
      en: 'must be a whole number',
      schema: z.number().int().min(1),
      value: 1.5,
      fr: 'doit être un nombre entier',
      zh: '必须为整数',
    },
    {
      name: 'a number strictly above',
      schema: z.number().gt(5),
      value: 5,
      fr: 'doit être supérieur à 5',
      zh: '必须大于 5',
    },
    {
      name: 'too few items',
      schema: z.array(z.string()).min(2),
      value: ['a'],
      fr: 'doit contenir au moins 2 éléments',
      zh: '至少 2 项',
    },
    {
      name: 'an e-mail address',
      schema: z.email(),
      value: 'x',
      fr: 'doit être une adresse e-mail valide',
      zh: '必须为有效的邮箱地址',
    },
    {
      name: 'an ISO date',
      schema: z.iso.date(),
      value: '2024-13-01',
      fr: 'doit être une date ISO valide (YYYY-MM-DD)',
      zh: '必须为有效的 ISO 日期（YYYY-MM-DD）',
    },
    {
      name: 'a prefix',
      schema: z.string().startsWith('tcm_'),
      value: 'x',
      fr: 'doit commencer par "tcm_"',
      zh: '必须以 "tcm_" 开头',
    },
    {
      name: 'an enum',
      schema: z.enum(['a', 'b']),
      value: 'c',
      fr: 'doit valoir l’une des valeurs suivantes : "a", "b"',
      zh: '必须为以下值之一："a"、"b"',
    },
    {
      name: 'a literal',
      schema: z.literal(2),
      value: 3,
      fr: 'doit valoir 2',
      zh: '必须为 2',
    },
    {
      name: 'a multiple',
      schema: z.number().multipleOf(5),
      value: 7,
      fr: 'doit être un multiple de 5',
      zh: '必须是 5 的倍数',
    },
    {
      name: 'unknown keys of a strict object',
      en: 'has unknown keys: "b", "c"',
      schema: z.object({ a: z.string() }).strict(),
      value: { a: 'x', b: 1, c: 2 },
      fr: 'contient des clés non reconnues : "b", "c"',
      zh: '包含无法识别的键："b"、"c"',
    },
    {
      name: 'a required field missing',
      en: 'is required',
      schema: z.object({ a: z.string() }),
      value: {},
      fr: 'est obligatoire',
      zh: '为必填项',
    },
    {
      name: 'a field of the wrong type',
      en: 'must be a string',
      schema: z.object({ a: z.string() }),
      value: { a: 1 },
      fr: 'doit être une chaîne de caractères',
      zh: '必须为字符串',
    },
  ];

  it.each(cases)('$name', ({ schema, value, fr, zh, en }) => {
    const issue = issueOf(schema, value);
    expect(localizeIssueMessage(issue.message, issue, 'en')).toBe(en ?? issue.message);
    expect(localizeIssueMessage(issue.message, issue, 'fr')).toBe(fr);
    expect(localizeIssueMessage(issue.message, issue, 'zh')).toBe(zh);
    // the message alone says as much when the issue is not at hand
    expect(localizeIssueMessage(issue.message, undefined, 'fr')).toBe(fr);
    expect(localizeIssueMessage(issue.message, undefined, 'zh')).toBe(zh);
  });

  it('words a union by its issue (its message alone is zod’s generic "Invalid input")', () => {
    const issue = issueOf(z.union([z.string(), z.number()]), true);
    expect(issue.message).toBe('Invalid input');
    expect(localizeIssueMessage(issue.message, issue, 'fr')).toBe(
      'ne correspond à aucune des formes acceptées',
    );
    expect(localizeIssueMessage(issue.message, issue, 'zh')).toBe('不符合任何一种允许的格式');
    expect(localizeIssueMessage(issue.message, undefined, 'fr')).toBe('est invalide');
    const tagged = issueOf(
      z.discriminatedUnion('t', [z.object({ t: z.literal('a') }), z.object({ t: z.literal('b') })]),
      { t: 'c' },
    );
    expect(localizeIssueMessage(tagged.message, tagged, 'fr')).toBe(
      'doit valoir l’une des valeurs suivantes : "a", "b"',
    );
  });

  it('says "is required" only for a missing input', () => {
    const issue = issueOf(z.object({ a: z.number() }), {});
    expect(issue.message).toBe('Invalid input: expected number, received undefined');
    expect(localizeIssueMessage(issue.message, { ...issue, input: undefined }, 'fr')).toBe('est obligatoire');
    expect(localizeIssueMessage(issue.message, { ...issue, input: 'x' }, 'fr')).toBe('doit être un nombre');
  });

  it('words zod’s English type and key messages as predicates after the field, and keeps the others', () => {
    const missing = issueOf(z.object({ a: z.number() }), {});
    expect(localizeIssueMessage(missing.message, { ...missing, input: undefined }, 'en')).toBe('is required');
    // from the message alone, as a service's fieldError gives it
    expect(localizeIssueMessage(missing.message, undefined, 'en')).toBe('is required');
    expect(localizeIssueMessage(missing.message, { ...missing, input: 'x' }, 'en')).toBe('must be a number');
    const keys = issueOf(z.strictObject({ a: z.number() }), { a: 1, b: 2, c: 3 });
    expect(localizeIssueMessage(keys.message, keys, 'en')).toBe('has unknown keys: "b", "c"');
    const big = issueOf(z.string().max(3), 'abcd');
    expect(localizeIssueMessage(big.message, big, 'en')).toBe(big.message);
    expect(localizeIssueMessage('must be at most 80 characters', undefined, 'en')).toBe(
      'must be at most 80 characters',
    );
  });

  it('words a date bound as a date', () => {
    const issue = issueOf(z.date().min(new Date('2024-01-01T00:00:00Z')), new Date('2023-06-01T00:00:00Z'));
    expect(localizeIssueMessage(issue.message, issue, 'fr')).toBe(
      'ne doit pas être antérieur à 2024-01-01T00:00:00.000Z',
    );
    expect(localizeIssueMessage(issue.message, issue, 'zh')).toBe('不能早于 2024-01-01T00:00:00.000Z');
  });

  it('prefers our message to zod’s reading of the issue', () => {
    const issue = issueOf(AppTitle, 'x'.repeat(40));
    expect(issue.code).toBe('too_big');
    expect(localizeIssueMessage(issue.message, issue, 'en')).toBe('must be at most 20 characters');
    expect(localizeIssueMessage(issue.message, issue, 'fr')).toBe('doit contenir au plus 20 caractères');
    expect(localizeIssueMessage(issue.message, issue, 'zh')).toBe('最多 20 个字符');
  });
});
