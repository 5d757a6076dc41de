import { describe, expect, it } from 'vitest';
import {
  base64OfText,
  cleanCrossJson,
  findJsonError,
  CrossData,
  isPullUp,
  objectOfBase64,
  RESERVED_CROSS_KEYS,
  textOfBase64,
} from './cross-content';

const issues = (data: unknown) =>
  (CrossData.safeParse(data).error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('cross content', () => {
  it('encodes UTF-8 text as base64 and back (non-Latin text too)', () => {
    const text = '{"title":"Soldes d’été","zh":"限时优惠","emoji":"🎉"}';
    const b64 = base64OfText(text);
    expect(b64).toBe(Buffer.from(text, 'utf8').toString('base64'));
    expect(textOfBase64(b64)).toBe(text);
    expect(textOfBase64('not base64!')).toBeUndefined();
    // base64 of bytes that are not UTF-8
    expect(textOfBase64(Buffer.from([0xff, 0xfe, 0x00]).toString('base64'))).toBeUndefined();
  });

  it('tells base64 that is not a JSON object', () => {
    expect(objectOfBase64(base64OfText('{"a":1}'))).toEqual({ value: { a: 1 } });
    expect(objectOfBase64(base64OfText('[1,2]'))).toEqual({
      problem: 'must be base64 of a JSON object ({…})',
    });
    expect(objectOfBase64(base64OfText('{oops'))).toEqual({
      problem: 'must be base64 of JSON, and its text is not JSON',
    });
  });

  it('drops the reserved keys from the editor’s JSON and names them', () => {
    const out = cleanCrossJson('{"deeplink":"shop://sale","tcm_msg_id":"1","enlive_data":"x","n":2}');
    expect(out).toEqual({
      ok: true,
      value: { deeplink: 'shop://sale', n: 2 },
      dropped: ['tcm_msg_id', 'enlive_data'],
    });
  });

  it('locates a syntax error by line and column', () => {
    const out = cleanCrossJson('{\n  "a": 1,\n  "b": \n}');
    expect(out.ok).toBe(false);
    if (!out.ok) {
      expect(out.error.line).toBe(4);
      expect(out.error.column).toBe(1);
    }
    const arr = cleanCrossJson('[1]');
    expect(arr.ok).toBe(false);
  });

  it('accepts a cross message’s data and a pull-up’s', () => {
    const trans = base64OfText('{"deeplink":"shop://sale"}');
    expect(issues({ trans_data: trans, noti_layout_id: 3 })).toEqual([]);
    const pull = {
      trans_data: trans,
      enlive_package: 'com.example.shop',
      enlive_activity: '.MainActivity',
      enlive_data: base64OfText('{"tab":"deals"}'),
    };
    expect(issues(pull)).toEqual([]);
    expect(isPullUp(pull)).toBe(true);
    expect(isPullUp({ trans_data: trans })).toBe(false);
  });

  it('refuses, naming the field: no content, not base64 JSON, reserved keys inside, unknown keys, half a pull-up', () => {
    expect(issues({})).toEqual(['trans_data: Invalid input: expected string, received undefined']);
    expect(issues({ trans_data: base64OfText('nope') })).toEqual([
      'trans_data: must be base64 of JSON, and its text is not JSON',
    ]);
    for (const key of RESERVED_CROSS_KEYS)
      expect(issues({ trans_data: base64OfText(JSON.stringify({ [key]: 'x' })) })).toEqual([
        `trans_data: must not hold the reserved keys ${key}`,
      ]);
    expect(
      CrossData.safeParse({ trans_data: base64OfText('{}'), noti_title: 'x' }).error?.issues[0],
    ).toMatchObject({
      code: 'unrecognized_keys',
      keys: ['noti_title'],
    });
    expect(issues({ trans_data: base64OfText('{}'), enlive_activity: 'com.example.Main' })).toEqual([
      'enlive_package: is required for a pull-up',
    ]);
    expect(
      issues({ trans_data: base64OfText('{}'), enlive_package: 'com.x', enlive_activity: '1bad' }),
    ).toEqual([
      'enlive_activity: must be an activity class name, like com.example.app.MainActivity or .MainActivity',
    ]);
    expect(issues({ trans_data: 'x'.repeat(3076) })[0]).toMatch(
      /^trans_data: must be at most 3072 characters/,
    );
  });
});

describe('findJsonError', () => {
  it('finds nothing wrong wherever JSON.parse succeeds, and fails wherever it fails', () => {
    const samples = [
      '{}',
      '[]',
      ' {"a": [1, -2.5e3, true, false, null, "x\\u00e9\\n"]} ',
      '{"a":1,}',
      '[1,]',
      '{a:1}',
      '{"a" 1}',
      '"line\nbreak"',
      '01',
      '-',
      '{"a":1} x',
      '',
      '{"a":"\\q"}',
      '[1 2]',
      'nul',
      '{"a":{"b":[{}]}}',
    ];
    for (const s of samples) {
      let parses = true;
      try {
        JSON.parse(s);
      } catch {
        parses = false;
      }
      expect(findJsonError(s) === undefined, s).toBe(parses);
    }
  });

  it('points at the character where the text goes wrong', () => {
    expect(findJsonError('{"a":1,}')).toEqual({
      offset: 7,
      problem: 'trailingComma',
      message: 'Trailing comma',
    });
    expect(findJsonError('{"a" 1}')).toEqual({
      offset: 5,
      problem: 'expected',
      expected: '":"',
      message: '":" expected',
    });
    expect(findJsonError('[1 2]')).toMatchObject({ offset: 3, problem: 'expected', expected: '"," or "]"' });
    expect(findJsonError('{"a":')).toMatchObject({ offset: 5, problem: 'valueExpected' });
  });
});
