import { describe, expect, it } from 'vitest';
import { AbTestSave, NotificationData } from '@beacon/shared';
import { buildAbTestSave, type AbContext } from './build-ab-payload';
import { emptyAbTest, type AbInitial } from './ab-values';
import { EMPTY_SUB_CONFIG, subConfigData, subConfigFromArms, type SubConfigValues } from './sub-config';
import { placeAbField, validateAb } from './validate-ab';

const ctx: AbContext = {
  app: {
    linksEnable: true,
    localTimeEnable: true,
    displayPriorityEnable: false,
    multiLangEnable: false,
    serverUTC: '+0800',
    projectLevel: 200,
    advanceTarget: false,
  },
  estimate: 1000,
  now: Date.parse('2030-01-01T00:00:00Z'),
};
const SUB: SubConfigValues = {
  notiLayoutId: 7,
  notiChannelId: ' promo ',
  notiChannelName: 'Promotions',
  notiGroupId: 'sale',
  notiGroupMax: 5,
};

/** A filled-in test: arm A of the custom design, arm B of the system design, with `sub`. */
function filled(sub: Partial<SubConfigValues> = SUB): AbInitial {
  const t = emptyAbTest('+0800', { icon: '/files/icon.png', color: '#1A73E8' });
  t.shared = { ...t.shared, description: 'Channel test', ...sub };
  t.arms = [
    { ...t.arms[0], design: 3, icon: '/files/big.png', title: 'A', desc: 'a', openContent: 'shop://a' },
    { ...t.arms[1], title: 'B', desc: 'b', openContent: 'shop://b' },
  ];
  return t;
}

describe('A/B sub-config', () => {
  it('adds the set channel and group fields to every arm and the layout to custom-design arms only', () => {
    expect(subConfigData(SUB, 3)).toEqual({
      noti_channel_id: 'promo',
      noti_channel_name: 'Promotions',
      noti_group_id: 'sale',
      noti_group_max: 5,
      noti_layout_id: 7,
    });
    expect(subConfigData(SUB, 1)).not.toHaveProperty('noti_layout_id');
    // empty, and a group max of 0 (no limit), add nothing; a layout of 0 is a layout
    expect(subConfigData({ ...EMPTY_SUB_CONFIG, notiGroupMax: 0 }, 3)).toEqual({});
    expect(subConfigData({ ...EMPTY_SUB_CONFIG, notiLayoutId: 0 }, 3)).toEqual({ noti_layout_id: 0 });

    const t = filled();
    expect(validateAb(t.shared, t.arms, ctx)).toEqual({ shared: [], arms: [[], []] });
    const body = buildAbTestSave(t.shared, t.arms, ctx);
    expect(AbTestSave.safeParse(body).success).toBe(true);
    const [a, b] = body.childMsgs;
    expect(NotificationData.parse(a?.data)).toMatchObject({ noti_layout_id: 7, noti_group_max: 5 });
    expect(NotificationData.parse(b?.data)).toMatchObject({
      noti_channel_id: 'promo',
      noti_group_id: 'sale',
    });
    expect(b?.data).not.toHaveProperty('noti_layout_id');
  });

  it('adds nothing to transparent arms', () => {
    const t = filled();
    t.shared.abMsgType = 2;
    t.arms[0].crossJson = '{"a":1}';
    t.arms[1].crossJson = '{"b":1}';
    const body = buildAbTestSave(t.shared, t.arms, ctx);
    expect(body.childMsgs.map((c) => Object.keys(c.data))).toEqual([['trans_data'], ['trans_data']]);
    expect(validateAb(t.shared, t.arms, ctx)).toEqual({ shared: [], arms: [[], []] });
  });

  it('puts the contract’s problems at the test’s sub-config fields, once', () => {
    const t = filled({ ...SUB, notiGroupMax: 101, notiLayoutId: 1001, notiChannelId: 'x'.repeat(17) });
    expect(validateAb(t.shared, t.arms, ctx).shared).toEqual([
      { name: ['notiChannelId'], key: 'tooLong', params: { max: 16 } },
      { name: ['notiGroupMax'], key: 'groupMaxRange', params: { max: 100 } },
      { name: ['notiLayoutId'], key: 'layoutRange', params: { max: 1000 } },
    ]);
    // a layout with no custom-design arm is not sent, so not refused
    t.arms[0] = { ...t.arms[0], design: 1 };
    expect(validateAb({ ...t.shared, ...SUB }, t.arms, ctx).shared).toEqual([]);
    expect(validateAb({ ...t.shared, ...SUB, notiGroupMax: 2.5 }, t.arms, ctx).shared[0]?.key).toBe(
      'groupMaxRange',
    );
  });

  it('comes back from the arms’ data: the layout of the custom-design arm, a group max of 0 as empty', () => {
    expect(
      subConfigFromArms([
        { noti_type: 1, noti_layout_id: 3, noti_group_max: 0 },
        { noti_type: 3, noti_layout_id: '12', noti_channel_id: 'promo', noti_group_id: 'sale' },
      ]),
    ).toEqual({ ...EMPTY_SUB_CONFIG, notiLayoutId: 12, notiChannelId: 'promo', notiGroupId: 'sale' });
    expect(subConfigFromArms([{}, {}])).toEqual(EMPTY_SUB_CONFIG);
  });

  it('places a server refusal of a sub-config key at the test’s field', () => {
    const t = filled();
    const place = (f: string) => placeAbField(f, t.shared, t.arms);
    expect(place('childMsgs.0.data.noti_layout_id')).toEqual({ form: 'shared', name: ['notiLayoutId'] });
    expect(place('childMsgs.1.data.noti_group_max')).toEqual({ form: 'shared', name: ['notiGroupMax'] });
    expect(place('childMsgs.1.data.noti_channel_name')).toEqual({
      form: 'shared',
      name: ['notiChannelName'],
    });
    expect(place('childMsgs.0.data.noti_title')).toEqual({ form: 0, name: ['title'] });
  });
});
