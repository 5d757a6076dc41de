import { InstanceInvalidReason } from '@beacon/shared';
import type { CompiledAudience } from '../../audience/compile-conditions';
import { holdoutParams, holdoutWhenSql, type Holdout } from './audience-source';
import type { Batch } from './batch-types';
import { LOSS } from './kinds';

/** No new-device protection: an instant no device is first seen after. */
const NO_NEW_SINCE = new Date('9999-12-31T00:00:00Z');
/** No stale limit of the app's own: an instant no device is last active before. */
const NO_STALE_BEFORE = new Date(0);

/** What BatchRepository.page reads besides the audience and the range. */
export interface PageOptions {
  skipRecorded: boolean;
  facts: boolean;
  /** the message has templates: each device's template values come with its row (tpl) */
  template?: boolean;
  inactiveBefore: Date;
  newSince: Date | null;
  tokenStaleBefore: Date;
  staleBefore: Date | null;
  /** what the message holds out (issue 34 §1): targeted and lost with its code, before any other loss */
  holdouts?: readonly Holdout[];
}

/**
 * The statement of BatchRepository.page: one page of the batch's audience after `afterId`, with tokens and the
 * engine's own filters in filters.ts's order (stale: token and last activity before `tokenStaleBefore`, or last
 * activity before `staleBefore`; inactive: last seen before `inactiveBefore`); `skipRecorded` leaves out devices that
 * already have a send record (a batch run again), `facts` adds what the platform policies need. `template`: a
 * device's template values (template-sql.ts), read when the message has templates.
 */
export function pageQuery(
  audience: CompiledAudience,
  batch: Batch,
  afterId: number,
  limit: number,
  opts: PageOptions,
  template: { select: string; join: string },
): { text: string; params: unknown[] } {
  const n = audience.params.length;
  const c = n + (opts.skipRecorded ? 9 : 8);
  const holdouts = opts.holdouts ?? [];
  const control = holdoutWhenSql(holdouts, 'd.id', c);
  const skip = opts.skipRecorded
    ? `AND NOT EXISTS (SELECT 1 FROM send_records s WHERE s.message_id = $${n + 8} AND s.device_id = d.id)`
    : '';
  const facts = opts.facts
    ? `, json_build_object('brand', d.brand, 'model', d.model, 'utcOffsetMin', d.utc_offset_min,
         'firstSeenAt', (extract(epoch FROM d.first_seen_at) * 1000)::float8) AS facts`
    : '';
  const tpl = opts.template ? `, ${template.select}` : '';
  const tplJoin = opts.template ? template.join : '';
  // a journey's later step: its members within the page's range drive the page (implied by the audience already;
  // without it the page probed the members' index once per device of the range, ~10 probes a member at 10 %)
  const members = audience.memberStepParam
    ? `AND d.id IN (SELECT jm.device_id FROM journey_members jm WHERE jm.step_id = $${audience.memberStepParam}::bigint
         ${audience.memberWaveParam ? `AND jm.wave_id = $${audience.memberWaveParam}::bigint` : ''}
         AND jm.device_id > $${n + 1}::bigint AND jm.device_id <= $${n + 2}::bigint)`
    : '';
  return {
    text: `SELECT d.id::text AS id, d.country, d.language, d.app_version AS "appVersion", k.token,
       CASE ${control} WHEN d.invalid_reason = ${InstanceInvalidReason.UNINSTALLED} OR k.token IS NULL THEN ${LOSS.UNINSTALLED}
            WHEN NOT d.notifications_enabled THEN ${LOSS.NOTIFICATIONS_OFF}
            WHEN d.first_seen_at > $${n + 5}::timestamptz THEN ${LOSS.NEW_DEVICE}
            WHEN GREATEST(d.last_active_at, k.updated_at) < $${n + 6}::timestamptz
              OR d.last_active_at < $${n + 7}::timestamptz THEN ${LOSS.STALE}
            WHEN d.last_active_at < $${n + 4} THEN ${LOSS.INACTIVE} ELSE 0 END AS own ${facts} ${tpl}
     FROM devices d LEFT JOIN device_tokens k ON k.device_id = d.id ${tplJoin}
     WHERE ${audience.sql} AND d.id > $${n + 1}::bigint AND d.id <= $${n + 2}::bigint ${members} ${skip}
     ORDER BY d.id LIMIT $${n + 3}::int`,
    params: [
      ...audience.params,
      afterId,
      batch.toId,
      limit,
      opts.inactiveBefore,
      // no protection: a time no device is first seen after
      opts.newSince ?? NO_NEW_SINCE,
      opts.tokenStaleBefore,
      // no limit of the app's own: a time no device is last active before
      opts.staleBefore ?? NO_STALE_BEFORE,
      ...(opts.skipRecorded ? [batch.messageId] : []),
      ...holdoutParams(holdouts),
    ],
  };
}
