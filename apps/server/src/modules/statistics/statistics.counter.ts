import type { Database, Queryable } from '../../db/client';

export interface EventCounterOptions {
  /**
   * Most queued flushes (rows of stat_pending_batches, one per flush of the devices' events) one counting transaction
   * takes: default 500, more than a busy second brings, so a run counts what its delay gathered at once (at 100, a
   * second's flushes were split in two runs, and counting 3,000 events cost 21 µs each on PGlite against 17 for 6,000).
   */
  batch?: number;
  /**
   * How long a kick waits before counting (default 1 s), so that a burst is counted in a few large batches rather
   * than one per flush: counting costs per group (message, day, country, version) more than per event.
   */
  delayMs?: number;
  /** How often the queue is swept for events another process left (after a crash) or a failed run kept. */
  sweepMs?: number;
  /** Where a failed run is reported (the sweep retries it). */
  onError?: (err: unknown) => void;
}

/**
 * Counts the queued events (stat_pending_batches) off the request path: the devices' flush only queues the events it
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
    /** counts up to `limit` queued events and deletes them, in the transaction; returns how many */
    private readonly count: (tx: Queryable, limit: number) => Promise<number>,
    private readonly opts: EventCounterOptions = {},
    /** run before each counting run: applies what it finds, queueing more to count (StatisticsWriter.foldEarlyEvents) */
    private readonly before?: () => Promise<unknown>,
  ) {
    this.batch = opts.batch ?? 500;
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
    this.delayed ??= setTimeout(() => this.runNow(), this.opts.delayMs ?? 1000);
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
      await this.before?.();
      while ((await this.countOnce()) === this.batch) {
        /* a full batch: more may be queued */
      }
    } catch (err) {
      this.opts.onError?.(err);
    }
  }

  /** Takes up to `batch` queued flushes, counts their events and deletes them, in one transaction; returns how many. */
  async countOnce(): Promise<number> {
    return this.database.transaction((tx) => this.count(tx, this.batch));
  }
}
