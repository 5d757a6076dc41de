import { sql } from 'drizzle-orm';
import {
  TrackingEvent,
  type TrackingAction,
  type TrackingEventName,
  type TrackingSource,
} from '@beacon/shared';
import type { Database, Db } from '../db/client';

/** Where a tracking record is written: a Drizzle handle or transaction, or a raw SQL connection / transaction. */
export type TrackingWriter = Pick<Db, 'execute'> | Pick<Database, 'query'>;

/** One tracking record (spec part 1 §3): the event and its details; the time is the database's now(). */
export interface TrackingEntry {
  ev: TrackingEventName;
  /** an AI action (ev action): ai, ai_error, ai_use, ai_submit */
  action?: TrackingAction;
  /** where the action started: push, material */
  from?: TrackingSource;
  appId?: number | null;
  /** the app's or the message's title, as the screen showed it */
  title?: string;
  user?: { id: number | null; email: string };
  /** the host the request came to; omitted: this deployment (PUBLIC_URL) */
  domain?: string;
}

/**
 * Writes one tracking record with `writer` (the /statistics?item=tracking screen reads them). Call it in the
 * caller's transaction when the thing it tracks is written in one, so both land or neither does.
 */
export async function track(writer: TrackingWriter, entry: TrackingEntry): Promise<void> {
  const v = [
    entry.ev,
    entry.action ?? '',
    entry.from ?? '',
    entry.appId ?? null,
    entry.title ?? '',
    entry.user?.id ?? null,
    entry.user?.email ?? '',
    entry.domain ?? '',
  ] as const;
  if ('execute' in writer) {
    await writer.execute(
      sql`INSERT INTO tracking_events (ev, action, source, app_id, title, user_id, email, domain)
          VALUES (${v[0]}, ${v[1]}, ${v[2]}, ${v[3]}, ${v[4]}, ${v[5]}, ${v[6]}, ${v[7]})`,
    );
    return;
  }
  await writer.query(
    `INSERT INTO tracking_events (ev, action, source, app_id, title, user_id, email, domain)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [...v],
  );
}

/** A new console account (sign-up, first SSO sign-in, an administrator created): ev user_info_new. */
export function trackNewUser(writer: TrackingWriter, user: { id: number; email: string }): Promise<void> {
  return track(writer, { ev: TrackingEvent.USER_NEW, user });
}

/** An AI assistant action (the assistant calls this): ev action with ai, ai_error, ai_use or ai_submit. */
export function trackAiAction(
  writer: TrackingWriter,
  entry: Omit<TrackingEntry, 'ev' | 'action'> & { action: TrackingAction },
): Promise<void> {
  return track(writer, { ...entry, ev: TrackingEvent.ACTION });
}
