import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREQUENCY_CAP_LOSS, MessageType, type WindowCap, type WindowCaps } from '@beacon/shared';
import type { Database } from '../../db/client';
import { backends } from '../../test/databases';
import { decide } from './filters';
import { SendOutcome } from './kinds';
import type { PageDevice } from './page-device';
import { policyBinding } from './policy-binding';

/**
 * Frequency caps over any window (issue 32 §3), property-tested over random send histories through the filter stage's
 * real code path against the database: the policy binding (caps read from the app, each page's counts read through
 * send_records' per-device index) and `decide`, as batch-run.ts calls them page by page. A seeded PRNG (no fast-check
 * in the repository) makes each run the same; a failure names its seed.
 *
 * The properties, for every trial: a device the filter stage sends never goes past a cap of its kind (its dispatched
 * and open sends of that kind within each window, after this one, are at most maxMessages), and a device under every
 * cap (one more send would fit them all) is never dropped for a cap. Checked against a model of the history kept here,
 * not the database's answer.
 */

const DAY = 86_400_000;
const HOUR = 3_600_000;
const DEVICES = 12;
const TRIALS = 8;
const ROUNDS = 5;

/** mulberry32: a small seeded PRNG. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)) };
}

/** One send of the model: its device, message type, outcome and dispatch time. */
interface Sent {
  device: string;
  msgType: number;
  outcome: number;
  at: number;
}

const NO_LIMITS = async () => ({ limitSwitch: false, restricts: [], timezone: '+00:00', time: '00:00' });

describe.each(backends())('frequency caps over any window [$name]', (backend) => {
  let database: Database;
  let appId: number;
  let otherAppId: number;
  let devices: string[];

  beforeAll(async () => {
    database = await backend.open();
    const apps = await database.query<{ id: number }>(
      `INSERT INTO apps (title, pkg, app_key, app_secret_enc)
       VALUES ('Caps', 'com.example.caps', 'caps-k', 's'), ('Other', 'com.example.other', 'other-k', 's') RETURNING id`,
    );
    appId = apps[0]!.id;
    otherAppId = apps[1]!.id;
    const rows = await database.query<{ id: string }>(
      `INSERT INTO devices (app_id, gaid, country, language, brand, model, os_version, app_version, app_version_code,
                            timezone, utc_offset_min, notifications_enabled)
       SELECT a, ('00000000-0000-4000-8000-' || lpad((g + a * 100)::text, 12, '0'))::uuid, 'NG', 'en', 'TECNO',
              'SPARK 10', 33, '3.1.0', 310, 'Africa/Lagos', 60, true
       FROM generate_series(1, $2::int) g, unnest(ARRAY[$1::int, $3::int]) a
       ORDER BY a, g RETURNING id::text AS id`,
      [appId, DEVICES, otherAppId],
    );
    devices = rows.slice(0, DEVICES).map((r) => r.id);
  });
  afterAll(async () => {
    await database?.close();
  });

  const newMessage = async (app: number, msgType: number, finishedAt: Date | null) => {
    const [m] = await database.query<{ id: number }>(
      `INSERT INTO messages (app_id, msg_type, status, title, owner_email, data, targeting_type, push_count,
                             schedule_type, ttl_seconds, started_at, finished_at)
       VALUES ($1, $2, 1, 'Caps', 'owner@example.com', '{}', 0, 0, 1, 86400, now(), $3) RETURNING id::int`,
      [app, msgType, finishedAt],
    );
    return m!.id;
  };
  /** Records the sends of one message (the same outcome-and-time rows the engine writes). */
  const record = async (messageId: number, sends: Sent[]) => {
    if (sends.length === 0) return;
    await database.query(
      `INSERT INTO send_records (message_id, device_id, outcome, loss_code, sent_at)
       SELECT $1, d, o, CASE WHEN o = ${SendOutcome.LOST} THEN 3 ELSE 0 END,
              CASE WHEN o = ${SendOutcome.DISPATCHED} THEN to_timestamp(t / 1000.0) END
       FROM unnest($2::bigint[], $3::int[], $4::float8[]) AS x(d, o, t)`,
      [messageId, sends.map((s) => s.device), sends.map((s) => s.outcome), sends.map((s) => s.at)],
    );
  };
  const setCaps = (caps: WindowCaps) =>
    database.query('UPDATE apps SET window_caps = $2 WHERE id = $1', [appId, JSON.stringify(caps)]);

  /** What the model says a device holds against a cap: its dispatched sends within the window and its open ones. */
  const held = (history: Sent[], device: string, msgType: number, cap: WindowCap, now: number) =>
    history.filter(
      (s) =>
        s.device === device &&
        s.msgType === msgType &&
        (s.outcome === SendOutcome.PENDING ||
          s.outcome === SendOutcome.IN_FLIGHT ||
          (s.outcome === SendOutcome.DISPATCHED && s.at >= now - cap.windowDays * DAY)),
    ).length;

  const page = (): PageDevice[] =>
    devices.map((id) => ({ id, country: 'NG', language: 'en', appVersion: '3.1.0', token: 't', own: 0 }));

  it('no device ever exceeds a cap, and no device under its caps is dropped', async () => {
    const seen = { sent: 0, capped: 0 };
    for (let trial = 0; trial < TRIALS; trial++) {
      const seed = 0x5eed + trial;
      const r = prng(seed);
      await database.query('DELETE FROM send_records');
      await database.query('DELETE FROM messages');
      const randomCaps = (): WindowCap[] => {
        const days = [...new Set(Array.from({ length: r.int(0, 3) }, () => r.int(1, 10)))];
        return days.map((windowDays) => ({ windowDays, maxMessages: r.int(1, 4) }));
      };
      const caps: WindowCaps = { notification: randomCaps(), cross: randomCaps() };
      if (caps.notification.length === 0) caps.notification = [{ maxMessages: 2, windowDays: 3 }];
      await setCaps(caps);

      // the history: messages of both kinds over the last 14 days (never on a whole day from now, so that a window's
      // edge does not depend on the milliseconds the test takes), each to a random part of the devices
      const now = Date.now();
      const history: Sent[] = [];
      for (let m = r.int(3, 12); m > 0; m--) {
        const msgType = r.next() < 0.7 ? MessageType.NOTIFICATION : MessageType.PASS_THROUGH;
        const at = now - r.int(0, 14 * 24 - 1) * HOUR - HOUR / 2;
        const open = r.next() < 0.15;
        const id = await newMessage(appId, msgType, open ? null : new Date(at + HOUR));
        const sends: Sent[] = devices
          .filter(() => r.next() < 0.5)
          .map((device) => {
            const x = r.next();
            const outcome = open
              ? x < 0.5
                ? SendOutcome.IN_FLIGHT
                : SendOutcome.PENDING
              : x < 0.85
                ? SendOutcome.DISPATCHED
                : SendOutcome.LOST;
            return { device, msgType, outcome, at };
          });
        await record(id, sends);
        history.push(...sends);
      }
      // another app's sends to its own devices, and recalls: neither counts
      await record(await newMessage(otherAppId, MessageType.NOTIFICATION, null), []);
      await record(
        await newMessage(appId, MessageType.RECALL, null),
        devices.map((device) => ({ device, msgType: MessageType.RECALL, outcome: 1, at: now - HOUR })),
      );

      // rounds of new messages, each through the filter stage as the engine runs it, its sends then dispatched
      for (let round = 0; round < ROUNDS; round++) {
        const msgType = r.next() < 0.6 ? MessageType.NOTIFICATION : MessageType.PASS_THROUGH;
        const kindCaps = msgType === MessageType.NOTIFICATION ? caps.notification : caps.cross;
        const policy = await policyBinding(database, NO_LIMITS)(appId, { restrictType: 1, msgType });
        if (kindCaps.length === 0) {
          expect(policy, `seed ${seed}: no cap, no policy`).toBeUndefined();
          continue;
        }
        const devicesPage = page();
        await policy!.prefetch!(devicesPage);
        const at = Date.now();
        const sent: Sent[] = [];
        for (const device of devicesPage) {
          const v = decide(device, at, at + DAY, policy);
          const fits = kindCaps.every((c) => held(history, device.id, msgType, c, at) + 1 <= c.maxMessages);
          const where = `seed ${seed}, round ${round}, device ${device.id}`;
          if (fits) expect(v.loss, `${where}: under its caps, dropped`).toBe(0);
          else expect(v.loss, `${where}: at a cap, sent`).toBe(FREQUENCY_CAP_LOSS);
          seen[v.loss === 0 ? 'sent' : 'capped'] += 1;
          if (v.loss === 0) sent.push({ device: device.id, msgType, outcome: SendOutcome.DISPATCHED, at });
        }
        const id = await newMessage(appId, msgType, null);
        await record(id, sent);
        history.push(...sent);
        // no device the filter stage sent is past a cap of its kind
        for (const s of sent)
          for (const c of kindCaps)
            expect(
              held(history, s.device, msgType, c, at),
              `seed ${seed}, round ${round}: device ${s.device} over ${c.maxMessages}/${c.windowDays}d`,
            ).toBeLessThanOrEqual(c.maxMessages);
      }
    }
    // the histories reach both sides of the rule
    expect(seen.sent).toBeGreaterThan(20);
    expect(seen.capped).toBeGreaterThan(20);
  }, 120_000);

  it('without caps the binding is what it was (no policy at all when nothing else can drop a device)', async () => {
    await setCaps({ notification: [], cross: [] });
    expect(
      await policyBinding(database, NO_LIMITS)(appId, { restrictType: 1, msgType: MessageType.NOTIFICATION }),
    ).toBeUndefined();
  });
});
