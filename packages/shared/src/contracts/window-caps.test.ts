import { describe, expect, it } from 'vitest';
import { localizeIssueMessage } from '../validation-messages';
import { capKindOf, capReached, WindowCaps } from './window-caps';

const fields = (input: unknown) => {
  const r = WindowCaps.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')} ${i.message}`);
};

describe('window caps', () => {
  it('accepts up to 5 caps per kind within range, numbers as digits too; an absent kind is none', () => {
    const r = WindowCaps.parse({ notification: [{ maxMessages: '3', windowDays: 7 }] });
    expect(r).toEqual({ notification: [{ maxMessages: 3, windowDays: 7 }], cross: [] });
    expect(
      fields({ cross: [1, 2, 3, 4, 5].map((d) => ({ maxMessages: 1000, windowDays: d * 18 })) }),
    ).toEqual([]);
  });

  it('names the field of each bad value', () => {
    expect(
      fields({
        notification: [
          { maxMessages: 0, windowDays: 7 },
          { maxMessages: 1001, windowDays: 91 },
          { maxMessages: 2.5, windowDays: 'x' },
        ],
        cross: [
          { maxMessages: 1, windowDays: 7 },
          { maxMessages: 2, windowDays: 7 },
        ],
      }),
    ).toEqual([
      'notification.0.maxMessages must be at least 1',
      'notification.1.maxMessages must be at most 1000',
      'notification.1.windowDays must be at most 90',
      'notification.2.maxMessages must be a whole number',
      'notification.2.windowDays must be a whole number',
      'cross.1.windowDays is used twice',
    ]);
    expect(
      fields({ notification: Array.from({ length: 6 }, (_, i) => ({ maxMessages: 1, windowDays: i + 1 })) }),
    ).toEqual(['notification must hold at most 5 caps']);
  });

  it('says its messages in French and Chinese', () => {
    expect(localizeIssueMessage('must hold at most 5 caps', undefined, 'fr')).toBe(
      'doit compter au plus 5 plafonds',
    );
    expect(localizeIssueMessage('must hold at most 5 caps', undefined, 'zh')).toBe('最多 5 个频次上限');
  });

  it('a cap is reached when one more message would exceed it', () => {
    const caps = [
      { maxMessages: 3, windowDays: 7 },
      { maxMessages: 1, windowDays: 1 },
    ];
    expect(capReached(caps, () => 0)).toBeUndefined();
    expect(capReached(caps, (d) => (d === 7 ? 2 : 0))).toBeUndefined();
    expect(capReached(caps, (d) => (d === 7 ? 3 : 0))).toEqual(caps[0]);
    expect(capReached(caps, (d) => (d === 1 ? 1 : 1))).toEqual(caps[1]);
    expect(capKindOf(1)).toBe('notification');
    expect(capKindOf(2)).toBe('cross');
    expect(capKindOf(99)).toBeUndefined();
  });
});
