import { dailyWindow, MessageType } from '@beacon/shared';
import type { Database } from '../../db/client';
import {
  dailyLimitsOf,
  evaluate,
  KIND_OPTION,
  loadPolicySnapshot,
  nextAllowedTime,
  type PolicySnapshot,
  type SentToday,
} from '../../policy';
import type { PageDevice } from './batch.repository';
import type { EngineMessage } from './engine.repository';
import type { PolicyFilter } from './filters';
import { SendOutcome } from './kinds';
import type { PlatformLimitsSource, PolicySource } from './ports';

const NO_FACTS: Required<PageDevice>['facts'] = { brand: '', model: '', utcOffsetMin: 0, firstSeenAt: 0 };
const ZERO: SentToday = { total: 0, ad: 0, distribute: 0, content: 0 };

/**
 * What each device was sent today (by message kind), for the per-user daily limits; one query per page. Only the
 * app's messages that may have sent since then (not finished before) can hold such sends: send_records is partitioned
 * by message id (migration 0027), so naming them reads their partitions only, by (message, device), instead of every
 * kept week's device index once per device.
 */
async function sentToday(
  database: Database,
  appId: number,
  deviceIds: string[],
  since: Date,
): Promise<Map<string, SentToday>> {
  const rows = await database.query<{ id: string; kind: 1 | 2 | 3; n: number }>(
    `SELECT s.device_id::text AS id, m.restrict_type AS kind, count(*)::int AS n
     FROM send_records s JOIN messages m ON m.id = s.message_id
     WHERE s.message_id = ANY (ARRAY(
             SELECT id FROM messages WHERE app_id = $3 AND (finished_at IS NULL OR finished_at >= $2)
               AND msg_type IN (${MessageType.NOTIFICATION}, ${MessageType.PASS_THROUGH})))
       AND s.device_id = ANY($1::bigint[]) AND s.outcome = ${SendOutcome.DISPATCHED} AND s.sent_at >= $2
     GROUP BY 1, 2`,
    [deviceIds, since, appId],
    { prepared: true },
  );
  const out = new Map<string, SentToday>();
  for (const r of rows) {
    const cur = out.get(r.id) ?? { ...ZERO };
    cur.total += r.n;
    const name = KIND_OPTION[r.kind];
    if (name) cur[name] += r.n;
    out.set(r.id, cur);
  }
  return out;
}

/**
 * The filter stage's platform policies for one message (spec issue "Platform administration"): banned countries
 * (6, 104), banned hours (105), model shielding (4) and the per-user daily limits (7), evaluated per device from one
 * snapshot loaded per wave. `platformLimits` reads the per-user daily limits and their day boundary.
 */
export function policyBinding(database: Database, platformLimits: PlatformLimitsSource): PolicySource {
  return async (
    appId: number,
    message: Pick<EngineMessage, 'restrictType'>,
  ): Promise<PolicyFilter | undefined> => {
    const settings = await platformLimits();
    const dailyLimits = dailyLimitsOf(settings);
    const limited =
      dailyLimits !== null &&
      [dailyLimits.total, dailyLimits.ad, dailyLimits.distribute, dailyLimits.content].some((l) => l.enable);
    const snapshot = await loadPolicySnapshot(database, appId, { dailyLimits });
    // nothing can drop a device of this app: no per-device evaluation at all
    if (!limited && !canDrop(snapshot)) return undefined;
    const kind = message.restrictType === 2 || message.restrictType === 3 ? message.restrictType : 1;
    let sent = new Map<string, SentToday>();
    return {
      prefetch: async (page: PageDevice[]) => {
        if (limited)
          sent = await sentToday(
            database,
            appId,
            page.map((d) => d.id),
            dailyWindow(settings, new Date()).start,
          );
      },
      check: (d: PageDevice, now: number) => {
        const f = d.facts ?? NO_FACTS;
        const verdict = evaluate(
          {
            country: d.country,
            brand: f.brand,
            model: f.model,
            utcOffsetMin: f.utcOffsetMin,
            firstSeenAt: new Date(f.firstSeenAt),
            sentToday: sent.get(d.id) ?? ZERO,
          },
          { appId, kind },
          snapshot,
          new Date(now),
        );
        return verdict.drop ? verdict.lossCode : 0;
      },
      windowEnd: (d: PageDevice, now: number) =>
        nextAllowedTime(
          { country: d.country, utcOffsetMin: (d.facts ?? NO_FACTS).utcOffsetMin },
          snapshot,
          new Date(now),
        )?.getTime() ?? null,
    };
  };
}

/** Whether any policy of the snapshot (besides the daily limits) could drop a device. */
function canDrop(s: PolicySnapshot): boolean {
  if (s.platformBannedCountries.size || s.appBannedCountries.size || s.bannedWindows.size) return true;
  return s.isNotificationControlApp && (s.globalShield.size > 0 || s.adShield.size > 0);
}
