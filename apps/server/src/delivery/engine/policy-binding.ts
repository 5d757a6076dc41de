import {
  capKindOf,
  capReached,
  dailyWindow,
  FREQUENCY_CAP_LOSS,
  MessageType,
  WindowCaps,
  type WindowCap,
} from '@beacon/shared';
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
import type { PolicyFilter } from './filters';
import { OPEN_OUTCOMES, SendOutcome } from './kinds';
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

/** The frequency caps of an app for messages of type `msgType` (issue 32 §3): none for other types (previews, recalls). */
export async function windowCapsFor(
  database: Database,
  appId: number,
  msgType: number,
): Promise<WindowCap[]> {
  const kind = capKindOf(msgType);
  if (!kind) return [];
  const rows = await database.query<{ caps: unknown }>(
    'SELECT window_caps AS caps FROM apps WHERE id = $1',
    [appId],
    { prepared: true },
  );
  const parsed = WindowCaps.safeParse(rows[0]?.caps ?? {});
  return parsed.success ? parsed.data[kind] : [];
}

const DAY_MS = 86_400_000;

/**
 * What each device holds against the frequency caps at `now`: per device, per cap window (days), its messages of type
 * `msgType` dispatched within the window (sent_at ≥ now − days) plus those still open (selected, waiting or in flight,
 * a page's intent among them: they are about to count). One query per page through the per-device index (device_id; migration 0058), over the app's
 * messages of the kind that may have sent within the longest window (send_records is partitioned by message id).
 */
export async function capCounts(
  database: Database,
  appId: number,
  msgType: number,
  deviceIds: string[],
  windows: readonly number[],
  now: number,
): Promise<Map<string, Map<number, number>>> {
  const out = new Map<string, Map<number, number>>();
  if (deviceIds.length === 0 || windows.length === 0) return out;
  const days = [...new Set(windows)];
  const since = new Date(now - Math.max(...days) * DAY_MS);
  const rows = await database.query<{ id: string; days: number; n: number }>(
    `WITH m AS MATERIALIZED (
       SELECT id FROM messages WHERE app_id = $3 AND msg_type = $5 AND (finished_at IS NULL OR finished_at >= $2)
     )
     SELECT id, days, sum(n)::int AS n FROM (
       SELECT s.device_id::text AS id, w.days::int AS days, count(*)::int AS n
       FROM send_records_all s CROSS JOIN unnest($4::int[]) AS w(days)
       WHERE s.message_id = ANY (ARRAY(SELECT id FROM m))
         AND s.device_id = ANY($1::bigint[])
         AND (s.outcome IN (${OPEN_OUTCOMES})
              OR (s.outcome = ${SendOutcome.DISPATCHED} AND s.sent_at >= $6::timestamptz - make_interval(days => w.days)))
       GROUP BY 1, 2
       UNION ALL
       -- a page being sent: its devices are in its intent until their results are recorded (migration 0035)
       SELECT x.id::text, w.days::int, count(*)::int
       FROM send_intents i CROSS JOIN unnest(i.device_ids) AS x(id) CROSS JOIN unnest($4::int[]) AS w(days)
       WHERE i.message_id = ANY (ARRAY(SELECT id FROM m)) AND i.device_ids && $1::bigint[] AND x.id = ANY($1::bigint[])
         AND NOT EXISTS (SELECT 1 FROM send_records s WHERE s.message_id = i.message_id AND s.device_id = x.id)
       GROUP BY 1, 2
     ) q GROUP BY 1, 2`,
    [deviceIds, since, appId, days, msgType, new Date(now)],
    { prepared: true },
  );
  for (const r of rows) {
    let m = out.get(r.id);
    if (!m) out.set(r.id, (m = new Map<number, number>()));
    m.set(r.days, r.n);
  }
  return out;
}

/**
 * The filter stage's platform policies for one message (spec issue "Platform administration"): banned countries
 * (6, 104), banned hours (105), model shielding (4), the per-user daily limits (7) and the app's frequency caps over
 * any window (110, after every other policy), evaluated per device from one snapshot loaded per wave. `platformLimits` reads the per-user daily limits and their day boundary.
 */
export function policyBinding(database: Database, platformLimits: PlatformLimitsSource): PolicySource {
  return async (appId: number, message: Parameters<PolicySource>[1]): Promise<PolicyFilter | undefined> => {
    const settings = await platformLimits();
    const dailyLimits = dailyLimitsOf(settings);
    const limited =
      dailyLimits !== null &&
      [dailyLimits.total, dailyLimits.ad, dailyLimits.distribute, dailyLimits.content].some((l) => l.enable);
    const snapshot = await loadPolicySnapshot(database, appId, { dailyLimits });
    const msgType = message.msgType;
    const caps = msgType === undefined ? [] : await windowCapsFor(database, appId, msgType);
    // nothing can drop a device of this app: no per-device evaluation at all
    if (!limited && caps.length === 0 && !canDrop(snapshot)) return undefined;
    const kind = message.restrictType === 2 || message.restrictType === 3 ? message.restrictType : 1;
    let sent = new Map<string, SentToday>();
    let held = new Map<string, Map<number, number>>();
    const windows = caps.map((c) => c.windowDays);
    // the platform policies of the snapshot and the per-user daily limits
    const policyLoss = (d: PageDevice, now: number): number => {
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
    };
    return {
      prefetch: async (page: PageDevice[]) => {
        const ids = page.map((d) => d.id);
        if (limited) sent = await sentToday(database, appId, ids, dailyWindow(settings, new Date()).start);
        // the caps count what the page's devices hold when it is read (docs/api.md "Frequency caps over any window":
        // the guarantee under concurrency)
        if (caps.length && msgType !== undefined)
          held = await capCounts(database, appId, msgType, ids, windows, Date.now());
      },
      check: (d: PageDevice, now: number) => {
        const loss = policyLoss(d, now);
        if (loss !== 0 || caps.length === 0) return loss;
        const counts = held.get(d.id);
        return capReached(caps, (days) => counts?.get(days) ?? 0) ? FREQUENCY_CAP_LOSS : 0;
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
