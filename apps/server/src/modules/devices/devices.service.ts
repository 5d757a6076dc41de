import {
  EVENT_BITS,
  RECOVERED_BIT,
  utcOffsetMinutes,
  type DeviceEvents,
  type DeviceHeartbeat,
  type DeviceHeartbeatAnswer,
  type DeviceRegister,
  type PushRecovery,
} from '@beacon/shared';
import { deviceNotRegistered } from '../../lib/device-not-registered';
import { WriteBatcher, type WriteBatcherObserver } from '../../lib/write-batcher';
import type { ActivitySql, DevicesRepository, HeartbeatRow, RegisterRow } from './devices.repository';
import type { LogTransaction } from './events-log.repository';
import type { MissedPushes } from './recovery';
import type { MissedSend } from './recovery.repository';

/** One (message, device) with the events a batch reports for it, already merged (OR-ed bits, first time of each). */
export interface EventRow {
  appId: number;
  gaid: string;
  messageId: string;
  mask: number;
  receivedAt: Date | null;
  shownAt: Date | null;
  clickedAt: Date | null;
  showFailedReason: number | null;
}

/** What recording a batch of events did: the send records that got new bits (counted), the rows with no dispatched send. */
export interface RecordedEvents {
  counted: number;
  stray: number;
}

/**
 * The statistics as the device side sees them (app.ts wires the statistics module's writer; the JetStream consumer
 * calls the same port): typed rows in, no SQL; one transaction across the seam only for the PostgreSQL log's consumer,
 * which applies its rows and deletes them at once.
 */
export interface DeviceStatistics {
  /**
   * Records a batch of events, atomically and idempotently: the bits they newly set on dispatched sends are counted
   * (once: a bit already set counts nothing, so a batch recorded twice counts nothing twice), the others kept as
   * strays for troubleshooting. `q`: in the caller's transaction (the PostgreSQL log's consumer deletes the rows it
   * applied in it), which calls `queued` once it has committed.
   */
  recordEvents(rows: EventRow[], q?: LogTransaction): Promise<RecordedEvents>;
  /** Counts what a caller's transaction queued (recordEvents with `q`), now that it has committed. */
  queued?(): void;
  /** Resolves once the events recorded so far by this process are counted. */
  settle(): Promise<void>;
  /** The SQL that counts new and active devices: one more CTE of a registration or heartbeat flush (none: not counted). */
  readonly activitySql?: ActivitySql;
}

export interface DevicesServiceOptions {
  maxBatch?: number;
  maxDelayMs?: number;
  /**
   * How many event flushes, and how many registration flushes, run at once (default: 3 on PostgreSQL, whose
   * connections work in parallel; 1 on PGlite, which runs one transaction at a time anyway).
   */
  eventFlushes?: number;
  /** Called for every device a flush registered (the sandbox FCM learns its token). */
  onRegistered?: (appId: number, token: string) => void;
  /**
   * The device events' log (NATS JetStream, when NATS_URL is set): an events call is answered once its events are
   * appended there, and the workers apply them (EventsLogConsumer) and move the devices' last-active time; none: they
   * are recorded here, in batches, and the device touched by this process.
   */
  eventsLog?: { append(appId: number, body: DeviceEvents): Promise<void> };
  /** Missed-push recovery's lookups (recovery.ts): none, and heartbeats never answer any. */
  missedPushes?: MissedPushes;
  /** The observer of each group-commit batcher's flushes (metrics), by the batcher's name. */
  flushObserver?: (batcher: 'register' | 'heartbeat' | 'events' | 'touch') => WriteBatcherObserver;
}

interface EventsItem {
  appId: number;
  body: DeviceEvents;
}

const key = (appId: number, gaid: string) => `${appId}:${gaid}`;

/** Each device of `items` once, as `{ appId, gaid }` (a flush's or a log batch's devices to touch). */
export function distinctDevices(
  items: ReadonlyArray<{ appId: number; gaid: string }>,
): Array<{ appId: number; gaid: string }> {
  return [...new Map(items.map((r) => [key(r.appId, r.gaid), { appId: r.appId, gaid: r.gaid }])).values()];
}

const byDevice = (a: RegisterRow, b: RegisterRow) =>
  a.appId - b.appId || (a.device.gaid < b.device.gaid ? -1 : a.device.gaid > b.device.gaid ? 1 : 0);

/**
 * Whether a failed flush may be one row's fault (a value the database refuses), so that the batcher splits it to
 * fail that row alone; not when the database itself is gone (network error, SQLSTATE 08 connection, 53 resources,
 * 57P shutdown, 58 system), which every smaller flush would meet again.
 */
export function mayBeRowError(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return true;
  const { code, syscall } = err as { code?: unknown; syscall?: unknown };
  if (typeof syscall === 'string') return false;
  return !(typeof code === 'string' && /^(08|53|57P|58)/.test(code));
}

/**
 * Merges every (device, message) of a batch into one row: OR-ed bits, first time of each event kind; recovered when
 * the first receipt (by its time; the first reported of equal times) said so.
 */
export function mergeEvents(items: ReadonlyArray<{ appId: number; body: DeviceEvents }>): EventRow[] {
  const merged = new Map<string, EventRow>();
  for (const { appId, body } of items) {
    for (const e of body.events) {
      const k = `${appId}:${body.gaid}:${e.msgId}`;
      let row = merged.get(k);
      if (!row) {
        row = {
          appId,
          gaid: body.gaid,
          messageId: e.msgId,
          mask: 0,
          receivedAt: null,
          shownAt: null,
          clickedAt: null,
          showFailedReason: null,
        };
        merged.set(k, row);
      }
      row.mask |= EVENT_BITS[e.type];
      const at = new Date(e.ts);
      const earliest = (prev: Date | null) => (prev && prev <= at ? prev : at);
      if (e.type === 'received') {
        // recovered (128) when the batch's first receipt was a recovered one: a receipt the device reported before,
        // here or in an earlier batch (events.repository.ts), means the push was not won back
        if (!row.receivedAt || at < row.receivedAt)
          row.mask = e.recovered ? row.mask | RECOVERED_BIT : row.mask & ~RECOVERED_BIT;
        row.receivedAt = earliest(row.receivedAt);
      } else if (e.type === 'shown') row.shownAt = earliest(row.shownAt);
      else if (e.type === 'clicked') row.clickedAt = earliest(row.clickedAt);
      else if (e.type === 'show_failed') row.showFailedReason ??= e.reason ?? 0;
    }
  }
  return [...merged.values()];
}

/**
 * The device side of Beacon: registrations, heartbeats and message events from app SDKs. Every write goes through
 * a group-commit batcher, so a burst from a whole broadcast becomes a few set-based statements.
 */
/** How often, at most, events move a device's last-active time (a heartbeat always does). */
export const DEVICE_TOUCH_MS = 5 * 60_000;
/** The most devices whose last touch a process remembers (about 100 bytes each); past it, it forgets them all. */
const TOUCH_MEMORY_MAX = 200_000;

interface DeviceKey {
  appId: number;
  gaid: string;
}

/** A heartbeat as batched: with the app's recovery bounds when its missed pushes are to be looked up. */
interface HeartbeatItem extends HeartbeatRow {
  recovery?: PushRecovery;
}

/** Whether the device was found, and with recovery asked, the sends it missed. */
interface HeartbeatResult {
  found: boolean;
  missed?: MissedSend[];
}

export class DevicesService {
  private readonly registrations: WriteBatcher<RegisterRow, string>;
  private readonly heartbeats: WriteBatcher<HeartbeatItem, HeartbeatResult>;
  private readonly events: WriteBatcher<EventsItem, void>;
  private readonly touches: WriteBatcher<DeviceKey, void>;
  /** When this process last asked to touch a device (key → ms): most event calls need no write (DEVICE_TOUCH_MS). */
  private readonly touchedAt = new Map<string, number>();
  private readonly eventsLog: DevicesServiceOptions['eventsLog'];
  private readonly missedPushes: MissedPushes | undefined;

  constructor(
    private readonly repo: DevicesRepository,
    private readonly counters: DeviceStatistics,
    opts: DevicesServiceOptions = {},
  ) {
    const batch = {
      maxBatch: opts.maxBatch ?? 1000,
      maxDelayMs: opts.maxDelayMs ?? 10,
      mayIsolate: mayBeRowError,
    };
    this.eventsLog = opts.eventsLog;
    this.missedPushes = opts.missedPushes;
    const flushes = opts.eventFlushes ?? (repo.parallelTransactions ? 3 : 1);
    const observed = (batcher: 'register' | 'heartbeat' | 'events' | 'touch') =>
      opts.flushObserver ? { ...batch, observer: opts.flushObserver(batcher) } : batch;
    this.registrations = new WriteBatcher(
      async (rows) => {
        // the same device twice in one batch: the last registration wins; in (app, gaid) order, the order in which the
        // upsert locks existing devices, so concurrent flushes wait for each other and never deadlock
        const last = new Map(rows.map((r) => [key(r.appId, r.device.gaid), r]));
        const unique = [...last.values()].sort(byDevice);
        // one statement, the devices and their count together: no transaction round trips around it
        const touched = await this.repo.register(unique, undefined, counters.activitySql);
        if (opts.onRegistered) for (const r of unique) opts.onRegistered(r.appId, r.device.token);
        const byKey = new Map(touched.map((d) => [key(d.appId, d.gaid), d.deviceId]));
        return rows.map((r) => byKey.get(key(r.appId, r.device.gaid)) ?? '');
      },
      { ...observed('register'), concurrency: flushes },
    );
    this.heartbeats = new WriteBatcher<HeartbeatItem, HeartbeatResult>(async (rows) => {
      const last = new Map(rows.map((r) => [key(r.appId, r.gaid), r]));
      const unique = [...last.values()];
      // the lookups of the devices whose app recovers missed pushes run beside the write, on another connection:
      // the flush ends with the longer of the two, and a heartbeat never queues for a second batcher
      const asks = this.missedPushes ? unique.filter((r) => r.recovery) : [];
      const [found, missed] = await Promise.all([
        this.repo.heartbeat(unique, undefined, counters.activitySql),
        this.missedPushes && asks.length > 0
          ? this.missedPushes.find(
              asks.map((r) => ({
                appId: r.appId,
                gaid: r.gaid,
                maxAgeHours: r.recovery!.maxAgeHours,
                maxCount: r.recovery!.maxCount,
              })),
            )
          : [],
      ]);
      const set = new Set(found.map((d) => key(d.appId, d.gaid)));
      const missedOf = new Map(asks.map((r, i) => [key(r.appId, r.gaid), missed[i] ?? []]));
      return rows.map((r) => ({
        found: set.has(key(r.appId, r.gaid)),
        ...(r.recovery ? { missed: missedOf.get(key(r.appId, r.gaid)) ?? [] } : {}),
      }));
    }, observed('heartbeat'));
    this.touches = new WriteBatcher<DeviceKey, void>(async (rows) => {
      await this.repo.touch(distinctDevices(rows), DEVICE_TOUCH_MS / 1000, undefined, counters.activitySql);
      return rows.map(() => undefined);
    }, observed('touch'));
    this.events = new WriteBatcher<EventsItem, void>(
      async (items) => {
        // one statement on the statistics' side, atomic on its own (the bits, their queue row, the strays)
        await counters.recordEvents(mergeEvents(items));
        return items.map(() => undefined);
      },
      {
        ...observed('events'),
        maxBatch: Math.max(1, Math.floor(batch.maxBatch / 10)),
        // recordEvents locks the send rows in key order: concurrent flushes wait for each other, never deadlock
        concurrency: flushes,
      },
    );
  }

  /**
   * Events are app activity: the device's last-active time moves with them, at most once per DEVICE_TOUCH_MS per
   * device (asked once per interval by this process; the statement skips a device another process moved meanwhile),
   * through its own group commit. Not awaited by the call: a touch lost to an error only waits for the next call.
   * With the events' log, the log's consumer touches the devices instead (EventsConsumerOptions.touch).
   */
  private touch(appId: number, gaid: string): void {
    const k = key(appId, gaid);
    const now = Date.now();
    const last = this.touchedAt.get(k);
    if (last !== undefined && now - last < DEVICE_TOUCH_MS) return;
    if (this.touchedAt.size >= TOUCH_MEMORY_MAX) this.touchedAt.clear();
    this.touchedAt.set(k, now);
    this.touches.add({ appId, gaid }).catch(() => this.touchedAt.delete(k));
  }

  /** Creates or updates the device (a new token replaces the old one); returns its id. */
  async register(appId: number, device: DeviceRegister): Promise<string> {
    return this.registrations.add({ appId, device, utcOffsetMin: utcOffsetMinutes(device.timezone) });
  }

  /**
   * Marks the device active; with the app's missed-push recovery on, answers the notifications it missed (looked up
   * beside the heartbeat's write, not after it), else `{}` as ever.
   */
  async heartbeat(
    appId: number,
    body: DeviceHeartbeat,
    recovery?: PushRecovery,
  ): Promise<DeviceHeartbeatAnswer> {
    const asks = recovery?.enabled && this.missedPushes ? recovery : undefined;
    const found = await this.heartbeats.add({ appId, ...body, ...(asks ? { recovery: asks } : {}) });
    if (!found.found) throw deviceNotRegistered();
    return found.missed && this.missedPushes
      ? { recovered: await this.missedPushes.content(found.missed, { appId, gaid: body.gaid }) }
      : {};
  }

  /**
   * Records events; events of unknown devices or messages, or of a message the device was never dispatched, are
   * accepted and kept for troubleshooting without counting; repeats are no-ops.
   */
  async recordEvents(appId: number, body: DeviceEvents): Promise<void> {
    // with the log, its consumer in the workers moves the last-active time as it applies the events
    if (this.eventsLog) return this.eventsLog.append(appId, body);
    await this.events.add({ appId, body });
    this.touch(appId, body.gaid);
  }

  async drain(): Promise<void> {
    await Promise.all([
      this.registrations.drain(),
      this.heartbeats.drain(),
      this.events.drain(),
      this.touches.drain(),
    ]);
    await this.counters.settle();
  }
}
