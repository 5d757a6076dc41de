import { describe, expect, it } from 'vitest';
import { UserLevel } from '@beacon/shared';
import { platformTabsFor } from './platform-tabs';

describe('platformTabsFor', () => {
  it('gives the daily settings tab (Global Settings, part 1 §2) to level 100 only', () => {
    expect(platformTabsFor(UserLevel.SUPER_ADMIN)).toContain('daily');
    expect(platformTabsFor(UserLevel.PLATFORM_ADMIN)).not.toContain('daily');
    expect(platformTabsFor(UserLevel.PLATFORM_ADMIN)).toEqual([
      'statistics',
      'report',
      'finework',
      'models',
      'apps',
      'system',
    ]);
  });
});
