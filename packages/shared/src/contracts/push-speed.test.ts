import { describe, expect, it } from 'vitest';
import { MESSAGE_LIMITS, PushSpeed } from './notification-content';

describe('PushSpeed: the one rule of a message push speed', () => {
  it('takes 0 (no limit) and the range, nothing else', () => {
    const ok = (v: number) => PushSpeed.safeParse(v).success;
    expect([0, MESSAGE_LIMITS.speedMin, 5000, MESSAGE_LIMITS.speedMax].map(ok)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect([1, MESSAGE_LIMITS.speedMin - 1, MESSAGE_LIMITS.speedMax + 1, 1500.5, -1000].map(ok)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
