import { describe, expect, it } from 'vitest';
import { CrossData } from './cross-content';
import { MESSAGE_LIMITS, NotificationData } from './messages';

/** A valid notification of the custom design (noti_type 3). */
const CUSTOM = {
  noti_type: 3,
  noti_title: 'Flash sale',
  noti_desc: 'Everything 50% off today',
  noti_icon: '/files/big.png',
  noti_ex_type: 1,
  noti_open_type: 1,
  noti_open_content: 'shop://home',
};
const SYSTEM = { ...CUSTOM, noti_type: 1, noti_icon: '', noti_small_icon: '/files/icon.png' };

const issues = (data: Record<string, unknown>) =>
  (NotificationData.safeParse(data).error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('NotificationData sub-config', () => {
  it('keeps channel id and name, group id, group max and (custom design) layout number', () => {
    const data = {
      ...CUSTOM,
      noti_channel_id: 'promo',
      noti_channel_name: 'Promotions',
      noti_group_id: 'sale',
      noti_group_max: 5,
      noti_layout_id: 7,
    };
    expect(NotificationData.parse(data)).toMatchObject({
      noti_channel_id: 'promo',
      noti_channel_name: 'Promotions',
      noti_group_id: 'sale',
      noti_group_max: 5,
      noti_layout_id: 7,
    });
    // all optional: absent stays absent (nothing is sent for them)
    const bare = NotificationData.parse(CUSTOM);
    expect(bare).not.toHaveProperty('noti_group_max');
    expect(bare).not.toHaveProperty('noti_layout_id');
    expect(bare).toMatchObject({ noti_channel_id: '', noti_channel_name: '', noti_group_id: '' });
  });

  it('takes a group max from 0 (no limit) to 100, whole numbers only, naming the range', () => {
    for (const max of [0, 1, MESSAGE_LIMITS.groupMaxMax])
      expect(issues({ ...SYSTEM, noti_group_max: max })).toEqual([]);
    const range = 'noti_group_max: must be a whole number from 0 to 100 (0: no limit)';
    for (const max of [-1, 101, 2.5, '3', null])
      expect(issues({ ...SYSTEM, noti_group_max: max })).toEqual([range]);
  });

  it('takes a layout number only with the custom design (noti_type 3)', () => {
    expect(issues({ ...CUSTOM, noti_layout_id: 0 })).toEqual([]);
    expect(issues({ ...SYSTEM, noti_layout_id: 3 })).toEqual([
      'noti_layout_id: is only allowed with the custom design (noti_type 3)',
    ]);
    expect(issues({ ...SYSTEM, noti_layout_id: '3' })).toEqual([
      'noti_layout_id: is only allowed with the custom design (noti_type 3)',
    ]);
  });

  it('takes the layout numbers a cross message takes (0 to 1000, part 2 §5, §9, or its digits), and refuses the same', () => {
    const cross = { trans_data: 'e30=' };
    const taken = [0, 7, 99, 100, 1000, '5', '42', '123', '1000'];
    for (const id of taken) expect([id, issues({ ...CUSTOM, noti_layout_id: id })]).toEqual([id, []]);
    for (const id of [...taken, 1001, -1, 2.5, 'ab', '1001', '10000', '']) {
      const asCross = CrossData.safeParse({ ...cross, noti_layout_id: id }).success;
      const asNotification = issues({ ...CUSTOM, noti_layout_id: id });
      expect([id, asNotification.length === 0]).toEqual([id, asCross]);
      if (!asCross) expect(asNotification).toEqual(['noti_layout_id: must be a number from 0 to 1000']);
    }
  });

  it('keeps the channel fields at most 16 characters', () => {
    expect(issues({ ...SYSTEM, noti_channel_id: 'x'.repeat(16), noti_group_id: 'g'.repeat(16) })).toEqual([]);
    expect(issues({ ...SYSTEM, noti_channel_name: 'x'.repeat(17) }).map((i) => i.split(':')[0])).toEqual([
      'noti_channel_name',
    ]);
  });
});
