import { describe, expect, it } from 'vitest';
import { DeviceEvents, DeviceHeartbeat, EVENT_TYPES } from './devices';
import { fastDeviceEvents, fastDeviceHeartbeat, fastParserOf } from './devices-fast';

/** A small seeded generator (mulberry32): the same bodies on every run. */
function rng(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
  return { next, pick };
}

const NOW = Date.now();
const TS_MIN = Date.UTC(2020, 0, 1);
const ABSENT = Symbol('absent');
const GAIDS = [
  '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
  '3F2504E0-4F89-41D3-9A0C-0305E82C3301',
  '3f2504e0-4f89-41d3-9a0c-0305e82c330',
  '3f2504e0 4f89-41d3-9a0c-0305e82c3301',
  '',
  42,
  null,
  ABSENT,
];
const TYPES = [...EVENT_TYPES, 'opened', 'RECEIVED', 3, ABSENT];
const MSG_IDS = [1, 7, 123456, 0, -1, 1.5, 2 ** 53, 2 ** 53 - 1, 1e20, NaN, Infinity, '123', '0', '', 'a1'];
const MSG_IDS_MORE = ['1234567890123456789', '123456789012345678', ' 12', null, ABSENT];
const TSS = [
  NOW,
  NOW - 1000,
  TS_MIN,
  TS_MIN - 1,
  NOW + 23 * 3600_000,
  NOW + 25 * 3600_000,
  NOW + 0.5,
  String(NOW),
];
const TSS_MORE = [2 ** 53, -5, null, ABSENT];
const REASONS = [ABSENT, ABSENT, ABSENT, 0, 999, 1000, -1, 2.5, '1', null];
const RECOVERED = [ABSENT, ABSENT, ABSENT, true, false, 'true', null];

const withOut = (entries: Array<[string, unknown]>) =>
  Object.fromEntries(entries.filter(([, v]) => v !== ABSENT));

function eventBody(r: ReturnType<typeof rng>, valid: boolean) {
  if (valid)
    return {
      type: r.pick(['received', 'shown', 'clicked']),
      msgId: r.pick([
        r.next() < 0.5 ? 1 + Math.floor(r.next() * 1e9) : String(1 + Math.floor(r.next() * 1e9)),
      ]),
      ts: NOW - Math.floor(r.next() * 1e7),
    };
  const e = withOut([
    ['type', r.pick(TYPES)],
    ['msgId', r.pick<unknown>(r.next() < 0.8 ? MSG_IDS : MSG_IDS_MORE)],
    ['ts', r.pick<unknown>(r.next() < 0.8 ? TSS : TSS_MORE)],
    ['reason', r.pick(REASONS)],
    ['recovered', r.pick(RECOVERED)],
  ]);
  if (r.next() < 0.05) e.extra = 1;
  if (r.next() < 0.03) e.reason = undefined;
  return r.next() < 0.03 ? r.pick([null, [], 'received', 5]) : e;
}

function eventsBody(r: ReturnType<typeof rng>) {
  const valid = r.next() < 0.3;
  const n = r.next() < 0.02 ? r.pick([500, 501]) : r.pick([1, 1, 2, 3, 3, 0]);
  const events = Array.from({ length: valid ? Math.max(1, Math.min(n, 500)) : n }, () =>
    eventBody(r, valid || r.next() < 0.6),
  );
  const body = withOut([
    ['gaid', valid ? GAIDS[0]! : r.pick(GAIDS)],
    ['events', r.next() < 0.05 ? r.pick([null, {}, 'x']) : events],
  ]);
  if (r.next() < 0.03) body.extra = true;
  return r.next() < 0.02 ? r.pick([null, [], 'x', 1]) : body;
}

/** The fast path answers the schema's value or nothing: never a body the schema refuses, never another value. */
function agrees(schema: typeof DeviceEvents | typeof DeviceHeartbeat, fast: unknown, body: unknown) {
  if (fast === undefined) return;
  const zod = schema.safeParse(body);
  expect(zod.success, JSON.stringify(body)).toBe(true);
  expect(fast).toStrictEqual(zod.data);
}

describe('device API fast paths', () => {
  it('answer exactly what DeviceEvents answers, or leave the body to it (5,000 generated bodies)', () => {
    const r = rng(20261205);
    let taken = 0;
    let valid = 0;
    for (let i = 0; i < 5_000; i++) {
      const body = eventsBody(r);
      const fast = fastDeviceEvents(body);
      agrees(DeviceEvents, fast, body);
      if (fast !== undefined) taken++;
      if (DeviceEvents.safeParse(body).success) valid++;
    }
    // the generator makes valid bodies, and the fast path takes the bulk of them (not only the trivially easy ones)
    expect(valid).toBeGreaterThan(1_200);
    expect(taken).toBeGreaterThan(valid * 0.9);
  }, 60_000);

  it('take the bodies SDKs send: strings or numbers as ids, a reason, a recovered receipt', () => {
    const gaid = '3F2504E0-4F89-41D3-9A0C-0305E82C3301';
    const body = {
      gaid,
      events: [
        { type: 'received', msgId: 12, ts: NOW, recovered: true },
        { type: 'shown', msgId: '12', ts: NOW },
        { type: 'show_failed', msgId: 12, ts: NOW, reason: 3 },
        { type: 'clicked', msgId: 12, ts: NOW, recovered: false },
      ],
    };
    const fast = fastDeviceEvents(body);
    expect(fast).toStrictEqual(DeviceEvents.parse(body));
    expect(fast?.gaid).toBe(gaid.toLowerCase());
    expect(fastDeviceHeartbeat({ gaid, notificationsEnabled: false })).toStrictEqual(
      DeviceHeartbeat.parse({ gaid, notificationsEnabled: false }),
    );
  });

  it('leave every refused body to the schema, which names the field', () => {
    const gaid = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
    const refused: unknown[] = [
      { gaid, events: [] },
      { gaid, events: [{ type: 'shown', msgId: 1, ts: NOW, recovered: true }] },
      { gaid, events: [{ type: 'shown', msgId: 1, ts: NOW + 2 * 86_400_000 }] },
      { gaid, events: [{ type: 'shown', msgId: 0, ts: NOW }] },
      { gaid, events: [{ type: 'shown', msgId: 1, ts: NOW, extra: 1 }] },
      { gaid: 'nope', events: [{ type: 'shown', msgId: 1, ts: NOW }] },
      { gaid, events: [{ type: 'shown', msgId: 1, ts: NOW }], more: 1 },
    ];
    for (const body of refused) {
      expect(fastDeviceEvents(body), JSON.stringify(body)).toBeUndefined();
      expect(DeviceEvents.safeParse(body).success).toBe(false);
    }
    for (const body of [
      { gaid, notificationsEnabled: 'yes' },
      { gaid },
      { gaid, notificationsEnabled: true, x: 1 },
    ]) {
      expect(fastDeviceHeartbeat(body)).toBeUndefined();
      expect(DeviceHeartbeat.safeParse(body).success).toBe(false);
    }
  });

  it('answer heartbeats as DeviceHeartbeat does (generated bodies)', () => {
    const r = rng(7);
    let taken = 0;
    let valid = 0;
    for (let i = 0; i < 5_000; i++) {
      const body = withOut([
        ['gaid', r.pick(GAIDS)],
        ['notificationsEnabled', r.pick([true, false, 'true', 1, null, ABSENT])],
      ]);
      if (r.next() < 0.05) body.x = 1;
      const fast = fastDeviceHeartbeat(body);
      agrees(DeviceHeartbeat, fast, body);
      if (fast !== undefined) taken++;
      if (DeviceHeartbeat.safeParse(body).success) valid++;
    }
    expect(valid).toBeGreaterThan(250);
    expect(taken).toBe(valid);
  });

  it('are found by their schemas, and only by theirs', () => {
    expect(fastParserOf(DeviceEvents)).toBe(fastDeviceEvents);
    expect(fastParserOf(DeviceHeartbeat)).toBe(fastDeviceHeartbeat);
    expect(fastParserOf(DeviceEvents.optional())).toBeUndefined();
  });
});
