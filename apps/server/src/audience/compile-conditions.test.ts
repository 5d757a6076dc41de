import { describe, expect, it } from 'vitest';
import {
  ATTRIBUTE_CONDITION_OPS,
  CONDITION_LABEL_SPECS,
  CONDITION_LABELS,
  REPEATABLE_LABELS,
  type Condition,
} from '@beacon/shared';
import {
  AudienceCompileError,
  compileAudience,
  countQuery,
  keysetPageQuery,
  lookupCost,
  perDeviceLookups,
} from './compile-conditions';

const NOW = new Date('2025-06-30T12:00:00.000Z');
const daysBefore = (n: number) => new Date(NOW.getTime() - n * 86_400_000).toISOString();
const c = (
  label: Condition['label'],
  op: Condition['op'],
  values: string[],
  allSelected: 0 | 1 = 0,
): Condition => ({ label, op, values, allSelected });
const compile = (...conditions: Condition[]) => compileAudience(42, conditions, { now: NOW });

/** Sample values per label, so every label × op compiles (attribute and event: by type and op, below). */
const SAMPLE: Record<Exclude<Condition['label'], 'attribute' | 'event'>, string[]> = {
  country: ['ng', 'KE'],
  language: ['pt', 'es_US'],
  brand: ['tecno'],
  model: ['spark 10'],
  osVersion: ['30', '33'],
  operator: ['MTN'],
  appVersion: ['3.2.1'],
  appVersionCode: ['100', '200'],
  active: ['7'],
  increasedApp: ['15'],
  noclick: ['30'],
  serverInactiveUser: [],
  tags: ['5', '6'],
  dmpCustomize: ['7'],
  dmpCustomizeGroup: ['8'],
};

const cases: Array<[Condition['label'], Condition['op'], string[]]> = CONDITION_LABELS.flatMap(
  (label): Array<[Condition['label'], Condition['op'], string[]]> => {
    if (label === 'attribute' || label === 'event') return [];
    const spec = CONDITION_LABEL_SPECS[label];
    if (spec.ops.length === 0) return [[label, '', SAMPLE[label]]];
    return spec.ops.map((op): [Condition['label'], Condition['op'], string[]] => {
      const values =
        op === 'between'
          ? SAMPLE[label].slice(0, 2)
          : ['lt', 'gt', 'lte', 'gte'].includes(op) || spec.kind === 'window'
            ? SAMPLE[label].slice(0, 1)
            : SAMPLE[label];
      return [label, op, values];
    });
  },
);

describe('compileAudience', () => {
  it('starts with the app filter as $1 and selects every device of the app for no condition', () => {
    expect(compile()).toEqual({ sql: 'd.app_id = $1', params: [42], alias: 'd' });
  });

  it.each(cases)('compiles %s %s with every value as a parameter', (label, op, values) => {
    const out = compile(c(label, op, values));
    expect(out.sql.startsWith('d.app_id = $1 AND ')).toBe(true);
    const placeholders = [...out.sql.matchAll(/\$(\d+)/g)].map((m) => Number(m[1]));
    expect(Math.max(...placeholders)).toBe(out.params.length);
    for (const v of values) expect(out.sql).not.toContain(`'${v}`);
  });

  const expectations: Array<[Condition, string, unknown[]]> = [
    [c('country', 'in', ['ng', 'ke']), 'd.country = ANY($2::text[])', [['NG', 'KE']]],
    [c('country', 'nin', ['ng']), 'NOT (d.country = ANY($2::text[]))', [['NG']]],
    [c('brand', 'in', ['Tecno']), 'd.brand = ANY($2::text[])', [['TECNO']]],
    [c('model', 'nin', ['spark 10']), 'NOT (d.model = ANY($2::text[]))', [['SPARK 10']]],
    [c('operator', 'in', ['MTN']), 'd.operator = ANY($2::text[])', [['MTN']]],
    [c('appVersion', 'in', ['3.2.1']), 'd.app_version = ANY($2::text[])', [['3.2.1']]],
    [
      c('language', 'in', ['pt', 'es-US']),
      "(d.language = ANY($2::text[]) OR split_part(d.language, '_', 1) = ANY($3::text[]))",
      [['pt', 'es_US'], ['pt']],
    ],
    [c('language', 'nin', ['pt_BR']), 'NOT (d.language = ANY($2::text[]))', [['pt_BR']]],
    [c('osVersion', 'in', ['30', '31']), 'd.os_version = ANY($2::int[])', [[30, 31]]],
    [c('osVersion', 'nin', ['30']), 'NOT (d.os_version = ANY($2::int[]))', [[30]]],
    [c('osVersion', 'lt', ['30']), 'd.os_version < $2::int', [30]],
    [c('osVersion', 'gte', ['30']), 'd.os_version >= $2::int', [30]],
    [c('appVersionCode', 'gt', ['100']), 'd.app_version_code > $2::int', [100]],
    [c('appVersionCode', 'lte', ['100']), 'd.app_version_code <= $2::int', [100]],
    [
      c('appVersionCode', 'between', ['100', '200']),
      'd.app_version_code BETWEEN $2::int AND $3::int',
      [100, 200],
    ],
    [c('active', 'in', ['7']), 'd.last_active_at >= $2::timestamptz', [daysBefore(7)]],
    [c('active', 'nin', ['30']), 'd.last_active_at < $2::timestamptz', [daysBefore(30)]],
    [c('increasedApp', 'in', ['1']), 'd.first_seen_at >= $2::timestamptz', [daysBefore(1)]],
    [c('serverInactiveUser', '', []), 'd.last_active_at < $2::timestamptz', [daysBefore(90)]],
    [
      c('noclick', 'in', ['15']),
      '(SELECT bool_and((sr.event_mask & 4) = 0) FROM send_record_events sr WHERE sr.device_id = d.id AND sr.sent_at >= $2::timestamptz) IS TRUE',
      [daysBefore(15)],
    ],
    [
      c('tags', 'in', ['5', '6']),
      'EXISTS (SELECT 1 FROM device_tags dt WHERE dt.device_id = d.id AND dt.tag_id = ANY($2::int[]) /* lookup */)',
      [[5, 6]],
    ],
    [
      c('dmpCustomize', 'nin', ['7']),
      'NOT (EXISTS (SELECT 1 FROM device_tags dt WHERE dt.device_id = d.id AND dt.tag_id = ANY($2::int[]) /* lookup */))',
      [[7]],
    ],
    [
      c('tags', 'in', [], 1),
      'EXISTS (SELECT 1 FROM device_tags dt JOIN tags tg ON tg.id = dt.tag_id WHERE dt.device_id = d.id AND tg.flag = $2::text /* lookup */)',
      ['LABEL'],
    ],
    [
      c('dmpCustomizeGroup', 'nin', [], 1),
      'NOT (EXISTS (SELECT 1 FROM device_tags dt JOIN tags tg ON tg.id = dt.tag_id WHERE dt.device_id = d.id AND tg.flag = $2::text /* lookup */))',
      ['GROUP'],
    ],
    [c('country', 'nin', [], 1), 'FALSE', []],
  ];
  it.each(expectations)('compiles %o exactly', (condition, sql, params) => {
    expect(compile(condition)).toEqual({
      sql: `d.app_id = $1 AND ${sql}`,
      params: [42, ...params],
      alias: 'd',
    });
  });

  it('selects everything for allSelected with in on a plain label, and ANDs several conditions in order', () => {
    expect(compile(c('country', 'in', [], 1)).sql).toBe('d.app_id = $1');
    const out = compile(
      c('country', 'in', ['NG']),
      c('osVersion', 'between', ['30', '33']),
      c('active', 'in', ['7']),
    );
    expect(out.sql).toBe(
      'd.app_id = $1 AND d.country = ANY($2::text[]) AND d.os_version BETWEEN $3::int AND $4::int AND d.last_active_at >= $5::timestamptz',
    );
    expect(out.params).toEqual([42, ['NG'], 30, 33, daysBefore(7)]);
  });

  it('turns tag lookups into per-device subqueries on request, leaving everything else as it is', () => {
    const out = compile(
      c('tags', 'in', ['5']),
      c('dmpCustomize', 'nin', [], 1),
      c('noclick', 'in', ['7']),
      c('country', 'in', ['NG']),
    );
    const perDevice = perDeviceLookups(out);
    expect(perDevice.params).toEqual(out.params);
    expect(perDevice.sql).not.toContain('/* lookup */');
    expect(perDevice.sql.match(/OFFSET 0\)/g)).toHaveLength(2);
    expect(perDevice.sql.replaceAll(' OFFSET 0)', ' /* lookup */)')).toBe(out.sql);
    expect(lookupCost(out)).toBe(8 + 8 + 12);
    expect(lookupCost(compile(c('country', 'in', ['NG'])))).toBe(0);
  });

  const USER_SAMPLE: Record<string, string[]> = {
    between: ['1', '2'],
    exists: [],
    notExists: [],
    within: ['30'],
    before: ['2025-01-01'],
    after: ['2025-01-01T10:00:00Z'],
  };
  const userCases: Condition[] = [
    ...Object.entries(ATTRIBUTE_CONDITION_OPS).flatMap(([type, ops]) =>
      ops.map((op): Condition => ({
        label: 'attribute',
        key: 'plan',
        attributeType: type as Condition['attributeType'],
        op,
        values:
          type === 'date' && op === 'between'
            ? ['2025-01-01', '2025-02-01']
            : (USER_SAMPLE[op] ?? [type === 'boolean' ? 'true' : '5']),
        allSelected: 0,
      })),
    ),
    { label: 'event', event: 'buy', op: 'atLeast', values: ['1', '7'], allSelected: 0 },
    { label: 'event', event: 'buy', op: 'atLeast', values: ['3', '7'], allSelected: 0 },
    { label: 'event', event: 'buy', op: 'notWithin', values: ['30'], allSelected: 0 },
    { label: 'event', event: 'buy', op: 'notSince', values: ['2025-06-01'], allSelected: 0 },
  ];
  it.each(userCases.map((x) => [`${x.attributeType ?? 'event'} ${x.op}`, x] as const))(
    'compiles the user condition %s with its key, name and values as parameters',
    (_, condition) => {
      const out = compile(condition);
      const placeholders = [...out.sql.matchAll(/\$(\d+)/g)].map((m) => Number(m[1]));
      expect(Math.max(...placeholders)).toBe(out.params.length);
      expect(out.sql).not.toMatch(/'(plan|buy|5|true)'/);
      expect(out.sql).toContain(' /* lookup */)');
      expect(lookupCost(out)).toBe(condition.label === 'event' ? 10 : 8);
    },
  );

  it('compiles attribute and event conditions exactly', () => {
    const key = (sql: string) =>
      `EXISTS (SELECT 1 FROM app_users u WHERE u.id = d.user_id AND ${sql} /* lookup */)`;
    const out = compile({
      label: 'attribute',
      key: 'score',
      attributeType: 'number',
      op: 'gt',
      values: ['2.5'],
      allSelected: 0,
    });
    expect(out.sql).toBe(
      `d.app_id = $1 AND ${key("(CASE WHEN jsonb_typeof(u.attributes -> $2::text) = 'number' THEN (u.attributes -> $2::text #>> '{}')::numeric END) > $3::numeric")}`,
    );
    expect(out.params).toEqual([42, 'score', 2.5]);
    const events = compile(
      { label: 'event', event: 'buy', op: 'atLeast', values: ['3', '7'], allSelected: 0 },
      { label: 'event', event: 'buy', op: 'notWithin', values: ['1'], allSelected: 0 },
    );
    const rows = (name: number, day: number) =>
      `FROM custom_event_days x WHERE x.device_id = d.id AND x.name_id = (SELECT n.id FROM app_event_names n WHERE n.app_id = $1 AND n.name = $${name}::text) AND x.day >= $${day}::date /* lookup */)`;
    expect(events.sql).toBe(
      `d.app_id = $1 AND (SELECT COALESCE(sum(x.events), 0) ${rows(2, 3)} >= $4::bigint AND NOT EXISTS (SELECT 1 ${rows(5, 6)}`,
    );
    // the last 7 UTC days, today (2025-06-30) included; the last day: today
    expect(events.params).toEqual([42, 'buy', '2025-06-24', 3, 'buy', '2025-06-30']);
    expect(REPEATABLE_LABELS.has('attribute')).toBe(true);
  });

  it('keeps hostile values out of the SQL text', () => {
    const out = compile(c('operator', 'in', ["x'); DROP TABLE devices; --"]));
    expect(out.sql).not.toContain('DROP');
    expect(out.params[1]).toEqual(["x'); DROP TABLE devices; --"]);
  });

  it('refuses conditions that break the shared rules, and bad aliases', () => {
    expect(() => compile(c('country', 'lt', ['NG']))).toThrow(AudienceCompileError);
    expect(() => compile(c('appVersion', 'in', ['1']), c('appVersionCode', 'in', ['1']))).toThrow(
      /cannot be combined/,
    );
    expect(() => compile(c('active', 'in', ['3']))).toThrow(AudienceCompileError);
    expect(() => compileAudience(1, [], { alias: 'd; DROP' })).toThrow(AudienceCompileError);
  });

  it('uses a caller alias, and builds count and keyset-page statements', () => {
    const audience = compileAudience(7, [c('country', 'in', ['NG'])], { alias: 'dev', now: NOW });
    expect(audience.sql).toBe('dev.app_id = $1 AND dev.country = ANY($2::text[])');
    expect(countQuery(audience)).toEqual({
      sql: `SELECT count(*)::text AS n FROM devices dev WHERE ${audience.sql}`,
      params: [7, ['NG']],
    });
    expect(keysetPageQuery(audience, { afterId: 1500 })).toEqual({
      sql: `SELECT dev.id::text AS id FROM devices dev WHERE ${audience.sql} AND dev.id > $3::bigint ORDER BY dev.id LIMIT $4::int`,
      params: [7, ['NG'], '1500', 1000],
    });
    expect(
      keysetPageQuery(audience, { afterId: 0, limit: 10, columns: ['dev.id', 'dev.utc_offset_min'] }).sql,
    ).toContain('SELECT dev.id, dev.utc_offset_min FROM');
    expect(() => keysetPageQuery(audience, { afterId: 0, limit: 0 })).toThrow(AudienceCompileError);
  });
});
