import { describe, expect, it } from 'vitest';
import { DeviceRegister } from './contracts/devices';
import { parseWordList, SensitiveImportRequest } from './contracts/sensitive-words';
import { AppTitle, AppDescription } from './contracts/apps';
import { hasNul, multiLineText, singleLineText, TEXT_PROBLEM_MESSAGES, textProblem } from './text';

const C0 = Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i));
const C1 = Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(0x80 + i));
const BIDI = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'];
const INVISIBLE = [
  ' ',
  '\u00A0',
  '\u3000',
  '\u00AD',
  '\u200B',
  '\u200C',
  '\u200D',
  '\u200E',
  '\u200F',
  '\u2060',
  '\u2061',
  '\u2062',
  '\u2063',
  '\u2064',
  '\uFEFF',
  '\u3164',
  '\u115F',
  '\u1160',
  '\uFFA0',
  '\u034F',
  '\u180E',
  '\u2800',
];
const FINE = [
  'Soldes d’été : -50 % sur tout',
  '限时优惠，立即购买！',
  'Привет, мир',
  'مرحبا بالعالم',
  'Große Straße',
  'Flash sale 🔥🛍️ 👨‍👩‍👧',
  '🇫🇷 France',
  'café crème',
];

const messages = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  r.error?.issues.map((i) => i.message) ?? [];

describe('textProblem', () => {
  it('refuses every C0 control, DEL and every C1 control in a single-line text', () => {
    for (const c of [...C0, '\u007F', ...C1]) {
      expect(textProblem(`a${c}b`), JSON.stringify(c)).toMatch(/^(control|lineBreak)$/);
    }
    expect(textProblem('a\u0000b')).toBe('control');
    expect(textProblem('a\u0085b')).toBe('control');
    expect(textProblem('a\tb')).toBe('control');
    expect(textProblem('a\nb')).toBe('lineBreak');
    expect(textProblem('a\r\nb')).toBe('lineBreak');
  });

  it('allows only \\n, \\r\\n and tab among the controls of a multi-line text', () => {
    const multi = { multiLine: true };
    expect(textProblem('line 1\nline 2\r\n\tline 3', multi)).toBeUndefined();
    for (const c of [...C0, '\u007F', ...C1].filter((c) => !['\n', '\r', '\t'].includes(c))) {
      expect(textProblem(`a${c}b`, multi), JSON.stringify(c)).toBe('control');
    }
    expect(textProblem('a\rb', multi)).toBe('control');
    expect(textProblem('a\r', multi)).toBe('control');
  });

  it('refuses bidirectional overrides and isolates in every text', () => {
    for (const c of BIDI) {
      expect(textProblem(`abc${c}def`)).toBe('bidi');
      expect(textProblem(`abc${c}def`, { multiLine: true })).toBe('bidi');
    }
    // the implicit marks (LRM, RLM) are not overrides
    expect(textProblem('abc\u200Fdef')).toBeUndefined();
  });

  it('refuses a required text made only of invisible characters', () => {
    for (const c of INVISIBLE) {
      expect(textProblem(c.repeat(3), { required: true }), JSON.stringify(c)).toBe('invisible');
      expect(textProblem(c.repeat(3)), JSON.stringify(c)).toBeUndefined();
    }
    expect(textProblem('\u200B\u3164\u00AD', { required: true })).toBe('invisible');
    expect(textProblem('\u200Ba\u200B', { required: true })).toBeUndefined();
    expect(textProblem('', { required: true })).toBeUndefined();
  });

  it('accepts ordinary text in any script, with accents and emoji (joiners and flags included)', () => {
    for (const text of FINE) {
      expect(textProblem(text, { required: true }), text).toBeUndefined();
      expect(textProblem(text, { multiLine: true, required: true }), text).toBeUndefined();
    }
  });

  it('has a short English message per problem', () => {
    expect(TEXT_PROBLEM_MESSAGES).toEqual({
      control: 'must not contain control characters',
      lineBreak: 'must not contain line breaks',
      bidi: 'must not contain text-direction override characters',
      invisible: 'must contain visible characters',
    });
  });
});

describe('hasNul', () => {
  it('finds U+0000 only', () => {
    expect(hasNul('a\u0000')).toBe(true);
    expect(hasNul('a\u0001\u0085')).toBe(false);
  });
});

describe('singleLineText / multiLineText', () => {
  it('trims first, then checks required, length and characters, keeping the given messages', () => {
    const name = singleLineText({ required: true, max: 5, maxMessage: 'must be at most 5 characters' });
    expect(name.parse('  abc  ')).toBe('abc');
    expect(messages(name.safeParse('   '))).toEqual(['is required']);
    expect(messages(name.safeParse('abcdef'))).toEqual(['must be at most 5 characters']);
    expect(messages(name.safeParse('a\u0000b'))).toEqual(['must not contain control characters']);
    expect(messages(name.safeParse('a\nb'))).toEqual(['must not contain line breaks']);
    expect(messages(name.safeParse('\u200B\u200B'))).toEqual(['must contain visible characters']);
    expect(messages(name.safeParse('a\u202Eb'))).toEqual([
      'must not contain text-direction override characters',
    ]);
    // surrounding line breaks are trimmed away, as before
    expect(name.parse('\nabc\n')).toBe('abc');
  });

  it('keeps an untrimmed text as sent and lets an optional one be empty or invisible', () => {
    const raw = singleLineText({ trim: false, max: 10 });
    expect(raw.parse(' a b ')).toBe(' a b ');
    expect(raw.parse('')).toBe('');
    expect(raw.parse('\u200B')).toBe('\u200B');
    expect(raw.safeParse(' a\u0085').success).toBe(false);
  });

  it('lets a multi-line text span lines and a single-line one not', () => {
    const body = multiLineText({ required: true, max: 100 });
    expect(body.parse('Line 1\nLine 2\r\n\tLine 3')).toBe('Line 1\nLine 2\r\n\tLine 3');
    expect(messages(body.safeParse('a\u0000b'))).toEqual(['must not contain control characters']);
    expect(messages(body.safeParse('a\u009Bb'))).toEqual(['must not contain control characters']);
    expect(singleLineText().safeParse('Line 1\nLine 2').success).toBe(false);
  });

  it('keeps the type message and chains like any zod string', () => {
    const named = singleLineText({ typeMessage: 'is required', required: true });
    expect(messages(named.safeParse(undefined))).toEqual(['is required']);
    expect(singleLineText({ max: 5 }).toUpperCase().optional().default('').parse(undefined)).toBe('');
    expect(singleLineText().regex(/^\S+$/, 'no').safeParse('a\u0000').success).toBe(false);
  });
});

describe('contract fields', () => {
  it('refuses control characters in the SDK registration, naming the field', () => {
    const device = {
      token: 'tok-1:APA91bHUN',
      gaid: '0f8fad5b-d9cb-469f-a165-70867728950e',
      country: 'NG',
      language: 'en',
      brand: 'Tecno',
      model: 'Spark 10',
      osVersion: 33,
      appVersion: '3.2.1',
      appVersionCode: 321,
      operator: 'MTN',
      timezone: 'Africa/Lagos',
      notificationsEnabled: true,
    };
    expect(DeviceRegister.safeParse(device).success).toBe(true);
    for (const field of ['token', 'brand', 'model', 'appVersion', 'operator'] as const) {
      const r = DeviceRegister.safeParse({ ...device, [field]: 'x\u0000y' });
      expect(
        r.error?.issues.map((i) => i.path.join('.')),
        field,
      ).toEqual([field]);
    }
  });

  it('uses one line for titles, several for descriptions and word lists', () => {
    expect(AppTitle.safeParse('Shop\nNow').success).toBe(false);
    expect(AppDescription.parse('Our shop.\nOpen daily.')).toBe('Our shop.\nOpen daily.');
    expect(SensitiveImportRequest.parse({ text: 'casino\r\nloan\n' }).text).toBe('casino\r\nloan\n');
    expect(SensitiveImportRequest.safeParse({ text: 'casino\u0000' }).success).toBe(false);
  });

  it('drops invisible-only words from an import', () => {
    expect(parseWordList('casino\n\u200B\u200B\nloan')).toEqual({ words: ['casino', 'loan'], tooLong: [] });
  });
});
