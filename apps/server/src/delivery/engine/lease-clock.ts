import { performance } from 'node:perf_hooks';

/**
 * A run's own view of its batch's lease, on the monotonic clock: the lease runs `seconds` from the moment a write that
 * renews it was *sent* (the database's lease ends later than that), so a run that starts no request past `expired()`
 * never sends after another worker may have taken the batch over — even when it is cut off from the database, or its
 * wall clock jumps. A takeover waits for the database's lease plus LEASE_MARGIN_SECONDS.
 */
export class LeaseClock {
  private until: number;

  constructor(
    private readonly seconds: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.until = this.now() + seconds * 1000;
  }

  /** The instant (of this clock) before a renewing write is sent. */
  mark(): number {
    return this.now();
  }

  /** A write sent at `sentAt` renewed the lease. */
  renewed(sentAt: number): void {
    this.until = Math.max(this.until, sentAt + this.seconds * 1000);
  }

  expired(): boolean {
    return this.now() >= this.until;
  }
}
