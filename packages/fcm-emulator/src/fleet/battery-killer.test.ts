import { describe, expect, it } from 'vitest';
import { batteryKilled } from './battery-killer';
import { SimulatedDevice, BEHAVIOUR_DEFAULTS } from './device-behaviour';
import { type QueuedEvent } from './event-queue';
import { generateFleetDevices } from './fleet-devices';
import { mulberry32 } from './prng';
import { Timers } from './timers';

const devices = generateFleetDevices(2000, 77);

describe('battery killer', () => {
  it('picks a share of the chosen brands only, the same for the same seed, with open delays in range', () => {
    const killer = {
      brands: ['tecno', 'Xiaomi'],
      share: 0.5,
      openAfterSeconds: [60, 120] as [number, number],
    };
    const killed = batteryKilled(devices, killer, 77);
    const eligible = devices.filter(
      (d) => ['TECNO', 'XIAOMI'].includes(d.attributes.brand) && !d.uninstalled,
    );
    expect(eligible.length).toBeGreaterThan(100);
    for (const gaid of killed.keys()) expect(eligible.some((d) => d.gaid === gaid)).toBe(true);
    expect(killed.size / eligible.length).toBeGreaterThan(0.4);
    expect(killed.size / eligible.length).toBeLessThan(0.6);
    for (const s of killed.values()) expect(s).toBeGreaterThanOrEqual(60);
    expect(batteryKilled(devices, killer, 77)).toEqual(killed);
    expect(batteryKilled(devices, undefined, 77).size).toBe(0);
  });

  it('a killed device drops the push, opens the app later, and reports what recovery gives back as recovered', async () => {
    const events: QueuedEvent[] = [];
    let opened = 0;
    const device = { ...devices[0]!, notificationsEnabled: true };
    const sim = new SimulatedDevice(
      device,
      mulberry32(1),
      { ...BEHAVIOUR_DEFAULTS, pShown: 1, pClicked: 0, pDismissed: 0, delayScale: 0.001 },
      new Timers(),
      (_g, e) => events.push(e),
      { openAfter: 5, openApp: () => opened++ },
    );
    const push = { data: { tcm_msg_id: '42', noti_title: 'Hi', noti_desc: 'There' } };
    expect(sim.onMessage(push)).toBe(true);
    expect(sim.onMessage({ data: { ...push.data, tcm_msg_id: '43' } })).toBe(true);
    await new Promise((r) => setTimeout(r, 50));
    expect(events).toEqual([]);
    expect(opened).toBe(1);
    sim.onRecovered([{ msgId: '43', data: push.data }]);
    await new Promise((r) => setTimeout(r, 50));
    expect(events.map((e) => [e.type, e.msgId, e.recovered])).toEqual([
      ['received', '43', true],
      ['shown', '43', undefined],
    ]);
  });
});
