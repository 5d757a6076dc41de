import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTRIBUTE_CONDITION_OPS, normalizeAttributeDate, type Condition } from '@beacon/shared';
import type { Database } from '../db/client';
import { backends } from '../test/databases';
import { compileAudience, countQuery, keysetPageQuery, perDeviceLookups } from './compile-conditions';
import { estimateAudience } from './sampled-estimate';

/**
 * Attribute and event conditions (issue 33 §3) on 10,000 devices seeded deterministically: every op of every type and
 * every event op, counted by the compiled SQL (whole, and with per-device lookups as the sampled estimate runs it)
 * against the audience computed here by hand.
 */
const DEVICES = 10_000;
const DAY = 86_400_000;
// noon UTC, so that "the last N days" of a date attribute never straddles a seeded instant
const NOW = Math.floor(Date.now() / DAY) * DAY + DAY / 2;
const dayAgo = (k: number) => new Date(NOW - k * DAY).toISOString().slice(0, 10);

type Value = string | number | boolean | string[];
interface Seed {
  /** index of the device whose user it shares (itself when its own), or null: no user */
  user: number | null;
  attributes: Record<string, Value>;
  /** days ago → events of `purchase` */
  purchase: Map<number, number>;
}

const GENRES = ['jazz', 'rock', 'pop'];
const PLANS = ['free', 'pro', 'team', 'Pro Max', 'pro_50%'];

function seedOf(i: number): Seed {
  const attributes: Record<string, Value> = {};
  if (i % 6 !== 0) attributes.plan = PLANS[i % PLANS.length]!;
  // a value of another type than the app's (an attribute deleted and written again): matches no typed op
  if (i % 97 === 0) attributes.plan = 7;
  if (i % 9 !== 0) attributes.score = ((i * 37) % 200) / 4 - 10;
  if (i % 3 !== 2) attributes.vip = i % 3 === 0;
  if (i % 11 !== 0) attributes.signup = new Date(NOW - (i % 400) * DAY - (i % 24) * 3_600_000).toISOString();
  if (i % 13 !== 0) attributes.genres = GENRES.filter((_, b) => (i >> b) & 1);
  const purchase = new Map<number, number>();
  for (let j = 0; j < i % 5; j++) {
    const ago = (i + j * 11) % 40;
    purchase.set(ago, (purchase.get(ago) ?? 0) + 1 + ((i + j) % 3));
  }
  const user = i % 10 === 0 ? null : i % 50 === 49 ? i - 1 : i;
  return { user, attributes, purchase };
}
const FLEET = Array.from({ length: DEVICES }, (_, i) => seedOf(i));
/** A device's attributes are its user's (a shared user's are the first device's). */
const attrsOf = (d: Seed) => (d.user === null ? undefined : FLEET[d.user]!.attributes);

/** The reference semantics, written plainly. */
function matches(d: Seed, c: Condition): boolean {
  if (c.label === 'event') {
    // only this app's `purchase` has events
    const days = c.event === 'purchase' ? [...d.purchase] : [];
    const sum = (window: number) => days.filter(([ago]) => ago < window).reduce((n, [, e]) => n + e, 0);
    const since = (day: string) => days.some(([ago]) => dayAgo(ago) >= day);
    if (c.op === 'atLeast') return sum(Number(c.values[1])) >= Number(c.values[0]);
    if (c.op === 'notWithin') return sum(Number(c.values[0])) === 0;
    return !since(c.values[0]!);
  }
  const raw = attrsOf(d)?.[c.key!];
  const typed =
    raw === undefined
      ? undefined
      : c.attributeType === 'list'
        ? Array.isArray(raw)
          ? raw
          : undefined
        : c.attributeType === 'date' || c.attributeType === 'string'
          ? typeof raw === 'string'
            ? raw
            : undefined
          : typeof raw === c.attributeType
            ? raw
            : undefined;
  if (c.op === 'notExists') return typed === undefined;
  if (typed === undefined) return false;
  if (c.op === 'exists') return true;
  const v = c.values;
  switch (c.attributeType) {
    case 'list':
      return c.op === 'in'
        ? (typed as string[]).some((g) => v.includes(g))
        : !(typed as string[]).some((g) => v.includes(g));
    case 'number': {
      const x = typed as number;
      const [a = 0, b = 0] = v.map(Number);
      return {
        in: v.map(Number).includes(x),
        nin: !v.map(Number).includes(x),
        lt: x < a,
        gt: x > a,
        lte: x <= a,
        gte: x >= a,
        between: x >= a && x <= b,
      }[c.op as 'in'];
    }
    case 'date': {
      const t = Date.parse(typed as string);
      const at = (s: string) => Date.parse(normalizeAttributeDate(s)!);
      const end = (s: string) => (s.length === 10 ? at(s) + DAY : at(s) + 1);
      if (c.op === 'before') return t < at(v[0]!);
      if (c.op === 'after') return t >= end(v[0]!) || (v[0]!.length > 10 && t > at(v[0]!));
      if (c.op === 'between') return t >= at(v[0]!) && t < end(v[1]!);
      return t >= NOW - Number(v[0]) * DAY && t <= NOW;
    }
    default: {
      const s = String(typed);
      if (c.op === 'contains') return v.some((x) => s.toLowerCase().includes(x.toLowerCase()));
      return c.op === 'nin' ? !v.includes(s) : v.includes(s);
    }
  }
}

async function seed(database: Database): Promise<number> {
  const app = async (pkg: string) =>
    (
      await database.query<{ id: number }>(
        "INSERT INTO apps (title, pkg, app_key, app_secret_enc) VALUES ('A', $1, $1, 'x') RETURNING id",
        [pkg],
      )
    )[0]!.id;
  const appId = await app('com.users.one');
  const otherApp = await app('com.users.two');
  const users = FLEET.flatMap((d, i) => (d.user === i ? [i] : []));
  const userIds = await database.query<{ id: string }>(
    `INSERT INTO app_users (app_id, external_id, attributes)
     SELECT $1, 'u' || n, a FROM unnest($2::int[], $3::jsonb[]) WITH ORDINALITY AS t(n, a, o) ORDER BY o
     RETURNING id::text AS id`,
    [appId, users, users.map((i) => JSON.stringify(FLEET[i]!.attributes))],
  );
  const userOf = new Map(users.map((i, k) => [i, userIds[k]!.id]));
  const devices = await database.query<{ id: string }>(
    `INSERT INTO devices (app_id, gaid, country, language, brand, model, os_version, app_version, app_version_code,
                          timezone, utc_offset_min, notifications_enabled, user_id)
     SELECT $1, g, 'NG', 'en', 'TECNO', 'X', 33, '1.0', 1, 'UTC', 0, true, u
     FROM unnest($2::uuid[], $3::bigint[]) WITH ORDINALITY AS t(g, u, o) ORDER BY o RETURNING id::text AS id`,
    [
      appId,
      FLEET.map((_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`),
      FLEET.map((d) => (d.user === null ? null : userOf.get(d.user))),
    ],
  );
  const names = async (target: number) =>
    (
      await database.query<{ id: number }>(
        "INSERT INTO app_event_names (app_id, name) VALUES ($1, 'purchase'), ($1, 'open') RETURNING id",
        [target],
      )
    ).map((r) => r.id);
  const [purchase, open] = await names(appId);
  // the other app's "purchase" on the same devices, and this app's "open" on every device today: never counted
  const [otherPurchase] = await names(otherApp);
  const rows: Array<[string, number, string, number]> = [];
  for (const [i, d] of FLEET.entries()) {
    const id = devices[i]!.id;
    for (const [ago, events] of d.purchase) rows.push([id, purchase!, dayAgo(ago), events]);
    rows.push([id, open!, dayAgo(0), 5]);
    if (i % 4 === 0) rows.push([id, otherPurchase!, dayAgo(1), 9]);
  }
  await database.query(
    `INSERT INTO custom_event_days (device_id, name_id, day, events)
     SELECT * FROM unnest($1::bigint[], $2::int[], $3::date[], $4::int[])`,
    [rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2]), rows.map((r) => r[3])],
  );
  return appId;
}

const attr = (
  key: string,
  attributeType: Condition['attributeType'],
  op: Condition['op'],
  values: string[] = [],
): Condition => ({ label: 'attribute', key, attributeType, op, values, allSelected: 0 });
const ev = (op: Condition['op'], values: string[], event = 'purchase'): Condition => ({
  label: 'event',
  event,
  op,
  values,
  allSelected: 0,
});

const CASES: Condition[] = [
  attr('plan', 'string', 'in', ['pro', 'team']),
  attr('plan', 'string', 'nin', ['free']),
  attr('plan', 'string', 'contains', ['PRO']),
  attr('plan', 'string', 'contains', ['_5', 'tea']),
  attr('plan', 'string', 'contains', ['%']),
  attr('plan', 'string', 'exists'),
  attr('plan', 'string', 'notExists'),
  attr('score', 'number', 'in', ['0', '12.25', '-10']),
  attr('score', 'number', 'nin', ['0']),
  attr('score', 'number', 'lt', ['0']),
  attr('score', 'number', 'gt', ['20.5']),
  attr('score', 'number', 'lte', ['-9.75']),
  attr('score', 'number', 'gte', ['39']),
  attr('score', 'number', 'between', ['-1.5', '3.25']),
  attr('score', 'number', 'exists'),
  attr('score', 'number', 'notExists'),
  attr('vip', 'boolean', 'in', ['true']),
  attr('vip', 'boolean', 'in', ['false']),
  attr('vip', 'boolean', 'in', ['true', 'false']),
  attr('vip', 'boolean', 'exists'),
  attr('vip', 'boolean', 'notExists'),
  attr('signup', 'date', 'before', [dayAgo(100)]),
  attr('signup', 'date', 'after', [dayAgo(30)]),
  attr('signup', 'date', 'after', [new Date(NOW - 30.25 * DAY).toISOString()]),
  attr('signup', 'date', 'between', [dayAgo(60), dayAgo(50)]),
  attr('signup', 'date', 'within', ['7']),
  attr('signup', 'date', 'exists'),
  attr('signup', 'date', 'notExists'),
  attr('genres', 'list', 'in', ['jazz']),
  attr('genres', 'list', 'in', ['rock', 'pop']),
  attr('genres', 'list', 'nin', ['jazz']),
  attr('genres', 'list', 'exists'),
  attr('genres', 'list', 'notExists'),
  // a key no user has
  attr('nickname', 'string', 'exists'),
  attr('nickname', 'string', 'notExists'),
  ev('atLeast', ['1', '1']),
  ev('atLeast', ['1', '7']),
  ev('atLeast', ['3', '7']),
  ev('atLeast', ['4', '30']),
  ev('atLeast', ['2', '365']),
  ev('notWithin', ['7']),
  ev('notWithin', ['40']),
  ev('notSince', [dayAgo(10)]),
  ev('notSince', [dayAgo(0)]),
  // a name the app does not have: no events
  ev('atLeast', ['1', '30'], 'refund'),
  ev('notWithin', ['30'], 'refund'),
];

describe.each(backends())('attribute and event conditions on 10,000 devices [$name]', (backend) => {
  let database: Database;
  let appId: number;
  const count = async (conditions: Condition[], perDevice = false): Promise<number> => {
    const audience = compileAudience(appId, conditions, { now: new Date(NOW) });
    const q = countQuery(perDevice ? perDeviceLookups(audience) : audience);
    const [row] = await database.query<{ n: string }>(q.sql, q.params);
    return Number(row?.n ?? 0);
  };

  beforeAll(async () => {
    database = await backend.open();
    appId = await seed(database);
  }, 120_000);
  afterAll(async () => database?.close());

  it('covers every op of every attribute type and every event op, with audiences neither empty nor whole', () => {
    const trivial = CASES.filter((c) => {
      const n = FLEET.filter((d) => matches(d, c)).length;
      return n === 0 || n === DEVICES;
    });
    // the key no user has (exists, notExists) and the name the app does not have (atLeast, notWithin)
    expect(trivial.map((c) => `${c.key ?? c.event} ${c.op}`)).toEqual([
      'nickname exists',
      'nickname notExists',
      'refund atLeast',
      'refund notWithin',
    ]);
    for (const [type, ops] of Object.entries(ATTRIBUTE_CONDITION_OPS))
      for (const op of ops)
        expect(
          CASES.some((c) => c.attributeType === type && c.op === op),
          `${type} ${op}`,
        ).toBe(true);
    for (const op of ['atLeast', 'notWithin', 'notSince'])
      expect(CASES.some((c) => c.label === 'event' && c.op === op)).toBe(true);
  });

  it('agrees with the audience computed by hand for every condition, whole and per device', async () => {
    for (const condition of CASES) {
      const expected = FLEET.filter((d) => matches(d, condition)).length;
      const label = JSON.stringify(condition);
      expect(await count([condition]), label).toBe(expected);
      expect(await count([condition], true), label).toBe(expected);
    }
  }, 120_000);

  it('ANDs repeated attribute and event rows with the other labels, and pages the same audience', async () => {
    const conditions: Condition[] = [
      { label: 'country', op: 'in', values: ['NG'], allSelected: 0 },
      attr('score', 'number', 'gte', ['0']),
      attr('score', 'number', 'lt', ['30']),
      attr('vip', 'boolean', 'in', ['true']),
      ev('atLeast', ['2', '30']),
      ev('notWithin', ['2']),
    ];
    const expected = FLEET.filter((d) => conditions.slice(1).every((c) => matches(d, c))).length;
    expect(expected).toBeGreaterThan(20);
    expect(await count(conditions)).toBe(expected);
    const audience = compileAudience(appId, conditions, { now: new Date(NOW) });
    let seen = 0;
    let after = '0';
    for (;;) {
      const q = keysetPageQuery(audience, { afterId: after, limit: 100 });
      const page = await database.query<{ id: string }>(q.sql, q.params);
      if (page.length === 0) break;
      seen += page.length;
      after = page[page.length - 1]!.id;
    }
    expect(seen).toBe(expected);
  });

  it('estimates them through the sampled path', async () => {
    const condition = attr('plan', 'string', 'in', ['pro', 'team']);
    const expected = FLEET.filter((d) => matches(d, condition)).length;
    const estimate = await estimateAudience(
      database,
      compileAudience(appId, [condition], { now: new Date(NOW) }),
      { exactBelow: 0, minMatches: 0 },
    );
    expect(estimate.reason).toBe('sampled');
    // a sample of a few hundred devices: within five standard errors
    expect(Math.abs(estimate.count - expected)).toBeLessThan(5 * estimate.relativeError * expected + 50);
  });
});
