import { describe, expect, it } from 'vitest';
import { DeviceEvent } from './devices';
import { PushRecovery, PUSH_RECOVERY_OFF } from './push-recovery';

describe('PushRecovery', () => {
  it('is off by default, with the widest bounds and 3 a heartbeat', () => {
    expect(PushRecovery.parse({})).toEqual(PUSH_RECOVERY_OFF);
    expect(PushRecovery.parse({ enabled: true, maxAgeHours: '6', maxCount: 10 })).toEqual({
      enabled: true,
      maxAgeHours: 6,
      maxCount: 10,
    });
  });

  it('names the field of each bound out of range', () => {
    const r = PushRecovery.safeParse({ enabled: true, maxAgeHours: 13, maxCount: 0.5 });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['maxAgeHours', 'must be a whole number from 1 to 12'],
      ['maxCount', 'must be a whole number'],
    ]);
  });
});

describe('DeviceEvent recovered', () => {
  const ts = Date.now();
  it('marks a received event only', () => {
    expect(DeviceEvent.parse({ type: 'received', msgId: 7, ts, recovered: true })).toMatchObject({
      msgId: '7',
      recovered: true,
    });
    const r = DeviceEvent.safeParse({ type: 'clicked', msgId: 7, ts, recovered: true });
    expect(r.error?.issues.map((i) => i.path.join('.'))).toEqual(['recovered']);
  });
});
