import { describe, expect, it } from 'vitest';
import { AbTestSave, base64OfText, textOfBase64 } from '@beacon/shared';
import { buildAbTestSave, type AbContext } from './build-ab-payload';
import { armPercent, emptyAbTest, type AbInitial } from './ab-values';
import { placeAbField, validateAb } from './validate-ab';

const APP = {
  linksEnable: true,
  localTimeEnable: true,
  displayPriorityEnable: false,
  multiLangEnable: true,
  serverUTC: '+0800',
  projectLevel: 200,
  advanceTarget: false,
};
const ctx = (over: Partial<AbContext> = {}): AbContext => ({
  app: APP,
  estimate: 1000,
  now: Date.parse('2030-01-01T00:00:00Z'),
  ...over,
});

/** A filled-in test: description, two notifications with their own texts, 30 % of everyone. */
function filled(): AbInitial {
  const t = emptyAbTest('+0800', { icon: '/files/icon.png', color: '#1A73E8' });
  t.shared = { ...t.shared, description: 'Sale copy', abPercent: 30, ttlHours: 2 };
  t.arms = [
    { ...t.arms[0], title: 'Half price', desc: 'Today only', openContent: 'shop://sale' },
    {
      ...t.arms[1],
      title: '50 % off',
      desc: 'Until midnight',
      openContent: 'shop://sale',
      scheduleType: 2,
      scheduleDate: '2030-01-02 10:00:00',
    },
  ];
  return t;
}

describe('A/B payload', () => {
  it('each arm gets half the share, to two decimals', () => {
    expect(armPercent(20)).toBe(10);
    expect(armPercent(33.33)).toBe(16.67);
    expect(armPercent(0.02)).toBe(0.01);
    expect(armPercent(null)).toBe(0);
  });

  it('holds the test settings once and two arms of the same msgType at half the share, each with its content and schedule', () => {
    const t = filled();
    const body = buildAbTestSave(t.shared, t.arms, ctx());
    expect(validateAb(t.shared, t.arms, ctx())).toEqual({ shared: [], arms: [[], []] });
    expect(AbTestSave.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({
      msgType: 4,
      title: 'Sale copy',
      targetingType: 0,
      timeToLive: 7200,
      msgRestrictType: 1,
      childMsgs: [
        {
          msgType: 1,
          groupTag: 'A',
          groupPercent: 15,
          scheduleType: 1,
          scheduleUTC: '+0800',
          data: { noti_title: 'Half price', noti_small_icon: '/files/icon.png' },
        },
        {
          msgType: 1,
          groupTag: 'B',
          groupPercent: 15,
          scheduleType: 2,
          scheduleDate: '2030-01-02 10:00:00',
          data: { noti_title: '50 % off' },
        },
      ],
    });
    expect(body).not.toHaveProperty('pushCount');
    expect(body).not.toHaveProperty('id');
    expect(body.childMsgs[0]).not.toHaveProperty('scheduleDate');
  });

  it('edits with the test id and each arm’s id; cross arms carry their JSON as trans_data', () => {
    const t = filled();
    t.shared.abMsgType = 2;
    t.arms[0].crossJson = '{"variant": "a"}';
    t.arms[1].crossJson = '{"variant": "b"}';
    const body = buildAbTestSave(t.shared, t.arms, ctx({ id: 9, armIds: [91, 92] }));
    expect(body).toMatchObject({
      id: 9,
      childMsgs: [
        { id: 91, msgType: 2 },
        { id: 92, msgType: 2 },
      ],
    });
    expect(textOfBase64(String(body.childMsgs[1]?.data.trans_data))).toBe('{"variant":"b"}');
    expect(Object.keys(body.childMsgs[0]?.data ?? {})).toEqual(['trans_data']);
    expect(body.childMsgs[0]?.data.trans_data).toBe(base64OfText('{"variant":"a"}'));
  });

  it('puts each problem at the arm it belongs to, the test’s once, and checks the share', () => {
    const t = filled();
    t.shared.description = '';
    t.shared.abPercent = 120;
    t.arms[1].title = '';
    t.arms[0].scheduleType = 2;
    const issues = validateAb(t.shared, t.arms, ctx());
    expect(issues.shared.map((i) => [i.name, i.key])).toEqual([
      [['abPercent'], 'percentRange'],
      [['description'], 'required'],
    ]);
    expect(issues.arms[0].map((i) => [i.name, i.key])).toEqual([[['scheduleDate'], 'scheduleRequired']]);
    expect(issues.arms[1].map((i) => [i.name, i.key])).toEqual([[['title'], 'required']]);
    expect(validateAb({ ...t.shared, abPercent: null }, t.arms, ctx()).shared[0]?.key).toBe(
      'percentRequired',
    );
  });

  it('places a server field at the arm it names, or at the test’s field', () => {
    const t = filled();
    const place = (field: string) => placeAbField(field, t.shared, t.arms);
    expect(place('childMsgs.1.data.trans_data')).toEqual({ form: 1, name: ['crossJson'] });
    expect(place('childMsgs.0.data.noti_title')).toEqual({ form: 0, name: ['title'] });
    expect(place('childMsgs.1.groupPercent')).toEqual({ form: 1, name: ['groupPercent'] });
    expect(place('childMsgs.1.msgType')).toEqual({ form: 'shared', name: ['abMsgType'] });
    expect(place('childMsgs.0.scheduleDate')).toEqual({ form: 0, name: ['scheduleDate'] });
    expect(place('childMsgs.0.timeToLive')).toEqual({ form: 'shared', name: ['ttlHours'] });
    expect(place('title')).toEqual({ form: 'shared', name: ['description'] });
    expect(place('childMsgs')).toBeUndefined();
  });
});
