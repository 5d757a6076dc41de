interface Pending<T, R> {
  item: T;
  resolve: (r: R) => void;
  reject: (e: unknown) => void;
}

export interface WriteBatcherOptions {
  /** Most items in one flush. */
  maxBatch: number;
  /**
   * How long an item waits for company while a flush is running and another could start (an idle batcher flushes at
   * the end of the event loop's turn; a busy one flushes what waits as soon as a flush ends).
   */
  maxDelayMs: number;
  /**
   * Whether a failed flush may be the fault of one of its items, so that splitting it is worth it (default: always).
   * Say false for failures of the database itself (connection lost), which every smaller flush would repeat.
   */
  mayIsolate?: (err: unknown) => boolean;
  /**
   * How many flushes may run at once (default 1). More than one pipelines the writes on a database with several
   * connections: a batch fills while others commit. The flushes must then not deadlock each other (lock rows in one
   * order) and their items must not depend on each other's order.
   */
  concurrency?: number;
  /** Told each flush's size and duration (metrics); none by default. */
  observer?: WriteBatcherObserver;
}

/** What a batcher tells its observer after each flush (a failed flush's halves are part of the flush). */
export interface WriteBatcherObserver {
  flushed(items: number, seconds: number): void;
}

/**
 * Group commit: callers add items and await their own result, while writes go to the database in batches, one
 * flush (one transaction) at a time, or `concurrency` at a time. Under load, everything that arrives during a flush rides the next one, so a
 * burst of requests becomes a few large transactions instead of one per request. A failed flush of several items
 * is split in halves and each half is flushed again (bisection), so that an item the database refuses fails alone:
 * only the callers whose own item fails get the error, the others get their result. flushFn must therefore accept
 * any subset of a batch and be safe to repeat for the items of a failed flush (one statement, or a transaction).
 */
export class WriteBatcher<T, R> {
  private queue: Array<Pending<T, R>> = [];
  private flushing = 0;
  private timer: NodeJS.Timeout | undefined;
  private immediate: NodeJS.Immediate | undefined;

  constructor(
    private readonly flushFn: (items: T[]) => Promise<R[]>,
    private readonly opts: WriteBatcherOptions,
  ) {}

  add(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.schedule();
    });
  }

  private get busy(): boolean {
    return this.flushing >= (this.opts.concurrency ?? 1);
  }

  private schedule(): void {
    if (this.busy) return;
    if (this.queue.length >= this.opts.maxBatch) {
      this.clearTimer();
      void this.flush();
    } else if (this.flushing === 0) {
      // idle: flush at the end of this turn of the event loop (the requests read in the same turn ride along), not
      // after a delay — a caller waiting for its write is a caller not sending the next request
      this.immediate ??= setImmediate(() => {
        this.immediate = undefined;
        void this.flush();
      });
    } else {
      // a flush is running and another may start: wait for company, at most maxDelayMs (or until a flush ends)
      this.timer ??= setTimeout(() => {
        this.timer = undefined;
        void this.flush();
      }, this.opts.maxDelayMs);
    }
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private async flush(): Promise<void> {
    if (this.busy || this.queue.length === 0) return;
    this.flushing++;
    const batch = this.queue.splice(0, this.opts.maxBatch);
    const observer = this.opts.observer;
    const t0 = observer ? performance.now() : 0;
    try {
      await this.write(batch);
      observer?.flushed(batch.length, (performance.now() - t0) / 1000);
    } finally {
      this.flushing--;
      if (this.queue.length) {
        this.clearTimer();
        void this.flush();
      }
    }
  }

  /** Flushes `batch`; when that fails, flushes each half on its own (recursively) unless the error is not an item's. */
  private async write(batch: Array<Pending<T, R>>): Promise<void> {
    let results: R[];
    try {
      results = await this.flushFn(batch.map((p) => p.item));
    } catch (err) {
      if (batch.length === 1 || !(this.opts.mayIsolate?.(err) ?? true)) {
        batch.forEach((p) => p.reject(err));
        return;
      }
      const half = Math.ceil(batch.length / 2);
      await this.write(batch.slice(0, half));
      await this.write(batch.slice(half));
      return;
    }
    batch.forEach((p, i) => p.resolve(results[i] as R));
  }

  /** Waits until everything added so far is written. */
  async drain(): Promise<void> {
    while (this.queue.length || this.flushing > 0) await new Promise((r) => setTimeout(r, 5));
  }
}
