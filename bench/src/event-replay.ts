// The events replay of the sizes benches (sizes.ts, sizes-layout.ts): a message's devices' events as phones raise them
// (the fleet's timings, packages/fcm-emulator device-behaviour.ts: received 0.2–3 s after the send, shown 0.1–1 s after
// that, clicked 2–60 s after the show; the bench's mix 70 % received, 50 % shown, 5 % clicked), turned into SDK calls
// and grouped into flushes as the device API's batcher or the JetStream consumer groups them.
import type { DeviceEvents } from '@beacon/shared';
import { EVENTS_WINDOW_MS, mergeEvents, type EventRow } from '../../apps/server/src/modules/devices';
import { prng } from './stat-simulation';

/** A dispatched send's FCM name for device `d`, shaped as FCM's and packed as the engine stores it (SQL over `d.id`). */
export const FCM_NAME_SQL = `fcm_name_pack('projects/sizes/messages/0:' || (1700000000000000 + d.id)::text || '%' || left(md5(d.id::text), 16), 'sizes')`;

export interface FlushRule {
  /** a flush takes the calls within `ms` of its first */
  ms: number;
  /** and at most this many */
  calls: number;
  by: string;
}
/** The device API's events batcher (DevicesService: at most 100 calls within 10 ms of the first). */
export const DIRECT_FLUSH: FlushRule = { ms: 10, calls: 100, by: 'device API' };
/** The JetStream log's consumer: every call of its window. */
export const JETSTREAM_FLUSH: FlushRule = {
  ms: EVENTS_WINDOW_MS,
  calls: Number.POSITIVE_INFINITY,
  by: 'JetStream consumer',
};

export interface ReplayCall {
  /** seconds after the replay's start */
  at: number;
  appId: number;
  body: DeviceEvents;
}

/**
 * The SDK calls of `phones` (the devices sent message `messageId`, in send order at `sendRate` a second): one per
 * event, or (sdkBatchMs > 0) a device's events queued and sent together sdkBatchMs after the first one queued, as the
 * fleet's SDK does (packages/fcm-emulator fleet/event-queue.ts, 1 s); in time order. The same seed every time.
 */
export function replayCalls(
  phones: ReadonlyArray<{ gaid: string }>,
  messageId: string,
  appId: number,
  sdkBatchMs: number,
  sendRate: number,
): ReplayCall[] {
  const rnd = prng(31);
  const t0 = Date.now();
  const raised: Array<{ gaid: string; type: 'received' | 'shown' | 'clicked'; at: number }> = [];
  const between = (lo: number, hi: number) => lo + (hi - lo) * rnd();
  phones.forEach((d, i) => {
    const r = rnd();
    if (r >= 0.7) return;
    const received = i / sendRate + between(0.2, 3);
    raised.push({ gaid: d.gaid, type: 'received', at: received });
    if (r >= 0.5) return;
    const shown = received + between(0.1, 1);
    raised.push({ gaid: d.gaid, type: 'shown', at: shown });
    if (r < 0.05) raised.push({ gaid: d.gaid, type: 'clicked', at: shown + between(2, 60) });
  });
  const calls: ReplayCall[] = [];
  const open = new Map<string, ReplayCall>();
  raised.sort((a, b) => a.at - b.at);
  for (const e of raised) {
    const event = { type: e.type, msgId: messageId, ts: Math.round(t0 + e.at * 1000) };
    const queued = open.get(e.gaid);
    if (sdkBatchMs > 0 && queued && e.at < queued.at) {
      queued.body.events.push(event);
      continue;
    }
    const c = { at: e.at + sdkBatchMs / 1000, appId, body: { gaid: e.gaid, events: [event] } };
    calls.push(c);
    open.set(e.gaid, c);
  }
  return calls.sort((a, b) => a.at - b.at);
}

/**
 * With EVENTS_LOG=postgres: the device API appends the calls of a couple of milliseconds as one row of the log table
 * (PgEventsLog, at most 500), and a worker applies the log every EVENTS_WINDOW_MS (PgEventsLogConsumer).
 */
export const PG_LOG_APPEND: FlushRule = { ms: 2, calls: 500, by: 'PostgreSQL log (EVENTS_LOG=postgres)' };

/** The calls grouped by `rule`, as they come (a flush, or a row of the log). */
export function groupsOf(calls: readonly ReplayCall[], rule: FlushRule): ReplayCall[][] {
  const groups: ReplayCall[][] = [];
  for (let i = 0, j = 0; i < calls.length; i = j) {
    while (j < calls.length && j - i < rule.calls && calls[j]!.at < calls[i]!.at + rule.ms / 1000) j++;
    groups.push(calls.slice(i, j));
  }
  return groups;
}

/** The calls grouped by `rule`, each flush merged as the product merges it (mergeEvents). */
export function flushesOf(calls: readonly ReplayCall[], rule: FlushRule): EventRow[][] {
  return groupsOf(calls, rule).map((g) => mergeEvents(g));
}
