// The people's live activity (personal.activity): the pure draw (liveActivity) and the fleet's ticks against a
// stand-in of the device API that records every /sdk/v1/track call. Against a real Beacon: e2e/src/event-journey.e2e.ts.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TrackBody } from '@beacon/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../test-utils';
import { Fleet } from './fleet';
import { generateFleetDevices } from './fleet-devices';
import { fleetPeople, liveActivity, type LiveEvent, type TrackedEvent } from './personal';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, ok: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

describe('liveActivity', () => {
  const people = fleetPeople(generateFleetDevices(20_000, 7), 7);
  /** a fixed moment (the track contract takes events of the last 7 days) */
  const NOW = Date.now() - 60_000;

  it('is the same for the same seed and tick, and differs between ticks and seeds', () => {
    const a = liveActivity(people, 7, 1, {}, NOW);
    expect(liveActivity(people, 7, 1, {}, NOW)).toEqual(a);
    const who = (x: LiveEvent[]) => x.map((e) => e.gaid).join();
    expect(who(liveActivity(people, 7, 2, {}, NOW))).not.toBe(who(a));
    expect(who(liveActivity(people, 8, 1, {}, NOW))).not.toBe(who(a));
  });

  it('draws about the asked shares, at `now`, with properties the track contract accepts', () => {
    const opts = { cartPct: 0.01, viewPct: 0.03 };
    const events = Array.from({ length: 10 }, (_, i) => liveActivity(people, 7, i + 1, opts, NOW)).flat();
    const n = people.length * 10;
    const carts = events.filter((e) => e.event.name === 'cart_abandoned');
    const views = events.filter((e) => e.event.name === 'view_item');
    expect(carts.length + views.length).toBe(events.length);
    expect(carts.length / n).toBeGreaterThan(0.008);
    expect(carts.length / n).toBeLessThan(0.012);
    expect(views.length / n).toBeGreaterThan(0.026);
    expect(views.length / n).toBeLessThan(0.034);
    const byGaid = new Map(people.map((p) => [p.gaid, p]));
    for (const e of events) {
      expect(e.event.at).toBe(NOW);
      expect(TrackBody.safeParse({ gaid: e.gaid, events: [e.event] }).success).toBe(true);
      if (e.event.name === 'cart_abandoned') {
        const { price, items } = e.event.properties as { price: number; items: number };
        expect(price).toBeGreaterThanOrEqual(3);
        expect(price).toBeLessThan(120);
        expect([1, 2, 3, 4]).toContain(items);
      } else {
        // an item of one of the person's own interests
        expect(byGaid.get(e.gaid)?.attributes.interests).toContain(e.event.properties?.category);
      }
    }
  });

  it('the demo’s defaults: a few carts and views a tick of 20,000 devices’ people', () => {
    const ticks = Array.from({ length: 6 }, (_, i) => liveActivity(people, 7, i + 1));
    const carts = ticks.flat().filter((e) => e.event.name === 'cart_abandoned').length;
    // ≈ 0.0005 × 13,600 people × 6 ticks ≈ 41 carts a minute (one tick every 10 s)
    expect(carts).toBeGreaterThan(20);
    expect(carts).toBeLessThan(70);
    expect(ticks.flat().length).toBeLessThan(6 * 60);
  });
});

describe('a fleet’s live activity against a device API stand-in', () => {
  let h: Harness;
  let server: Server;
  let fleet: Fleet;
  const tracked: Array<{ gaid: string; events: TrackedEvent[]; receivedAt: number }> = [];
  const SEED = 21;

  beforeAll(async () => {
    h = await harness({ tlsPort: null });
    server = createServer((req, res) => {
      let s = '';
      req.on('data', (c: Buffer) => (s += c.toString('utf8')));
      req.on('end', () => {
        if (req.url === '/sdk/v1/track')
          tracked.push({
            ...(JSON.parse(s) as { gaid: string; events: TrackedEvent[] }),
            receivedAt: Date.now(),
          });
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end('{"status":200,"msg":"success","data":{}}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    fleet = new Fleet({
      emulator: h.emu,
      projectId: 'p-live',
      packageName: 'com.example.live',
      apiBaseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      appKey: 'k',
      appSecret: 's',
      count: 200,
      seed: SEED,
      // a tick every 5 s × 0.02 = 100 ms
      behaviour: { delayScale: 0.02 },
      personal: { activity: { everySeconds: 5, cartPct: 0.05, viewPct: 0.1 } },
    });
  });
  afterAll(async () => {
    await fleet.stop();
    await h.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('reports, tick after tick, exactly what liveActivity draws, at the time of the tick, and counts it', async () => {
    const started = Date.now();
    await fleet.start();
    const past = tracked.length;
    // the people's past events, one call each, before any tick
    expect(past).toBe(fleet.persons().length);
    const pastEvents = tracked.reduce((n, t) => n + t.events.length, 0);
    await until('5 ticks', () => fleet.stats().activityTicks >= 5);
    await fleet.stop();
    const ticks = fleet.stats().activityTicks;
    const live = tracked.slice(past);
    const want = Array.from({ length: ticks }, (_, i) =>
      liveActivity(fleet.persons(), SEED, i + 1, { cartPct: 0.05, viewPct: 0.1 }, 0),
    ).flat();
    const key = (gaid: string, e: TrackedEvent) => `${gaid} ${e.name} ${JSON.stringify(e.properties)}`;
    expect(live.map((t) => key(t.gaid, t.events[0]!)).sort()).toEqual(
      want.map((w) => key(w.gaid, w.event)).sort(),
    );
    expect(want.some((w) => w.event.name === 'cart_abandoned')).toBe(true);
    for (const t of live) {
      expect(t.events).toHaveLength(1);
      expect(t.events[0]!.at).toBeGreaterThanOrEqual(started);
      expect(t.events[0]!.at).toBeLessThanOrEqual(t.receivedAt);
    }
    expect(fleet.stats()).toMatchObject({ customEvents: pastEvents + live.length, activityTicks: ticks });
  });

  it('stop() stops it: no tick and no call after', async () => {
    const { activityTicks, customEvents } = fleet.stats();
    const calls = tracked.length;
    await sleep(500);
    expect(fleet.stats()).toMatchObject({ activityTicks, customEvents });
    expect(tracked.length).toBe(calls);
  });
});
