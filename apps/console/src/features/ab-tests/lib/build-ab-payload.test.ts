import { describe, expect, it } from 'vitest';
import { AbTestSave, abPercentMax, AB_WINNER_LIMITS, base64OfText, textOfBase64 } from '@beacon/shared';
import { buildAbTestSave, type AbContext } from './build-ab-payload';
import { armPercent, emptyAbTest, nextArm, shareSplit, type AbInitial } from './ab-values';
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

/** A filled-in test: description, two notifications with their own texts, 15 % of everyone each. */
function filled(): AbInitial {
  const t = emptyAbTest('+0800', { icon: '/files/icon.png', color: '#1A73E8' });
  t.shared = { ...t.shared, description: 'Sale copy', abPercent: 15, ttlHours: 2 };
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
  it('each arm gets the variant share, to two decimals; k variants take k × share and leave the rest to the winner', () => {
    expect(armPercent(10)).toBe(10);
    expect(armPercent(16.666)).toBe(16.67);
    expect(armPercent(null)).toBe(0);
    expect(shareSplit(12.5, 4)).toEqual({ total: 50, rest: 50 });
    expect(shareSplit(33.33, 3)).toEqual({ total: 99.99, rest: 0.01 });
  });

  it('holds the test settings once and two arms of the same msgType at the variant share, each with its content and schedule', () => {
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
    // a new test: the operator picks the winner
    expect(body.winner).toEqual({ auto: false, afterHours: 24, early: true, bandit: false });
  });

  it('a test of four variants: A–D in order at one share, each its own content, ids for the saved ones only', () => {
    const t = filled();
    const arms = [
      ...t.arms,
      { ...nextArm(t.arms[1], 20), title: 'Free delivery' },
      { ...nextArm(t.arms[1], 20), title: 'Last day' },
    ];
    const shared = { ...t.shared, abPercent: 20 };
    const c = ctx({ id: 9, armIds: [91, 92, 93, undefined] });
    expect(validateAb(shared, arms, c)).toEqual({ shared: [], arms: [[], [], [], []] });
    const body = buildAbTestSave(shared, arms, c);
    expect(AbTestSave.safeParse(body).success).toBe(true);
    expect(body.childMsgs.map((m) => [m.id, m.groupTag, m.groupPercent, m.data.noti_title])).toEqual([
      [91, 'A', 20, 'Half price'],
      [92, 'B', 20, '50 % off'],
      [93, 'C', 20, 'Free delivery'],
      [undefined, 'D', 20, 'Last day'],
    ]);
    expect(body.childMsgs[3]).not.toHaveProperty('id');
    // a copied variant keeps the last one's schedule and content, at the share given
    expect(arms[2]).toMatchObject({ scheduleType: 2, scheduleDate: '2030-01-02 10:00:00', groupPercent: 20 });
  });

  it('the share per variant may reach abPercentMax(k): 50 with two, 25 with four, 12.5 with eight', () => {
    const t = filled();
    const arms = (k: number) => Array.from({ length: k }, (_, i) => t.arms[i % 2] ?? t.arms[0]);
    const issue = (share: number, k: number) =>
      validateAb({ ...t.shared, abPercent: share }, arms(k), ctx()).shared.find(
        (i) => i.name[0] === 'abPercent',
      );
    expect(abPercentMax(2)).toBe(50);
    expect(issue(50, 2)).toBeUndefined();
    expect(issue(50.01, 2)?.key).toBe('percentRange');
    expect(issue(25, 4)).toBeUndefined();
    expect(issue(26, 4)).toMatchObject({ key: 'percentRange', params: { min: 0.01, max: 25, count: 4 } });
    expect(issue(12.5, 8)).toBeUndefined();
    expect(issue(12.51, 8)?.params).toMatchObject({ max: abPercentMax(8) });
    expect(issue(0, 3)?.key).toBe('percentRange');
    expect(issue(1.234, 3)?.key).toBe('percentDecimals');
  });

  it('sends the winner settings: automatic after N hours with or without early looks; the hours checked only when automatic', () => {
    const t = filled();
    const auto = { ...t.shared, winnerAuto: true, winnerHours: 48, winnerEarly: false };
    expect(buildAbTestSave(auto, t.arms, ctx()).winner).toEqual({
      auto: true,
      afterHours: 48,
      early: false,
      bandit: false,
    });
    expect(validateAb(auto, t.arms, ctx()).shared).toEqual([]);
    for (const hours of [0, 169, 2.5, null])
      expect(validateAb({ ...auto, winnerHours: hours }, t.arms, ctx()).shared).toEqual([
        {
          name: ['winnerHours'],
          key: 'hoursRange',
          params: { min: AB_WINNER_LIMITS.hoursMin, max: AB_WINNER_LIMITS.hoursMax },
        },
      ]);
    // manual: the hours are not used, a leftover bad entry neither blocks nor reaches the server
    const manual = { ...t.shared, winnerAuto: false, winnerHours: 500 };
    expect(validateAb(manual, t.arms, ctx()).shared).toEqual([]);
    expect(buildAbTestSave(manual, t.arms, ctx()).winner).toEqual({
      auto: false,
      afterHours: 24,
      early: true,
      bandit: false,
    });
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
    t.shared.abPercent = 60;
    t.arms[1].title = '';
    t.arms[0].scheduleType = 2;
    const issues = validateAb(t.shared, t.arms, ctx());
    expect(issues.shared.map((i) => [i.name, i.key])).toEqual([
      [['abPercent'], 'percentRange'],
      [['description'], 'required'],
    ]);
    expect(issues.arms[0]?.map((i) => [i.name, i.key])).toEqual([[['scheduleDate'], 'scheduleRequired']]);
    expect(issues.arms[1]?.map((i) => [i.name, i.key])).toEqual([[['title'], 'required']]);
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
    expect(place('childMsgs.2.data.noti_title')).toBeUndefined();
    expect(place('winner.afterHours')).toEqual({ form: 'shared', name: ['winnerHours'] });
    const four = [...t.arms, t.arms[0], t.arms[1]];
    expect(placeAbField('childMsgs.3.data.noti_title', t.shared, four)).toEqual({ form: 3, name: ['title'] });
  });
});
