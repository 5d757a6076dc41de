import { describe, expect, it } from 'vitest';
import { isDmpTargetClosed, targetsAudiencePackage } from './dmp-target';
import { messageActions, mayCopy, mayEdit, type ActionRow } from './message-actions';

const NOW = Date.parse('2030-06-01T12:00:00Z');
const pkg = [{ label: 'country' }, { label: 'dmpCustomizeGroup' }];

describe('the closed data-platform target', () => {
  it('finds an audience package among the conditions (dmpCustomize, dmpCustomizeGroup), not a tag', () => {
    expect(targetsAudiencePackage(pkg)).toBe(true);
    expect(targetsAudiencePackage([{ label: 'dmpCustomize' }])).toBe(true);
    expect(targetsAudiencePackage([{ label: 'tags' }, { label: 'country' }])).toBe(false);
    expect(targetsAudiencePackage(undefined)).toBe(false);
  });

  it('is closed only when the DMP switch is off and a package is targeted', () => {
    expect(isDmpTargetClosed({ conditions: pkg }, false)).toBe(true);
    expect(isDmpTargetClosed({ conditions: pkg }, true)).toBe(false);
    expect(isDmpTargetClosed({ conditions: [{ label: 'tags' }] }, false)).toBe(false);
    // list rows carry the server's answer instead of their conditions
    expect(isDmpTargetClosed({ audiencePackage: true }, false)).toBe(true);
    expect(isDmpTargetClosed({ audiencePackage: false }, false)).toBe(false);
  });

  it('withholds edit and copy from the row menu under it, and nothing else', () => {
    const row: ActionRow = {
      msgType: 1,
      status: 2,
      scheduleType: 2,
      scheduleDate: NOW + 24 * 3600 * 1000,
      targetingType: 1,
      audiencePackage: true,
    };
    expect(messageActions(row, 200, NOW, true)).toEqual([
      'edit',
      'copy',
      'detail',
      'cancel',
      'stop',
      'material',
    ]);
    expect(messageActions(row, 200, NOW, false)).toEqual(['detail', 'cancel', 'stop', 'material']);
    expect(mayEdit(row, NOW, false)).toBe(false);
    expect(mayCopy(row, NOW, false)).toBe(false);
    expect(messageActions({ ...row, audiencePackage: false }, 200, NOW, false)).toContain('copy');
  });
});
