import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONDITION_LABEL_SPECS, type Condition } from '@beacon/shared';
import type { Database } from '../db/client';
import { backends } from '../test/databases';
import { compileAudience, countQuery, keysetPageQuery } from './compile-conditions';

const DAY = 86_400_000;
const NOW = Date.now();

interface Seed {
  country: string;
  language: string;
  brand: string;
  model: string;
  os: number;
  version: string;
  code: number;
  operator: string;
  activeDaysAgo: number;
  firstDaysAgo: number;
  tags: Array<'sport' | 'news' | 'bots'>;
  sends: Array<{ daysAgo: number; clicked: boolean }>;
}

const S = (over: Partial<Seed>): Seed => ({
  country: 'NG',
  language: 'en',
  brand: 'TECNO',
  model: 'SPARK 10',
  os: 33,
  version: '3.0.0',
  code: 300,
  operator: 'MTN',
  activeDaysAgo: 0.5,
  firstDaysAgo: 100,
  tags: [],
  sends: [],
  ...over,
});

/** A small fleet covering every attribute boundary the conditions test. */
const FLEET: Seed[] = [
  S({}),
  S({
    country: 'KE',
    language: 'sw',
    brand: 'INFINIX',
    model: 'HOT 30',
    os: 30,
    version: '2.0.0',
    code: 200,
    operator: 'Safaricom',
    activeDaysAgo: 3,
    firstDaysAgo: 3,
    tags: ['sport'],
  }),
  S({
    country: 'BR',
    language: 'pt_BR',
    brand: 'SAMSUNG',
    model: 'A14',
    os: 34,
    version: '3.1.0',
    code: 310,
    operator: 'Vivo',
    activeDaysAgo: 10,
    firstDaysAgo: 10,
    tags: ['sport', 'news'],
    sends: [{ daysAgo: 2, clicked: false }],
  }),
  S({
    country: 'PT',
    language: 'pt',
    brand: 'SAMSUNG',
    model: 'S23',
    os: 35,
    version: '3.1.0',
    code: 310,
    operator: '',
    activeDaysAgo: 20,
    firstDaysAgo: 20,
    sends: [
      { daysAgo: 2, clicked: true },
      { daysAgo: 5, clicked: false },
    ],
  }),
  S({
    country: 'US',
    language: 'es_US',
    brand: 'XIAOMI',
    model: 'REDMI 12',
    os: 21,
    version: '1.0.0',
    code: 100,
    operator: 'T-Mobile',
    activeDaysAgo: 100,
    firstDaysAgo: 400,
    tags: ['bots'],
    sends: [{ daysAgo: 40, clicked: false }],
  }),
  S({
    country: 'MA',
    language: 'ar_MA',
    brand: 'TECNO',
    model: 'CAMON 20',
    os: 14,
    version: '2.5.0',
    code: 250,
    activeDaysAgo: 45,
    firstDaysAgo: 0.2,
    tags: ['news', 'bots'],
    sends: [
      { daysAgo: 10, clicked: false },
      { daysAgo: 12, clicked: false },
    ],
  }),
  S({
    country: 'NG',
    language: 'pt',
    brand: 'ITEL',
    model: 'A70',
    os: 29,
    version: '3.0.0',
    code: 300,
    operator: 'Airtel',
    activeDaysAgo: 95,
    firstDaysAgo: 95,
  }),
];

const within = (daysAgo: number, window: number) => daysAgo * DAY <= window * DAY;

/** The reference semantics, written plainly, that the SQL must agree with. */
function matches(d: Seed, c: Condition, tagIds: Record<string, number>): boolean {
  const idsOf = (flag: 'LABEL' | 'GROUP') =>
    Object.entries(tagIds)
      .filter(([name]) => (name === 'bots' ? 'GROUP' : 'LABEL') === flag)
      .map(([, id]) => id);
  const carried = d.tags.map((t) => tagIds[t]!);
  const pick = (inSet: boolean) => (c.op === 'nin' ? !inSet : inSet);
  if (c.label === 'serverInactiveUser') return d.activeDaysAgo > 90;
  if (c.allSelected === 1) {
    if (c.label === 'tags') return pick(carried.some((id) => idsOf('LABEL').includes(id)));
    if (c.label === 'dmpCustomize' || c.label === 'dmpCustomizeGroup')
      return pick(carried.some((id) => idsOf('GROUP').includes(id)));
    return c.op !== 'nin';
  }
  const v = c.values;
  const num = (x: number) => {
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
  };
  switch (c.label) {
    case 'country':
      return pick(v.map((x) => x.toUpperCase()).includes(d.country));
    case 'brand':
      return pick(v.map((x) => x.toUpperCase()).includes(d.brand));
    case 'model':
      return pick(v.map((x) => x.toUpperCase()).includes(d.model));
    case 'operator':
      return pick(v.includes(d.operator));
    case 'appVersion':
      return pick(v.includes(d.version));
    case 'language':
      return pick(
        v
          .map((x) => x.replace('-', '_'))
          .some((x) => x === d.language || (!x.includes('_') && d.language.split('_')[0] === x)),
      );
    case 'osVersion':
      return num(d.os);
    case 'appVersionCode':
      return num(d.code);
    case 'active':
      return pick(within(d.activeDaysAgo, Number(v[0])));
    case 'increasedApp':
      return pick(within(d.firstDaysAgo, Number(v[0])));
    case 'noclick': {
      const sent = d.sends.filter((s) => within(s.daysAgo, Number(v[0])));
      return sent.length > 0 && sent.every((s) => !s.clicked);
    }
    default:
      return pick(carried.some((id) => v.map(Number).includes(id)));
  }
}

async function seed(database: Database): Promise<{ appId: number; tagIds: Record<string, number> }> {
  const app = async (pkg: string) =>
    (
      await database.query<{ id: number }>(
        "INSERT INTO apps (title, pkg, app_key, app_secret_enc) VALUES ('A', $1, $1, 'x') RETURNING id",
        [pkg],
      )
    )[0]!.id;
  const appId = await app('com.audience.one');
  const otherApp = await app('com.audience.two');
  const tagIds: Record<string, number> = {};
  for (const [name, flag] of [
    ['sport', 'LABEL'],
    ['news', 'LABEL'],
    ['bots', 'GROUP'],
  ] as const) {
    tagIds[name] = (
      await database.query<{ id: number }>(
        'INSERT INTO tags (app_id, name, code, flag) VALUES ($1, $2, $2, $3) RETURNING id',
        [appId, name, flag],
      )
    )[0]!.id;
  }
  for (const [i, d] of FLEET.entries()) {
    for (const target of [appId, otherApp]) {
      const [row] = await database.query<{ id: string }>(
        `INSERT INTO devices (app_id, gaid, country, language, brand, model, os_version, app_version, app_version_code, operator, timezone,
                              utc_offset_min, notifications_enabled, first_seen_at, last_active_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'UTC', 0, true, $11, $12) RETURNING id::text AS id`,
        [
          target,
          `00000000-0000-4000-8000-${String(target * 100 + i).padStart(12, '0')}`,
          d.country,
          d.language,
          d.brand,
          d.model,
          d.os,
          d.version,
          d.code,
          d.operator,
          new Date(NOW - d.firstDaysAgo * DAY),
          new Date(NOW - d.activeDaysAgo * DAY),
        ],
      );
      if (target !== appId) continue;
      for (const t of d.tags)
        await database.query('INSERT INTO device_tags (device_id, tag_id, app_id) VALUES ($1, $2, $3)', [
          row!.id,
          tagIds[t],
          appId,
        ]);
      for (const [m, s] of d.sends.entries()) {
        await database.query(
          'INSERT INTO send_records (message_id, device_id, outcome, sent_at, event_mask) VALUES ($1, $2, 1, $3, $4)',
          [m + 1, row!.id, new Date(NOW - s.daysAgo * DAY), s.clicked ? 1 | 2 | 4 : 1],
        );
      }
    }
  }
  return { appId, tagIds };
}

describe.each(backends())('audience counts on real devices [$name]', (backend) => {
  let database: Database;
  let appId: number;
  let tagIds: Record<string, number>;
  // the compiled SQL run as the engine and the estimates run it: an exact count, and keyset pages of ids
  const estimator = {
    count: async (app: number, conditions: readonly Condition[]): Promise<number> => {
      const q = countQuery(compileAudience(app, conditions));
      const [row] = await database.query<{ n: string }>(q.sql, q.params);
      return Number(row?.n ?? 0);
    },
    page: async (
      app: number,
      conditions: readonly Condition[],
      afterId: string,
      limit: number,
    ): Promise<string[]> => {
      const q = keysetPageQuery(compileAudience(app, conditions), { afterId, limit });
      return (await database.query<{ id: string }>(q.sql, q.params)).map((r) => r.id);
    },
  };
  beforeAll(async () => {
    database = await backend.open();
    ({ appId, tagIds } = await seed(database));
  });
  afterAll(async () => database?.close());

  const c = (
    label: Condition['label'],
    op: Condition['op'],
    values: string[],
    allSelected: 0 | 1 = 0,
  ): Condition => ({ label, op, values, allSelected });
  const tag = (name: string) => String(tagIds[name]);

  it('counts every device of the app for no condition, ignoring other apps', async () => {
    expect(await estimator.count(appId, [])).toBe(FLEET.length);
  });

  it('agrees with the reference semantics for every label and op', async () => {
    const cases: Condition[] = [
      c('country', 'in', ['ng', 'Br']),
      c('country', 'nin', ['NG']),
      c('country', 'in', [], 1),
      c('country', 'nin', [], 1),
      c('language', 'in', ['pt']),
      c('language', 'in', ['pt_BR']),
      c('language', 'nin', ['pt', 'ar']),
      c('language', 'in', ['es-US', 'sw']),
      c('brand', 'in', ['samsung']),
      c('brand', 'nin', ['Tecno']),
      c('model', 'in', ['spark 10', 'A14']),
      c('model', 'nin', ['a70']),
      c('operator', 'in', ['MTN', 'Vivo']),
      c('operator', 'nin', ['MTN']),
      c('appVersion', 'in', ['3.1.0']),
      c('appVersion', 'nin', ['3.0.0']),
      ...(['in', 'nin', 'lt', 'gt', 'lte', 'gte'] as const).map((op) => c('osVersion', op, ['30'])),
      c('osVersion', 'between', ['21', '33']),
      c('osVersion', 'in', ['14', '35']),
      ...(['in', 'nin', 'lt', 'gt', 'lte', 'gte'] as const).map((op) => c('appVersionCode', op, ['300'])),
      c('appVersionCode', 'between', ['200', '300']),
      ...['1', '7', '15', '30'].flatMap((w) => [
        c('active', 'in', [w]),
        c('active', 'nin', [w]),
        c('increasedApp', 'in', [w]),
        c('increasedApp', 'nin', [w]),
        c('noclick', 'in', [w]),
      ]),
      c('serverInactiveUser', '', []),
      c('tags', 'in', [tag('sport')]),
      c('tags', 'in', [tag('sport'), tag('news')]),
      c('tags', 'nin', [tag('news')]),
      c('tags', 'in', [], 1),
      c('tags', 'nin', [], 1),
      c('dmpCustomize', 'in', [tag('bots')]),
      c('dmpCustomize', 'nin', [tag('bots')]),
      c('dmpCustomizeGroup', 'in', [], 1),
      c('dmpCustomizeGroup', 'nin', [tag('bots')]),
    ];
    const labelsCovered = new Set(cases.map((x) => x.label));
    // attribute and event: user-conditions.test.ts
    expect([...labelsCovered].sort()).toEqual(
      Object.keys(CONDITION_LABEL_SPECS)
        .filter((label) => label !== 'attribute' && label !== 'event')
        .sort(),
    );
    for (const condition of cases) {
      const expected = FLEET.filter((d) => matches(d, condition, tagIds)).length;
      expect(await estimator.count(appId, [condition]), JSON.stringify(condition)).toBe(expected);
    }
  });

  it('ANDs conditions, and walks the same audience in keyset pages', async () => {
    const conditions = [
      c('country', 'nin', ['US']),
      c('active', 'in', ['30']),
      c('osVersion', 'gte', ['30']),
    ];
    const expected = FLEET.filter((d) => conditions.every((x) => matches(d, x, tagIds))).length;
    expect(expected).toBeGreaterThan(1);
    expect(await estimator.count(appId, conditions)).toBe(expected);
    const seen: string[] = [];
    let after = '0';
    for (;;) {
      const page = await estimator.page(appId, conditions, after, 1);
      if (page.length === 0) break;
      seen.push(...page);
      after = page[page.length - 1]!;
    }
    expect(seen.length).toBe(expected);
    expect([...seen].sort((a, b) => Number(a) - Number(b))).toEqual(seen);
  });
});
