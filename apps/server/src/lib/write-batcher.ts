interface Pending<T, R> {
  item: T;
  resolve: (r: R) => void;
  reject: (e: unknown) => void;
}

export interface WriteBatcherOptions {
  /** Most items in one flush. */
  maxBatch: number;
  /** How long the first item of an idle batcher waits for company. */
  maxDelayMs: number;
}

/**
 * Group commit: callers add items and await their own result, while writes go to the database in batches, one
 * flush (one transaction) at a time. Under load, everything that arrives during a flush rides the next one, so a
 * burst of requests becomes a few large transactions instead of one per request. A failed flush rejects exactly
 * the callers whose items it held.
 */
export class WriteBatcher<T, R> {
  private queue: Array<Pending<T, R>> = [];
  private flushing = false;
  private timer: NodeJS.Timeout | undefined;

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

  private schedule(): void {
    if (this.flushing) return;
    if (this.queue.length >= this.opts.maxBatch) {
      this.clearTimer();
      void this.flush();
    } else {
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
    if (this.flushing || this.queue.length === 0) return;
    this.flushing = true;
    const batch = this.queue.splice(0, this.opts.maxBatch);
    try {
      const results = await this.flushFn(batch.map((p) => p.item));
      batch.forEach((p, i) => p.resolve(results[i] as R));
    } catch (err) {
      batch.forEach((p) => p.reject(err));
    } finally {
      this.flushing = false;
      if (this.queue.length) {
        this.clearTimer();
        void this.flush();
      }
    }
  }

  /** Waits until everything added so far is written. */
  async drain(): Promise<void> {
    while (this.queue.length || this.flushing) await new Promise((r) => setTimeout(r, 5));
  }
}
