import {
  BEST_HOUR,
  controlGroupBuckets,
  controlGroupOf,
  controlGroupSeed,
  holdoutSeed,
  MessageType,
  TargetingType,
  type Condition,
} from '@beacon/shared';
import { compileAudience, type CompiledAudience } from '../../audience/compile-conditions';
import { LOSS } from './kinds';

export interface TargetingSpec {
  appId: number;
  targetingType: number;
  conditions: Condition[];
  /** conditions of the saved user group (TargetingType.USER_GROUP), loaded by the caller */
  groupConditions?: Condition[];
  userIds: string[];
  /** The GAID list of file targeting (6, 7): `messages.file_origin`, when the caller has it. */
  fileOrigin?: string;
  /** The message id: file targeting without `fileOrigin` reads the list id from the message row. */
  id?: number;
  /** An A/B slice: only the devices whose bucket (abBucketSql) lies in [from, to). */
  split?: AudienceSplit | null;
  /**
   * A journey's later step (docs/journeys.md): only the devices its branch took (`journey_members` of this step id),
   * written at the step's transition.
   */
  journeyStepId?: number | null;
  /** A live step's wave (an event-started journey's step): only the members this wave was given. */
  journeyWaveId?: number | null;
}

/** A slice of an audience by device bucket, for the arms of an A/B test and the rest ("send to all"). */
export interface AudienceSplit {
  /** the A/B test's (parent message's) id: the same devices fall in the same buckets for every child */
  seed: number;
  from: number;
  to: number;
}

/** Buckets a device may fall in: an A/B arm of p % takes p × 100 of them. */
export const AB_BUCKETS = 10_000;

/**
 * A device's bucket in 0…9999 for a seed: the first 31 bits of md5("seed:deviceId") modulo 10,000. Deterministic on
 * every backend and version (md5 is), uniform enough for splits of 0.01 %, independent of registration order.
 */
export function abBucketSql(deviceId: string, seed: string): string {
  return `((('x' || substr(md5(${seed}::text || ':' || ${deviceId}::text), 1, 8))::bit(32)::int & 2147483647) % ${AB_BUCKETS})`;
}

/** Devices a message holds out (issue 34 §1): below `buckets` of abBucketSql for `seed`, lost with `loss`. */
export interface Holdout {
  seed: string;
  buckets: number;
  loss: number;
}

/**
 * What a message holds out (issue 34 §1): the app's global control group (loss 113) — previews and recalls always
 * reach its members, transactional sends too unless the setting holds them out (`exceptTransactional: false`) — and
 * the message's own control share (loss 114), each by its stable hash.
 */
export function holdoutsOf(msg: {
  id: number;
  appId: number;
  msgType: number;
  transactionalOf: number | null;
  controlGroup: unknown;
  holdoutShare: number;
}): Holdout[] {
  if (msg.msgType === MessageType.PREVIEW || msg.msgType === MessageType.RECALL) return [];
  const out: Holdout[] = [];
  const group = controlGroupOf(msg.controlGroup);
  const buckets = controlGroupBuckets(group);
  if (buckets > 0 && !(msg.transactionalOf !== null && group.exceptTransactional))
    out.push({ seed: controlGroupSeed(msg.appId), buckets, loss: LOSS.CONTROL_GROUP });
  if (msg.holdoutShare > 0)
    out.push({
      seed: holdoutSeed(msg.id),
      buckets: msg.holdoutShare * (AB_BUCKETS / 100),
      loss: LOSS.HOLDOUT,
    });
  return out;
}

/**
 * The CASE branches that hold a device (`deviceId`, an SQL expression) out, first to last: `WHEN <its bucket for the
 * seed> < buckets THEN loss`, the seed and buckets of holdout k bound at parameters first + 2k and first + 2k + 1
 * (`holdoutParams`). The engine's page and the forecast before send hold out by this one expression.
 */
export function holdoutWhenSql(holdouts: readonly Holdout[], deviceId: string, first: number): string {
  return holdouts
    .map(
      (h, k) =>
        `WHEN ${abBucketSql(deviceId, `$${first + 2 * k}::text`)} < $${first + 2 * k + 1}::int THEN ${h.loss}`,
    )
    .join(' ');
}

/** The parameters of holdoutWhenSql, in its order. */
export const holdoutParams = (holdouts: readonly Holdout[]): unknown[] =>
  holdouts.flatMap((h) => [h.seed, h.buckets]);

/** What a best-hour message's plan fixed (messages.best_fallback_hour, best_start_min; @beacon/shared best-hour.ts). */
export interface BestHourPlan {
  /** the control split's seed: the message's id */
  seed: number;
  /** buckets (of AB_BUCKETS) below which a device is in the control group */
  controlBuckets: number;
  /** the best local hour of devices with too little history */
  fallbackHour: number;
  /** the UTC minute of the day the plan counts from */
  startMin: number;
}

/**
 * Minutes from the plan's start until a device's best local hour next starts, in SQL over `devices d` (the shared
 * rule minutesUntilHour: in [−grace, 1440 − grace)); `fallback` and `start` are SQL expressions (parameters).
 */
export function bestMinutesSql(fallback: string, start: string): string {
  const g = BEST_HOUR.graceMinutes;
  const slot = `(((COALESCE(d.best_hour, ${fallback}) * 60 - d.utc_offset_min) % 1440 + 1440) % 1440)`;
  return `((((${slot} - ${start} + ${g}) % 1440) + 1440) % 1440 - ${g})`;
}

/**
 * The statement that counts an audience's devices (`devices d`) by the minutes from the plan's start until their best
 * hour starts (`minutes`; null: the control group), for the plan and the forecast's spread alike.
 */
export function bestSlotsQuery(
  audience: CompiledAudience,
  plan: BestHourPlan,
): { sql: string; params: unknown[] } {
  const params = [...audience.params, plan.seed, plan.controlBuckets, plan.fallbackHour, plan.startMin];
  const n = params.length;
  const bucket = abBucketSql(`${audience.alias}.id`, `$${n - 3}::bigint`);
  const minutes = bestMinutesSql(`$${n - 1}::int`, `$${n}::int`);
  return {
    sql: `SELECT CASE WHEN ${bucket} < $${n - 2}::int THEN NULL ELSE ${minutes} END::int AS minutes,
                 count(*)::int AS devices
          FROM devices d WHERE ${audience.sql} GROUP BY 1 ORDER BY 1`,
    params,
  };
}

/**
 * Restricts an audience to one best-hour wave: the control group (`bestMinutes` −1: the devices whose bucket for the
 * message is below the control share), or the other devices whose best hour starts at most `bestMinutes` after the
 * plan's start and that have no send record of the message yet (sent by an earlier wave, or its filters' drop).
 */
export function bestHourWave(
  audience: CompiledAudience,
  plan: BestHourPlan,
  bestMinutes: number,
): CompiledAudience {
  const params = [...audience.params, plan.seed, plan.controlBuckets];
  const bucket = abBucketSql(`${audience.alias}.id`, `$${params.length - 1}::bigint`);
  const cut = `$${params.length}::int`;
  if (bestMinutes < 0) return { ...audience, sql: `${audience.sql} AND ${bucket} < ${cut}`, params };
  params.push(plan.fallbackHour, plan.startMin, bestMinutes);
  const n = params.length;
  const minutes = bestMinutesSql(`$${n - 2}::int`, `$${n - 1}::int`);
  const unsent = `NOT EXISTS (SELECT 1 FROM send_records s WHERE s.message_id = $${n - 4}::bigint AND s.device_id = ${audience.alias}.id)`;
  return {
    ...audience,
    sql: `${audience.sql} AND ${bucket} >= ${cut} AND ${minutes} <= $${n}::int AND ${unsent}`,
    params,
  };
}

/** Refused targeting: the type needs data this message does not have. */
export class TargetingError extends Error {}

/**
 * The WHERE expression over `devices d` of a message's audience: every device of the app (0), the conditions (1),
 * the listed advertising ids (2), a saved user group's conditions (3), or the app's devices whose advertising id is
 * in the uploaded or fetched GAID list (6, 7: a semi-join on the list's key, so the audience stays keyset-pageable
 * by `d.id`). An optional UTC offset restricts it to one local-time wave.
 */
export function audienceOf(t: TargetingSpec, utcOffsetMin?: number | null, now?: Date): CompiledAudience {
  let audience: CompiledAudience;
  switch (t.targetingType) {
    case TargetingType.EVERYONE:
      audience = compileAudience(t.appId, [], now ? { now } : {});
      break;
    case TargetingType.CONDITIONS:
      if (t.conditions.length === 0)
        throw new TargetingError('conditions targeting needs at least one condition');
      audience = compileAudience(t.appId, t.conditions, now ? { now } : {});
      break;
    case TargetingType.USER_GROUP:
      if (!t.groupConditions) throw new TargetingError('the user group does not exist');
      audience = compileAudience(t.appId, t.groupConditions, now ? { now } : {});
      break;
    case TargetingType.DEVICES: {
      const base = compileAudience(t.appId, [], now ? { now } : {});
      const params = [...base.params, t.userIds.map((g) => g.toLowerCase())];
      audience = { ...base, sql: `${base.sql} AND d.gaid = ANY($${params.length}::uuid[])`, params };
      break;
    }
    case TargetingType.FILE_UPLOAD:
    case TargetingType.FILE_LINK: {
      const base = compileAudience(t.appId, [], now ? { now } : {});
      const params = [...base.params];
      let list: string;
      if (t.fileOrigin) {
        params.push(t.fileOrigin);
        list = `$${params.length}::uuid`;
      } else if (t.id !== undefined) {
        params.push(t.id);
        list = `(SELECT NULLIF(m.file_origin, '')::uuid FROM messages m WHERE m.id = $${params.length}::bigint)`;
      } else {
        throw new TargetingError('file targeting needs an uploaded list');
      }
      const gaids = `SELECT l.gaid FROM message_gaid_lists l WHERE l.list_id = ${list}`;
      audience = { ...base, sql: `${base.sql} AND ${base.alias}.gaid IN (${gaids})`, params };
      break;
    }
    default:
      throw new TargetingError(`targeting type ${t.targetingType} is not available yet`);
  }
  if (t.split) {
    const params = [...audience.params, t.split.seed, t.split.from, t.split.to];
    const n = params.length;
    const bucket = abBucketSql(`${audience.alias}.id`, `$${n - 2}::bigint`);
    audience = {
      ...audience,
      sql: `${audience.sql} AND ${bucket} >= $${n - 1}::int AND ${bucket} < $${n}::int`,
      params,
    };
  }
  if (t.journeyStepId) {
    const params = [...audience.params, t.journeyStepId];
    const memberStepParam = params.length;
    if (t.journeyWaveId) params.push(t.journeyWaveId);
    const memberWaveParam = t.journeyWaveId ? params.length : undefined;
    const ofWave = memberWaveParam ? ` AND jm.wave_id = $${memberWaveParam}::bigint` : '';
    // a probe of the members' index per device of the page's id range (not a hashed list of every member per page)
    const member = `SELECT 1 FROM journey_members jm WHERE jm.step_id = $${memberStepParam}::bigint AND jm.device_id = ${audience.alias}.id${ofWave}`;
    audience = {
      ...audience,
      sql: `${audience.sql} AND EXISTS (${member})`,
      params,
      memberStepParam,
      ...(memberWaveParam ? { memberWaveParam } : {}),
    };
  }
  if (utcOffsetMin === undefined || utcOffsetMin === null) return audience;
  const params = [...audience.params, utcOffsetMin];
  return { ...audience, sql: `${audience.sql} AND d.utc_offset_min = $${params.length}::smallint`, params };
}
