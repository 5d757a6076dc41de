import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { localizeIssueMessage, type MessageLang, MODEL_SHEET_COLUMNS } from '@beacon/shared';
import { argumentsOf, skipQuoted, skipUntil, topLevel } from '../test/ts-expressions';

/**
 * Every field message the server writes itself (fieldError, codeError, the `fields` of a 400's data) has its French
 * and Chinese in @beacon/shared localizeIssueMessage (validation-messages.ts, SERVER_STATIC / SERVER_RULES): the
 * sources are scanned for the message argument of each call, its `${…}` replaced by samples.
 */

const SRC = new URL('../', import.meta.url);

/** Every non-test .ts file under apps/server/src, by its path from there. */
const SOURCES = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .map((f) => f.split('\\').join('/'))
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  .map((file) => ({ file, text: readFileSync(new URL(file, SRC), 'utf8') }));

// --- the messages a literal makes

/**
 * What a `${…}` stands for where the default (a number, 12) would not read right. A value is expected back unchanged
 * in the translation; WORDS are English words the translation words again.
 */
const SAMPLES: Record<string, string | string[]> = {
  'app.title': 'Daily News',
  appTitle: 'Daily News',
  'member.title': 'Daily News',
  'LIST_NAME[type]': ['notification-control', 'global whitelist'],
  'LIST_NAME[v.shieldType]': ['ad shielding', 'global shielding'],
  'v.brand': 'SAMSUNG',
  'v.model': 'GALAXY S21',
  country: 'FR',
  "input.countryCode ?? ''": 'FR',
  'input.countryCode': 'FR',
  clash: 'DE',
  bad: 'XX',
  'w.start': '08:00',
  'w.end': '09:30',
  flag: ['LABEL', 'GROUP'],
  FILE_FIELD: 'file',
  'current.materialType': '3',
  targetCount: '1200',
  'limitText(limit)': '20 MB',
  "MODEL_SHEET_COLUMNS.join(', ')": MODEL_SHEET_COLUMNS.join(', '),
  // a group send's child refusal, behind its app's title (group-sends.service.ts inChild)
  'first.message': [
    'must not exceed the audience (1200 devices)',
    'is not a user group of this app',
    'testers may target device ids, an uploaded file or a file link only',
    'is required for a scheduled message',
  ],
};
const WORDS = new Set(['LIST_NAME[type]', 'LIST_NAME[v.shieldType]', 'first.message']);
/** The part of a sample the translation keeps where it writes the rest again (French writes MB as Mo). */
const KEPT: Record<string, string> = { 'limitText(limit)': '20' };

interface Expanded {
  message: string;
  /** The samples the translation must keep. */
  values: string[];
}

/** Each message a literal (or a ternary of literals) makes; undefined when `expr` is not such a literal. */
function expand(expr: string): Expanded[] | undefined {
  const e = expr.trim();
  const question = topLevel(e, '?').filter((i) => e[i + 1] !== '?' && e[i + 1] !== '.' && e[i - 1] !== '?');
  if (question.length === 1) {
    const q = question[0] ?? 0;
    const colon = topLevel(e, ':').find((i) => i > q);
    if (colon === undefined) return undefined;
    const yes = expand(e.slice(q + 1, colon));
    const no = expand(e.slice(colon + 1));
    return yes && no ? [...yes, ...no] : undefined;
  }
  if ((e[0] === "'" || e[0] === '"') && skipQuoted(e, 0) === e.length)
    return [{ message: e.slice(1, -1).replace(/\\(.)/g, '$1'), values: [] }];
  if (e[0] !== '`' || skipQuoted(e, 0) !== e.length) return undefined;
  // a template: its text and each `${…}`, every combination of their samples
  let out: Expanded[] = [{ message: '', values: [] }];
  const body = e.slice(1, -1);
  let i = 0;
  while (i < body.length) {
    const start = body.indexOf('${', i);
    const text = (start < 0 ? body.slice(i) : body.slice(i, start)).replace(/\\(.)/g, '$1');
    out = out.map((o) => ({ ...o, message: o.message + text }));
    if (start < 0) break;
    const end = skipUntil(body, start + 2, '}');
    const inner = body.slice(start + 2, end).trim();
    const parts = samplesOf(inner);
    out = out.flatMap((o) =>
      parts.map((p) => ({ message: o.message + p.message, values: [...o.values, ...p.values] })),
    );
    i = end + 1;
  }
  return out;
}

/** The samples of a template's `${expr}`: a nested literal's messages, the sample map's, or a number. */
function samplesOf(expr: string): Expanded[] {
  const nested = expand(expr);
  if (nested) return nested;
  const key = expr.replace(/\s+/g, ' ');
  const sample = SAMPLES[key] ?? (key.endsWith(".join(', ')") ? 'soldier…, sailor…' : '12');
  const list = Array.isArray(sample) ? sample : [sample];
  return list.map((s) => ({ message: s, values: WORDS.has(key) || s === '' ? [] : [KEPT[key] ?? s] }));
}

// --- the calls

/** The message argument of each call: fieldError(field, message), codeError(code, field, message, extra?). */
const CALLS = { fieldError: 1, codeError: 2 } as const;

interface Call {
  file: string;
  line: number;
  /** The message argument as written. */
  expr: string;
}

const calls: Call[] = SOURCES.flatMap(({ file, text }) =>
  [...text.matchAll(/\b(fieldError|codeError)\(/g)]
    .filter((m) => !/function\s+$/.test(text.slice(Math.max(0, m.index - 20), m.index)))
    .map((m) => {
      const open = m.index + m[0].length - 1;
      const expr = argumentsOf(text, open)[CALLS[m[1] as keyof typeof CALLS]] ?? '';
      return { file, line: text.slice(0, m.index).split('\n').length, expr };
    }),
);

/**
 * The calls whose message is not a literal, by file and argument: what it can be, found by reading the code. A
 * message of packages/shared (a zod rule's, conditionIssues', checkMaterialContent's) is checked by its own test
 * (packages/shared/src/validation-messages.test.ts); one or two stand for them here.
 */
const BY_HAND: Record<string, string[]> = {
  // parseOrThrow: the first issue of a call's rule (shared contracts), or none
  "lib/api-error.ts: issue?.message ?? 'is invalid'": [
    'is invalid',
    'must be a whole number from 1 to 100',
    'Invalid input: expected number, received string',
  ],
  "modules/forbid/finework.routes.ts: issue?.message ?? 'is invalid'": [
    'is invalid',
    'Invalid input: expected number, received string',
  ],
  // xlsxPackageProblem (lib/xlsx-package.ts): an uploaded .xlsx over a limit once unpacked
  'modules/materials/material-sheet.ts: problem.message': [
    'unpacks to more than 16 MB: it is not an ordinary spreadsheet',
    'has a worksheet of more than 20000 rows',
    'has more than 100000 shared strings',
    'holds a DOCTYPE declaration, which a spreadsheet never has',
  ],
  'modules/model-control/model-sheet.ts: unpacked.message': [
    'unpacks to more than 16 MB: it is not an ordinary spreadsheet',
    'has a worksheet of more than 20000 rows',
    'has more than 100000 shared strings',
    'holds a DOCTYPE declaration, which a spreadsheet never has',
  ],
  // resolveAttributeWrite (packages/shared contracts/user-attributes.ts): a type conflict or a key past the limit
  'modules/user-attributes/user-attributes.service.ts: issues[0]!.message': [
    'must be a number: the attribute is a number',
    'is a new attribute past the app’s limit of 100 attributes',
  ],
  // checkMaterialContent (packages/shared contracts/materials.ts)
  'modules/materials/material-content.ts: issue.message': [
    'is required for the system design',
    'is only allowed with the custom design (noti_type 3)',
  ],
  // checkJourneyEntry (packages/shared journey-entry.ts): an event entry's first problem
  'modules/journeys/journeys.service.ts: problem.message': [
    'must name one of the app’s events',
    'is not one of the app’s events (“cart_abandoned”)',
    'must differ from the entry event',
  ],
  // checkContentTemplates (packages/shared templates.ts): a template's first problem
  'modules/messages/messages-content.ts: bad.problem.message': [
    'uses the unknown variable city',
    'uses the filter escape, which is not allowed',
  ],
  // NotificationData's first issue (shared)
  "modules/messages/messages-content.ts: issue?.message ?? 'is invalid'": [
    'is invalid',
    'must be at most 50 characters',
  ],
  // CrossData: an unknown key, else its first issue (shared)
  "modules/messages/messages-content.ts: message ?? 'is invalid'": [
    'is not a key of a cross message',
    'is invalid',
    'must be a JSON object ({…})',
  ],
  // an arm's or a step's refusal moved into childMsgs.<i>: any message of a single message's save
  'modules/ab-tests/ab-tests.service.ts: first.message': [
    'links are not allowed for this app',
    'is not a message of this app',
    'must hold at least one language',
  ],
  'modules/journeys/journeys.service.ts: first.message': [
    'links are not allowed for this app',
    'local-time sending is off for this app',
  ],
  // TargetingError (delivery/engine/audience-source.ts)
  'modules/messages/messages.service.ts: err.message': [
    'conditions targeting needs at least one condition',
    'the user group does not exist',
    'file targeting needs an uploaded list',
    'targeting type 9 is not available yet',
  ],
  // LinkError (modules/targeting/link-fetcher.ts): too_big, the download's failures, the others
  'modules/targeting/targeting.service.ts: err.message': [
    'must be an http:// or https:// address',
    'answered HTTP 404',
    'must be served as text (text/plain), not application/octet-stream',
    'must not be compressed (gzip)',
    'is larger than the upload limit of 20 MB',
    'is 25.5 MB, above the upload limit of 20 MB',
    'redirects too many times',
    'host lists.example.com cannot be resolved',
    'points to a non-public address (lists.example.com is 10.0.0.7, private)',
    'points to a non-public address (localhost is 127.0.0.1, loopback)',
    'points to a non-public address (x.example is fe80::1, link-local)',
    'points to a non-public address (y.example is 0.0.0.0, unspecified)',
    'points to a non-public address (z.example is 192.0.2.1, reserved)',
    'did not answer in time',
    'cannot be downloaded (connect ECONNREFUSED 203.0.113.5:443)',
  ],
  // GaidLink's first issue (shared)
  "modules/targeting/targeting.service.ts: link.error.issues[0]?.message ?? 'is invalid'": [
    'is invalid',
    'must be an http:// or https:// address',
  ],
  // ImageKindField's issue: zod's enum
  "modules/uploads/uploads.routes.ts: parsed.error.issues[0]?.message ?? 'is invalid'": [
    'is invalid',
    'Invalid option: expected one of "logo"|"smallIcon"|"picture"',
  ],
  // model-sheet.ts: the header row or too many rows
  'modules/model-control/model-sheet.ts: problem': [
    `must start with the template's header row: ${MODEL_SHEET_COLUMNS.join(', ')}`,
    'has more than 2000 rows',
  ],
  // tags.service.ts: USED and verify()'s reasons
  'modules/tags/tags.service.ts: USED': ['is used by another tag of this app'],
  'modules/tags/tags.service.ts: check.reason': [
    'must start with a letter and hold only letters, digits and _ (60 at most)',
    'is used by another tag of this app',
  ],
  // custom-events.service.ts: checkEventsAgainstNames' problems (shared, contracts/custom-events.ts)
  'modules/custom-events/custom-events.service.ts: p.message': [
    'is a new event name beyond the app’s 200',
    'must be a number, as first reported',
    'is a new property beyond the event’s 100',
  ],
  // user-groups.service.ts: NAME_USED
  'modules/user-groups/user-groups.service.ts: NAME_USED': ['is already used by another group of this app'],
  // checkAppConditions: conditionIssues and userConditionVocabularyIssues (shared)
  'audience/check-conditions.ts: issue.message': [
    'must hold at least one condition',
    'appVersionCode cannot be combined with appVersion',
    'appVersion is used twice',
    'must be one of in, exists, notExists for a boolean attribute',
    'yes must be true or false',
    'is required for an event condition',
  ],
  'audience/check-conditions.ts: problem.message': [
    'is not an attribute of this app',
    'must be number, the attribute’s type',
    'is not an event of this app',
  ],
};

/** The `fields` of a 400's data written elsewhere than fieldError / codeError, by hand from their sources. */
const DATA_FIELDS: string[] = [
  // modules/files/files.service.ts (refuse: TEXT[problem].en, the file's name first for a damaged one)
  'only png, jpg, webp images are allowed',
  'is too large (at most 200 KB)',
  'must be 430×230 pixels',
  'must be square',
  'is truncated or damaged: it cannot be read as a whole image, upload the complete file again',
  '"summer sale.png" is truncated or damaged: it cannot be read as a whole image, upload the complete file again (the IDAT chunks are not consecutive)',
  // modules/apps/service-account.ts (TEXT[problem].en)
  'is not a JSON object: upload the key file downloaded from the Firebase console',
  'must have "type": "service_account"',
  'has no "project_id"',
  'has no valid "client_email"',
  'has no "private_key" that can be read as a PEM private key',
  'has no "token_uri" http(s) URL',
  'has a "token_uri" this server does not send keys to: use Google\'s https://oauth2.googleapis.com/token',
  // modules/targeting/targeting.routes.ts (no file part) and targeting.service.ts refusal (invalid lines)
  'is required',
  'has 7 invalid line(s): 3, 8, 9, 12, 15, … (one advertising id per line, 8-4-4-4-12 hexadecimal digits)',
];

const keyOf = (c: Call) => `${c.file}: ${c.expr}`;
const literal = calls.map((c) => ({ call: c, expanded: expand(c.expr) }));
const scanned = literal.flatMap((l) => l.expanded ?? []);
const unread = literal.filter((l) => !l.expanded).map((l) => l.call);

const ALL: Expanded[] = [
  ...scanned,
  ...Object.values(BY_HAND).flatMap((list) => list.map((message) => ({ message, values: [] }))),
  ...DATA_FIELDS.map((message) => ({ message, values: [] })),
].filter((e, k, all) => all.findIndex((o) => o.message === e.message) === k);

const LANGS = ['fr', 'zh'] as const;
const SENTINEL = '§§ unknown §§';
/** What localizeIssueMessage answers when it knows nothing of `english` (its last resort). */
const fallback = (english: string, lang: MessageLang) =>
  localizeIssueMessage(SENTINEL, undefined, lang).replace(SENTINEL, english);

describe('the server’s field messages in fr and zh', () => {
  it('finds the calls and their messages', () => {
    expect(calls.length).toBeGreaterThan(80);
    expect(new Set(scanned.map((s) => s.message)).size).toBeGreaterThanOrEqual(40);
    const messages = scanned.map((s) => s.message);
    expect(messages).toContain('app 12 does not exist');
    expect(messages).toContain('Daily News is already in the global whitelist list');
    expect(messages).toContain('FR is not banned platform-wide');
    expect(messages).toContain('DE is in the old-market list: remove it there first');
    expect(messages).toContain('has words longer than 12 characters: soldier…, sailor…');
    expect(messages).toContain('is not a field of this upload: send the file as the part named "file"');
  });

  it('knows every message that is not a literal by hand, and no call it no longer has', () => {
    const keys = unread.map(keyOf);
    expect(keys.filter((k) => !(k in BY_HAND))).toEqual([]);
    expect(Object.keys(BY_HAND).filter((k) => !keys.includes(k))).toEqual([]);
  });

  it.each(LANGS)('translates every message into %s, its values kept', (lang) => {
    const wrong = ALL.flatMap(({ message, values }) => {
      const out = localizeIssueMessage(message, undefined, lang);
      const problems = [
        out === message && 'unchanged',
        out === fallback(message, lang) && 'last resort',
        /\b(must|is required|cannot|should|does not|is not)\b/.test(out) && 'English left',
        lang === 'zh' && !/[\u4e00-\u9fff]/.test(out) && 'no Chinese',
        ...values.filter((v) => !out.includes(v)).map((v) => `lost "${v}"`),
      ].filter(Boolean);
      return problems.length > 0 ? [{ message, out, problems }] : [];
    });
    expect(wrong).toEqual([]);
  });

  it('leaves them in English for en, zod’s type messages worded as predicates', () => {
    const en = (m: string) => (m.startsWith('Invalid input: expected number') ? 'must be a number' : m);
    for (const { message } of ALL) expect(localizeIssueMessage(message, undefined, 'en')).toBe(en(message));
  });

  it('words a few as expected', () => {
    const fr = (m: string) => localizeIssueMessage(m, undefined, 'fr');
    const zh = (m: string) => localizeIssueMessage(m, undefined, 'zh');
    expect(fr('app 12 does not exist')).toBe('l’application 12 n’existe pas');
    expect(zh('app 12 does not exist')).toBe('应用 12 不存在');
    expect(fr('Daily News is already in the global whitelist list')).toBe(
      'Daily News figure déjà dans la liste blanche globale',
    );
    expect(zh('SAMSUNG GALAXY S21 is already in the ad shielding list')).toBe(
      'SAMSUNG GALAXY S21 已在广告屏蔽列表中',
    );
    expect(fr('08:00–09:30 is already banned for FR')).toBe(
      'la plage 08:00–09:30 est déjà interdite pour FR',
    );
    expect(fr('Daily News: must not exceed the audience (1200 devices)')).toBe(
      'Daily News : ne doit pas dépasser l’audience (1200 appareils)',
    );
    expect(zh('Daily News: is not a user group of this app')).toBe('Daily News：不是此应用的用户群');
    expect(zh('is larger than the upload limit of 20 MB')).toBe('超过上传上限 20 MB');
    expect(fr('is not a field of this upload: send the file as the part named "file"')).toContain('"file"');
  });
});
