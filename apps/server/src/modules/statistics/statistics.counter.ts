import type { Database, Queryable } from '../../db/client';
import type { CountedEvent } from './statistics.writer';

export interface EventCounterOptions {
  /** Most queued events one counting transaction takes. */
  batch?: number;
  /**
   * How long a kick waits before counting (default 200 ms), so that a burst is counted in a few large batches rather
   * than one per flush: counting costs per group (message, day, country, version) more than per event.
   */
  delayMs?: number;
  /** How often the queue is swept for events another process left (after a crash) or a failed run kept. */
  sweepMs?: number;
  /** Where a failed run is reported (the sweep retries it). */
  onError?: (err: unknown) => void;
}

interface QueuedRow {
  message_id: string;
  device_id: string;
  bits: number;
  day: string;
  country: string;
  app_version: string;
  received_at: Date | string | null;
  reason: number | null;
}

/**
 * Counts the queued events (stat_pending_events) off the request path: the devices' flush only queues the events it
 * newly set, in its own transaction, and returns; this loop takes what is queued in large batches, each in one
 * transaction that deletes the rows it counts, so every queued event is counted exactly once even across crashes
 * and processes (FOR UPDATE SKIP LOCKED: two processes never take the same rows).
 *
 * A flush `kick`s the loop after it commits; `settle` waits until what this process queued so far is counted (the
 * console's requests do, so a screen read after an acknowledged event shows it).
 */
export class EventCounter {
  private running: Promise<void> | undefined;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private delayed: NodeJS.Timeout | undefined;
  private readonly batch: number;

  constructor(
    private readonly database: Database,
    private readonly count: (tx: Queryable, events: CountedEvent[]) => Promise<void>,
    private readonly opts: EventCounterOptions = {},
  ) {
    this.batch = opts.batch ?? 5000;
  }

  /** Starts the periodic sweep (the events of a crashed process, or of a run that failed). */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.kick(), this.opts.sweepMs ?? 5000);
    this.timer.unref();
    this.kick();
  }

  /** Counts what is queued, after the delay (or after the current run, if one is under way). */
  kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.delayed ??= setTimeout(() => this.runNow(), this.opts.delayMs ?? 200);
  }

  private runNow(): void {
    if (this.delayed) clearTimeout(this.delayed);
    this.delayed = undefined;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.run().finally(() => {
      this.running = undefined;
      // events queued during the run: counted after the delay, with what else comes meanwhile
      if (this.again) {
        this.again = false;
        this.kick();
      }
    });
  }

  /** Resolves once every event queued (and kicked) before the call is counted, or a run failed. */
  async settle(): Promise<void> {
    for (;;) {
      if (this.delayed) this.runNow();
      if (!this.running) return;
      await this.running;
    }
  }

  /** Whether events are waiting to be counted or being counted (a request need not wait when not). */
  get busy(): boolean {
    return this.running !== undefined || this.delayed !== undefined;
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.settle();
  }

  private async run(): Promise<void> {
    try {
      while ((await this.countOnce()) === this.batch) {
        /* a full batch: more may be queued */
      }
    } catch (err) {
      this.opts.onError?.(err);
    }
  }

  /** Takes up to `batch` queued events, counts them and deletes them, in one transaction; returns how many. */
  async countOnce(): Promise<number> {
    return this.database.transaction(async (tx) => {
      const rows = await tx.query<QueuedRow>(
        `DELETE FROM stat_pending_events WHERE id IN (
           SELECT id FROM stat_pending_events ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
         RETURNING message_id::text, device_id::text, bits, to_char(day, 'YYYY-MM-DD') AS day, country, app_version,
                   received_at, reason`,
        [this.batch],
      );
      if (rows.length === 0) return 0;
      await this.count(
        tx,
        rows.map((r) => ({
          messageId: r.message_id,
          deviceId: r.device_id,
          newBits: r.bits,
          day: r.day,
          country: r.country,
          appVersion: r.app_version,
          receivedAt: r.received_at === null ? null : new Date(r.received_at),
          showFailedReason: r.reason,
        })),
      );
      return rows.length;
    });
  }
}
