import { MessageStatus, MessageType, type MultiLangEntry, type TemplateDevice } from '@beacon/shared';
import type { Database, Queryable } from '../../db/client';
import {
  deviceTemplateValues,
  noTemplateValues,
  SendOutcome,
  type TemplateValues,
} from '../../delivery/engine';

/** One device's recovery request: its app, its gaid, and the app's bounds. */
export interface RecoveryRequest {
  appId: number;
  gaid: string;
  maxAgeHours: number;
  maxCount: number;
}

/** A send a device missed: which request it answers (index in the batch), the message, when, the device's language. */
export interface MissedSend {
  index: number;
  messageId: string;
  sentAt: Date;
  language: string;
}

/** What the content of a recovered notification is built from (the fields of the engine's payload). */
export interface RecoveryMessage {
  id: number;
  msgType: number;
  pkg: string;
  ttlSeconds: number;
  createdAt: Date;
  data: Record<string, unknown>;
  multiLangEnable: boolean;
  multiLangContent: MultiLangEntry[];
  parentMsgId: number | null;
}

const S = MessageStatus;
/** Messages whose sends are no longer shown: stopped, recalled (or being recalled), deleted. */
const GONE_STATUSES = [
  S.STOPPED,
  S.STOPPED_ALT,
  S.STOP_IN_PROCESS,
  S.RECALLED,
  S.RECALLING,
  S.DELETED,
  S.DELETED_ALT,
];
/** Any event a device reported for a send (received 1 … recalled 32): it got there, nothing to recover. */
const REPORTED_BITS = 1 | 2 | 4 | 8 | 16 | 32;

/**
 * The lookup's statement (RecoveryRepository.missed; its parameters: missedParams). Every candidate send of each device,
 * newest first: `missed` keeps each device's first `max_n`. The app's notifications that can still be recovered are
 * read once (`recent`: their ids and TTLs, as arrays), not joined per device: a join per device rebuilt a hash of the
 * app's messages for each one (a third of the lookup's time at 20,000 devices with three messages, more with more).
 */
export const MISSED_SQL = `WITH v AS (
         SELECT * FROM unnest($1::int[], $2::uuid[], $3::int[], $4::int[]) WITH ORDINALITY
           AS t(app_id, gaid, max_age_h, max_n, ord)
       ), recent AS MATERIALIZED (
         SELECT array_agg(id ORDER BY id) AS ids, array_agg(ttl_seconds ORDER BY id) AS ttls
         FROM messages WHERE app_id = ANY($1::int[]) AND msg_type = ${MessageType.NOTIFICATION} AND NOT deleted
           AND status NOT IN (${GONE_STATUSES.join(', ')})
           AND (finished_at IS NULL OR finished_at > now() - make_interval(hours => $5::int))
       )
       SELECT (v.ord - 1)::int AS index, s.message_id::text AS "messageId", s.sent_at AS "sentAt", d.language
       FROM v JOIN devices d ON d.app_id = v.app_id AND d.gaid = v.gaid
       JOIN send_record_events s ON s.device_id = d.id
         AND s.message_id BETWEEN (SELECT ids[1] FROM recent) AND (SELECT ids[cardinality(ids)] FROM recent)
         AND s.sent_at > now() - make_interval(hours => v.max_age_h)
         AND s.outcome = ${SendOutcome.DISPATCHED} AND s.event_mask & ${REPORTED_BITS} = 0
         AND s.message_id = ANY((SELECT ids FROM recent)::bigint[])
         AND s.sent_at > now() - make_interval(
               secs => (SELECT ttls FROM recent)[array_position((SELECT ids FROM recent), s.message_id)])
       ORDER BY v.ord, s.sent_at DESC`;

/** MISSED_SQL's parameters for a batch of requests. */
export function missedParams(rows: RecoveryRequest[]): unknown[] {
  return [
    rows.map((r) => r.appId),
    rows.map((r) => r.gaid),
    rows.map((r) => r.maxAgeHours),
    rows.map((r) => r.maxCount),
    Math.max(...rows.map((r) => r.maxAgeHours)),
  ];
}

/**
 * The missed-push lookup (issue 32 §1): per device, its dispatched notification sends within the app's age bound and
 * their message's TTL, for which it reported nothing, of messages neither stopped, recalled nor deleted — newest
 * first, at most the app's count. One statement for a batch of heartbeats (its records through the view
 * send_record_events, migration 0059, which the planner inlines); each device is read through
 * send_records_device_idx (device_id; migration 0058), its age bound checked on the record, so its cost is the device's sends —
 * and only in the partitions that can hold them: send_records is partitioned by message id (migration 0027), one
 * partition a week, and a device's lookup would otherwise descend every kept week's index. The app's notifications
 * that may have sent within the age bound (not finished before it, messages_app_finished_idx; neither stopped,
 * recalled nor deleted) are found first, as the engine's daily limits find theirs (policy-binding.ts), and the
 * executor skips the partitions outside their ids' range (run-time pruning: the range is the statement's init plans,
 * known before the first device is read).
 */
export class RecoveryRepository {
  /** `values`: the users' values templates read (app.ts wires the app's own); by default the device's fields only */
  constructor(
    private readonly database: Database,
    private readonly values: TemplateValues = noTemplateValues,
  ) {}

  /** A device's template values, read with the SQL the delivery engine reads a batch's rows with. */
  templateValues(appId: number, gaid: string): Promise<TemplateDevice | undefined> {
    return deviceTemplateValues(this.database, this.values, appId, gaid);
  }

  async missed(rows: RecoveryRequest[], q: Queryable = this.database): Promise<MissedSend[]> {
    if (rows.length === 0) return [];
    const found = await q.query<MissedSend & { sentAt: Date | string }>(MISSED_SQL, missedParams(rows), {
      prepared: true,
    });
    // newest first per device: its first max_n
    const taken = new Map<number, number>();
    const out: MissedSend[] = [];
    for (const r of found) {
      const n = (taken.get(r.index) ?? 0) + 1;
      taken.set(r.index, n);
      if (n <= rows[r.index]!.maxCount) out.push({ ...r, sentAt: new Date(r.sentAt) });
    }
    return out;
  }

  /** The messages' payload fields (with their app's package), as the delivery engine reads them. */
  async messages(ids: string[]): Promise<RecoveryMessage[]> {
    if (ids.length === 0) return [];
    const rows = await this.database.query<RecoveryMessage & { createdAt: Date | string }>(
      `SELECT m.id::int AS id, m.msg_type AS "msgType", a.pkg, m.ttl_seconds AS "ttlSeconds", m.created_at AS "createdAt",
              m.data, m.multi_lang_enable AS "multiLangEnable", m.multi_lang_content AS "multiLangContent",
              m.parent_msg_id::int AS "parentMsgId"
       FROM messages m JOIN apps a ON a.id = m.app_id WHERE m.id = ANY($1::bigint[])`,
      [ids],
    );
    return rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt) }));
  }
}
