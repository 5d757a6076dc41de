// A demo A/B test in miniature: two arms of the same size of one generated fleet receive two clearly different
// contents; the devices' clicks must tell them apart (the z-test the A/B detail uses), while two arms of one content
// must not. The devices are the fleet's SimulatedDevice with its seeded draws; only the timers run at once.
import { abSignificance, type AbArmCounts } from '@beacon/shared';
import { describe, expect, it } from 'vitest';
import { BEHAVIOUR_DEFAULTS, SimulatedDevice } from './device-behaviour';
import { type QueuedEvent } from './event-queue';
import { generateFleetDevices, type FleetDevice } from './fleet-devices';
import { deriveSeed, mulberry32 } from './prng';
import { Timers } from './timers';

/** Runs every timer at once, in order (the simulated delays do not matter to the counts). */
class ImmediateTimers extends Timers {
  override after(_ms: number, fn: () => void): void {
    fn();
  }
}

const PLAIN = {
  noti_title: 'Our complete collection of seasonal household items is now available',
  noti_desc: 'Browse the catalogue',
};
const RICH = {
  noti_title: '🔥 50% off today',
  noti_desc: 'Browse the catalogue',
  noti_img_ex: 'https://cdn.example.com/banner.png',
};

/** One arm: each device receives message `msgId` with `data`; the devices' reports counted as an A/B arm. */
function arm(devices: readonly FleetDevice[], msgId: string, data: Record<string, string>): AbArmCounts {
  const seen = new Map<string, Set<string>>();
  const timers = new ImmediateTimers();
  for (const d of devices) {
    const report = (gaid: string, e: QueuedEvent) => {
      if (e.msgId !== msgId) return;
      const types = seen.get(gaid) ?? new Set<string>();
      types.add(e.type);
      seen.set(gaid, types);
    };
    const sim = new SimulatedDevice(
      d,
      mulberry32(deriveSeed(77, d.index, 3)),
      BEHAVIOUR_DEFAULTS,
      timers,
      report,
    );
    sim.onMessage({ data: { tcm_msg_id: msgId, ...data } });
  }
  const count = (type: string) => [...seen.values()].filter((s) => s.has(type)).length;
  return {
    dispatched: devices.length,
    reach: count('received'),
    show: count('shown'),
    click: count('clicked'),
  };
}

describe('content-dependent clicks in an A/B test', () => {
  // 1,000 devices a side: a 5 % A/B slice of the demo's 20,000-device fleet is 1,000 devices an arm
  const devices = generateFleetDevices(2000, 77);
  const armA = devices.filter((d) => d.index % 2 === 0);
  const armB = devices.filter((d) => d.index % 2 === 1);

  it('finds the richer content (short title, emoji, picture) the significant winner at the default rates', () => {
    const a = arm(armA, '101', PLAIN);
    const b = arm(armB, '102', RICH);
    const sig = abSignificance(a, b);
    expect(sig.significant, JSON.stringify({ a, b, p: sig.pValue })).toBe(true);
    expect(sig.leader).toBe('B');
    expect(sig.pValue).toBeLessThan(0.001);
    // the rates stay in the demo's range: a few to a few tens of percent of the shown notifications
    expect(sig.a.click.rate).toBeGreaterThan(0.04);
    expect(sig.b.click.rate).toBeLessThan(0.4);
  });

  it('finds it with 200 devices an arm too (a 1 % slice of the demo fleet)', () => {
    const sig = abSignificance(arm(armA.slice(0, 200), '111', PLAIN), arm(armB.slice(0, 200), '112', RICH));
    expect(sig.leader, `p = ${sig.pValue}`).toBe('B');
  });

  it('finds no winner between two arms of the same content', () => {
    const a = arm(armA, '201', RICH);
    const b = arm(armB, '202', RICH);
    expect(abSignificance(a, b).significant, JSON.stringify({ a, b })).toBe(false);
  });
});
