import { describe, expect, it } from 'vitest';
import { base64OfText, CrossData, MessageSave, textOfBase64 } from '@beacon/shared';
import { buildMessageSave, type ComposeContext } from './build-payload';
import { emptyCompose, type ComposeValues } from './compose-values';
import { crossData, crossFromData, emptyCross } from './cross-values';
import { kindOfMessage } from './message-kind';
import { validateCompose } from './validate-compose';

const ctx = (kind: ComposeContext['kind']): ComposeContext => ({
  app: {
    linksEnable: true,
    localTimeEnable: true,
    displayPriorityEnable: false,
    multiLangEnable: true,
    serverUTC: '+0000',
    projectLevel: 200,
    advanceTarget: false,
  },
  estimate: 100,
  now: Date.UTC(2030, 0, 1),
  kind,
});
const values = (over: Partial<ComposeValues>): ComposeValues => ({
  ...emptyCompose('+0000'),
  ...emptyCross('pullup', 'com.acme.shop'),
  description: 'Wake up',
  pushCount: 50,
  ...over,
});
const keysAt = (v: ComposeValues, kind: ComposeContext['kind']) =>
  Object.fromEntries(validateCompose(v, ctx(kind)).map((i) => [i.name.join('.'), i.key]));

describe('cross message data', () => {
  it('sends the content without its reserved keys as trans_data, and reads it back as pretty JSON', () => {
    const data = crossData(
      values({ crossJson: '{"tcm_msg_pkg":"x","a":[1,{"b":"é"}]}', layoutId: 4 }),
      'cross',
    );
    expect(data).toEqual({ trans_data: base64OfText('{"a":[1,{"b":"é"}]}'), noti_layout_id: 4 });
    expect(CrossData.safeParse(data).success).toBe(true);
    expect(crossFromData(data)).toEqual({
      crossJson: '{\n  "a": [\n    1,\n    {\n      "b": "é"\n    }\n  ]\n}',
      enlivePackage: '',
      enliveActivity: '',
      enliveJson: '',
      layoutId: 4,
    });
  });

  it('sends a pull-up with {} for an empty content and its extras as enlive_data', () => {
    const v = values({ enliveActivity: ' .Main ', enliveJson: '{ "tab": 2 }' });
    const payload = buildMessageSave(v, ctx('pullup'));
    expect(MessageSave.safeParse(payload).success).toBe(true);
    expect(payload.msgType).toBe(2);
    expect(payload.data).toEqual({
      trans_data: 'e30=',
      enlive_package: 'com.acme.shop',
      enlive_activity: '.Main',
      enlive_data: base64OfText('{"tab":2}'),
    });
    expect(CrossData.safeParse(payload.data).success).toBe(true);
    expect(kindOfMessage({ msgType: 2, data: payload.data })).toBe('pullup');
    expect(textOfBase64(String(payload.data.enlive_data))).toBe('{"tab":2}');
  });
});

describe('validateCompose for cross messages', () => {
  it('requires a cross content, names a syntax error, refuses non-objects and an oversized encoding', () => {
    expect(keysAt(values({}), 'cross')).toEqual({ crossJson: 'required' });
    const syntax = validateCompose(values({ crossJson: '{"a": }' }), ctx('cross'));
    expect(syntax).toEqual([
      { name: ['crossJson'], key: 'jsonSyntax', params: { line: 1, column: 7, problem: 'valueExpected' } },
    ]);
    expect(keysAt(values({ crossJson: '[1]' }), 'cross')).toEqual({ crossJson: 'jsonObject' });
    expect(keysAt(values({ crossJson: JSON.stringify({ a: 'x'.repeat(2400) }) }), 'cross')).toEqual({
      crossJson: 'encodedTooLong',
    });
    expect(keysAt(values({ crossJson: '{"ok": true}' }), 'cross')).toEqual({});
  });

  it('checks a pull-up package, activity and extras; its content may stay empty', () => {
    expect(keysAt(values({}), 'pullup')).toEqual({ enliveActivity: 'required' });
    expect(
      keysAt(values({ enlivePackage: 'acme', enliveActivity: 'a b', enliveJson: '{,}' }), 'pullup'),
    ).toEqual({ enlivePackage: 'package', enliveActivity: 'activity', enliveJson: 'jsonSyntax' });
    expect(keysAt(values({ enlivePackage: '', enliveActivity: '.Main' }), 'pullup')).toEqual({
      enlivePackage: 'required',
    });
  });

  it('leaves the notification rules out of a cross message', () => {
    expect(keysAt(values({ crossJson: '{}', openContent: '' }), 'cross')).toEqual({});
  });
});
