// Synthetic statistics rollups of one app, as the statistics writer (apps/server/src/modules/statistics/
// statistics.writer.ts) would have left them after the app's messages were sent and their events reported: a
// deterministic simulation of the messages (day, type, AI content, audience, funnel rates) over the app's devices
// (countries and app versions with skewed shares), aggregated exactly as countSends / countEvents aggregate.
//
// - stat_app_days: per day, msg_type, ai, country, app version (every day of the trend range; notifications and
//   pass-through messages: test previews and recalls stay on the message's own rows, as the writer does);
// - stat_uv_days: per day, mode, country, app version: the devices that showed / clicked at least once that day,
//   from the day's shows and clicks in the cell and the cell's device count (Poisson: D·(1 − e^(−S/D)) ≤ S);
// - stat_app_day_totals, stat_uv_day_totals: the sums of those rows per day without country and version, as the
//   writer keeps them beside its rows (rebuildDayTotals, the fixtures' way; the reports phase checks them);
// - messages, stat_message_days and stat_message_losses: for the messages of the report range only (the dimension
//   report's 1,000 messages); older days exist in the app rollups only (no report reads per-message rows).
import { addDays, utcDay } from '@beacon/shared';
import type { Database } from '../../apps/server/src/db/client';
import { rebuildDayTotals } from '../../apps/server/src/modules/statistics';
import {
  K,
  NC,
  NCELL,
  NK,
  NV,
  REPORTED,
  simulateMessage,
  SLOT,
  sround,
  STAT_COUNTRIES,
  STAT_VERSIONS,
  TYPES,
  cellShares,
  prng,
  type SimMessage,
} from './stat-simulation';

export interface RollupPlan {
  appId: number;
  devices: number;
  /** days of the dimension report (ending yesterday) and the messages sent in them */
  rangeDays: number;
  rangeMessages: number;
  /** days of rollups in all (the project trend), ending yesterday, at the same rate of messages per day */
  trendDays: number;
  ownerEmail: string;
  seed?: number;
  /** today (UTC, YYYY-MM-DD); the days seeded end the day before */
  today?: string;
}

export interface RollupSeed {
  rows: Record<
    | 'messages'
    | 'stat_message_days'
    | 'stat_message_losses'
    | 'stat_app_days'
    | 'stat_uv_days'
    | 'stat_app_day_totals'
    | 'stat_uv_day_totals',
    number
  >;
  /** messages simulated over the whole trend range (only the range's are rows of `messages`) */
  simulatedMessages: number;
  rangeStart: string;
  rangeEnd: string;
  trendStart: string;
  /** Σ over the report range, from the simulation (the HTTP answers are checked against it) */
  rangeTotals: Record<(typeof K)[number], number>;
  /** largest sum of one report group over the range (by day, country, version), for `sum(...)::int` headroom */
  largestGroupPush: { byDay: number; byCountry: number; byVersion: number };
  seconds: number;
}

/** Rows of one table, collected column by column and inserted with one `unnest` per `flushAt` rows. */
class Inserter {
  private cols: unknown[][];
  private n = 0;
  total = 0;

  constructor(
    private readonly database: Pick<Database, 'query'>,
    private readonly sql: string,
    width: number,
    private readonly flushAt = 50_000,
  ) {
    this.cols = Array.from({ length: width }, () => []);
  }

  async add(...values: unknown[]): Promise<void> {
    for (let i = 0; i < values.length; i++) this.cols[i]!.push(values[i]);
    if (++this.n >= this.flushAt) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.n === 0) return;
    await this.database.query(this.sql, this.cols);
    this.total += this.n;
    this.n = 0;
    this.cols = this.cols.map(() => []);
  }
}

/**
 * Seeds the rollups of `plan.appId` (which must have no statistics yet) and its range's messages. Returns what was
 * written, row counts per table, and the range totals the reports must answer.
 */
export async function seedStatRollups(database: Database, plan: RollupPlan): Promise<RollupSeed> {
  const t0 = performance.now();
  const rand = prng(plan.seed ?? 20261125);
  const today = plan.today ?? utcDay();
  const shares = cellShares(rand);
  const devicesOf = new Float64Array(NCELL);
  for (let c = 0; c < NC; c++)
    for (let v = 0; v < NV; v++)
      devicesOf[c * NV + v] = plan.devices * shares.country[c]! * shares.version[c]![v]!;

  // the messages: exactly rangeMessages in the report range, the same rate per day before it
  const sims: SimMessage[] = [];
  for (let m = 0; m < plan.rangeMessages; m++)
    sims.push(simulateMessage(rand, 1 + Math.floor(rand() * plan.rangeDays), shares.country));
  const olderDays = Math.max(0, plan.trendDays - plan.rangeDays);
  const older = Math.round((plan.rangeMessages / plan.rangeDays) * olderDays);
  for (let m = 0; m < older; m++) {
    const s = simulateMessage(rand, plan.rangeDays + 1 + Math.floor(rand() * olderDays), shares.country);
    // a message before the range sends nothing into it (the range's per-message rows are exactly its messages)
    if (s.ago === plan.rangeDays + 1) s.nextDayShare = 0;
    sims.push(s);
  }

  // the range's messages are rows (stat_message_days references them), in send order
  const inRange = sims
    .map((s, i) => ({ s, i }))
    .filter((x) => x.s.ago <= plan.rangeDays)
    .sort((a, b) => b.s.ago - a.s.ago || a.i - b.i);
  const ids = new Map<SimMessage, number>();
  for (let from = 0; from < inRange.length; from += 500) {
    const part = inRange.slice(from, from + 500);
    const rows = await database.query<{ id: string }>(
      `INSERT INTO messages (app_id, msg_type, status, title, owner_email, data, targeting_type, push_count,
         schedule_type, ttl_seconds, content_create_type, created_at, started_at, finished_at)
       SELECT $1::int, t, 1, 'Bench message ' || k, $2, '{}'::jsonb, tt, 0, CASE WHEN nd THEN 2 ELSE 0 END, 86400,
              ai::int, at, at, at + interval '1 hour'
       FROM unnest($3::smallint[], $4::smallint[], $5::boolean[], $6::boolean[], $7::timestamptz[])
         WITH ORDINALITY AS x(t, tt, ai, nd, at, k)
       ORDER BY k
       RETURNING id::text AS id`,
      [
        plan.appId,
        plan.ownerEmail,
        part.map((x) => x.s.type),
        part.map((x) => x.s.targetingType),
        part.map((x) => x.s.ai),
        part.map((x) => x.s.nextDayShare > 0),
        part.map(
          (x) => `${addDays(today, -x.s.ago)}T${String(6 + Math.floor(rand() * 14)).padStart(2, '0')}:00:00Z`,
        ),
      ],
    );
    part.forEach((x, k) => ids.set(x.s, Number(rows[k]!.id)));
  }

  const messageDays = new Inserter(
    database,
    `INSERT INTO stat_message_days (message_id, day, country, app_version, app_id, push, dispatch, notice_off, reach,
       show, click, conversion, dismiss, show_fail, recalled)
     SELECT * FROM unnest($1::bigint[], $2::date[], $3::text[], $4::text[], $5::int[], $6::int[], $7::int[], $8::int[],
       $9::int[], $10::int[], $11::int[], $12::int[], $13::int[], $14::int[], $15::int[])`,
    15,
  );
  const losses = new Inserter(
    database,
    `INSERT INTO stat_message_losses (message_id, day, loss_code, count)
     SELECT * FROM unnest($1::bigint[], $2::date[], $3::smallint[], $4::int[])`,
    4,
  );

  // the app rollup, one Int32Array per day: (type, ai, country, version) × counters
  const days = new Map<number, Int32Array>();
  const dayOf = (ago: number) => {
    let a = days.get(ago);
    if (!a) days.set(ago, (a = new Int32Array(SLOT * NK)));
    return a;
  };
  const msgTotals = new Map<number, { push: number; dispatch: number; lost: number; counts: number[] }>();
  const lossOf = new Map<string, number>();

  for (const s of sims) {
    const id = ids.get(s);
    const ti = TYPES.indexOf(s.type as (typeof TYPES)[number]);
    const totals = { push: 0, dispatch: 0, lost: 0, counts: [0, 0, 0, 0, 0, 0, 0] };
    const parts: Array<[number, number]> =
      s.nextDayShare > 0
        ? [
            [s.ago, 1 - s.nextDayShare],
            [s.ago - 1, s.nextDayShare],
          ]
        : [[s.ago, 1]];
    for (const [ago, part] of parts) {
      const day = dayOf(ago);
      const date = addDays(today, -ago);
      let lostOther = 0;
      let noticeOffDay = 0;
      for (let cell = 0; cell < NCELL; cell++) {
        const c = Math.floor(cell / NV);
        const v = cell % NV;
        const push = s.preview
          ? s.preview.cell === cell
            ? Math.round(s.preview.n * part)
            : 0
          : sround(devicesOf[cell]! * s.reach(c, v) * part, rand);
        if (push === 0) continue;
        const noticeOff = sround(push * s.rates.noticeOff, rand);
        const other = sround(push * s.rates.otherLoss, rand);
        const dispatch = Math.max(0, push - noticeOff - other);
        const reach = sround(dispatch * s.rates.reach, rand);
        const show = sround(reach * s.rates.show, rand);
        const click = sround(show * s.rates.click, rand);
        const conversion = sround(click * s.rates.conv, rand);
        const row = [push, dispatch, noticeOff, reach, show, click, conversion];
        // the app rollups count what operators send, not test previews and recalls (statistics.sql.ts REPORTED_TYPE)
        if (REPORTED.has(s.type)) {
          const at = ((ti * 2 + (s.ai ? 1 : 0)) * NCELL + cell) * NK;
          for (let k = 0; k < NK; k++) day[at + k]! += row[k]!;
        }
        noticeOffDay += noticeOff;
        lostOther += push - dispatch - noticeOff;
        if (id !== undefined) {
          totals.push += push;
          totals.dispatch += dispatch;
          totals.lost += push - dispatch;
          for (let k = 0; k < NK; k++) totals.counts[k]! += row[k]!;
          await messageDays.add(
            id,
            date,
            STAT_COUNTRIES[c],
            STAT_VERSIONS[v],
            plan.appId,
            push,
            dispatch,
            noticeOff,
            reach,
            show,
            click,
            conversion,
            sround(show * 0.3, rand),
            sround(reach * 0.02, rand),
            0,
          );
        }
      }
      if (id !== undefined) {
        // dispatch losses by code: 107 notifications off; the rest inactive 108 (60 %), uninstalled 1 (30 %), FCM 3
        const add = (code: number, n: number) => {
          if (n > 0) lossOf.set(`${id}|${date}|${code}`, (lossOf.get(`${id}|${date}|${code}`) ?? 0) + n);
        };
        add(107, noticeOffDay);
        const inactive = Math.round(lostOther * 0.6);
        const uninstalled = Math.round(lostOther * 0.3);
        add(108, inactive);
        add(1, uninstalled);
        add(3, lostOther - inactive - uninstalled);
      }
    }
    if (id !== undefined) msgTotals.set(id, totals);
  }
  await messageDays.flush();
  for (const [k, n] of lossOf) {
    const [id, date, code] = k.split('|');
    await losses.add(Number(id), date, Number(code), n);
  }
  await losses.flush();

  // the messages' own counters (what countSends / countEvents keep on the row)
  const mt = [...msgTotals.entries()];
  await database.query(
    `UPDATE messages m SET push_count = x.push, target_count = x.push, selected_count = x.push,
       dispatch_count = x.dispatch, lost_count = x.lost, reach_count = x.reach, show_count = x.show,
       click_count = x.click, conversion_count = x.conv
     FROM unnest($1::bigint[], $2::int[], $3::int[], $4::int[], $5::int[], $6::int[], $7::int[], $8::int[])
       AS x(id, push, dispatch, lost, reach, show, click, conv)
     WHERE m.id = x.id`,
    [
      mt.map(([id]) => id),
      mt.map(([, t]) => t.push),
      mt.map(([, t]) => t.dispatch),
      mt.map(([, t]) => t.lost),
      mt.map(([, t]) => t.counts[3]),
      mt.map(([, t]) => t.counts[4]),
      mt.map(([, t]) => t.counts[5]),
      mt.map(([, t]) => t.counts[6]),
    ],
  );

  const appDays = new Inserter(
    database,
    `INSERT INTO stat_app_days (app_id, day, msg_type, ai, country, app_version, push, dispatch, notice_off, reach,
       show, click, conversion)
     SELECT ${Math.trunc(plan.appId)}, * FROM unnest($1::date[], $2::smallint[], $3::boolean[], $4::text[], $5::text[],
       $6::int[], $7::int[], $8::int[], $9::int[], $10::int[], $11::int[], $12::int[])`,
    12,
  );
  const uvDays = new Inserter(
    database,
    `INSERT INTO stat_uv_days (app_id, day, mode, country, app_version, show_uv, click_uv)
     SELECT ${Math.trunc(plan.appId)}, * FROM unnest($1::date[], $2::smallint[], $3::text[], $4::text[], $5::int[],
       $6::int[])`,
    6,
  );
  const rangeTotals = Object.fromEntries(K.map((k) => [k, 0])) as RollupSeed['rangeTotals'];
  const byCountry = new Float64Array(NC);
  const byVersion = new Float64Array(NV);
  let byDay = 0;
  // modes (statistics.repository.ts modeCondition): 0 all, 1 NOT ai, 2 ai, 3 ai AND msg_type = 1
  const inMode = (mode: number, ti: number, ai: number) =>
    mode === 0 ||
    (mode === 1 && ai === 0) ||
    (mode === 2 && ai === 1) ||
    (mode === 3 && ai === 1 && ti === 0);
  const uvOf = (d: number, s: number) =>
    s <= 0 ? 0 : Math.min(s, Math.max(1, Math.round(d * (1 - Math.exp(-s / Math.max(d, 1))))));
  for (const ago of [...days.keys()].sort((a, b) => b - a)) {
    const day = days.get(ago)!;
    const date = addDays(today, -ago);
    let dayPush = 0;
    for (let ti = 0; ti < TYPES.length; ti++)
      for (let ai = 0; ai < 2; ai++)
        for (let cell = 0; cell < NCELL; cell++) {
          const at = ((ti * 2 + ai) * NCELL + cell) * NK;
          if (day[at] === 0) continue;
          const c = Math.floor(cell / NV);
          const v = cell % NV;
          await appDays.add(
            date,
            TYPES[ti],
            ai === 1,
            STAT_COUNTRIES[c],
            STAT_VERSIONS[v],
            ...Array.from(day.subarray(at, at + NK)),
          );
          if (ago <= plan.rangeDays) {
            for (let k = 0; k < NK; k++) rangeTotals[K[k]!] += day[at + k]!;
            byCountry[c]! += day[at]!;
            byVersion[v]! += day[at]!;
            dayPush += day[at]!;
          }
        }
    byDay = Math.max(byDay, dayPush);
    for (let mode = 0; mode < 4; mode++)
      for (let cell = 0; cell < NCELL; cell++) {
        let show = 0;
        let click = 0;
        for (let ti = 0; ti < TYPES.length; ti++)
          for (let ai = 0; ai < 2; ai++) {
            if (!inMode(mode, ti, ai)) continue;
            const at = ((ti * 2 + ai) * NCELL + cell) * NK;
            show += day[at + 4]!;
            click += day[at + 5]!;
          }
        const showUv = uvOf(devicesOf[cell]!, show);
        const clickUv = uvOf(devicesOf[cell]!, click);
        if (showUv === 0 && clickUv === 0) continue;
        await uvDays.add(
          date,
          mode,
          STAT_COUNTRIES[Math.floor(cell / NV)],
          STAT_VERSIONS[cell % NV],
          showUv,
          clickUv,
        );
      }
  }
  await appDays.flush();
  await uvDays.flush();
  await rebuildDayTotals(database, [plan.appId]);
  const [totals] = await database.query<{ app: number; uv: number }>(
    `SELECT (SELECT count(*)::int FROM stat_app_day_totals WHERE app_id = $1) AS app,
            (SELECT count(*)::int FROM stat_uv_day_totals WHERE app_id = $1) AS uv`,
    [plan.appId],
  );
  return {
    rows: {
      messages: ids.size,
      stat_message_days: messageDays.total,
      stat_message_losses: losses.total,
      stat_app_days: appDays.total,
      stat_uv_days: uvDays.total,
      stat_app_day_totals: totals?.app ?? 0,
      stat_uv_day_totals: totals?.uv ?? 0,
    },
    simulatedMessages: sims.length,
    rangeStart: addDays(today, -plan.rangeDays),
    rangeEnd: addDays(today, -1),
    trendStart: addDays(today, -plan.trendDays),
    rangeTotals,
    largestGroupPush: { byDay, byCountry: Math.max(...byCountry), byVersion: Math.max(...byVersion) },
    seconds: (performance.now() - t0) / 1000,
  };
}
