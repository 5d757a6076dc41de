/**
 * Where a pace is kept for every process that sends under it (EngineRepository.reservePace for a message's speed
 * limit, reserveProjectPace for a Firebase project's quota): reserves the next `spanMs` of the shared timeline and
 * answers how many ms from now that span starts — or, where the shared rate may be lower than asked (the quota after
 * a 429), when it starts and how long the reserved slots take (`spanMs`, longer than asked at a lower rate).
 */
export type PaceReserver = (spanMs: number) => Promise<number | { waitMs: number; spanMs: number }>;

/** The share of a second of the rate one reservation takes: a few round trips a second per sending process. */
const RESERVE_SECONDS = 0.2;
const RESERVE_MAX = 1000;
/** Reserved slots this far in the past are no longer used (by default). */
const STALE_MS = 1000;

/**
 * Paces a message's sends to `perSecond` (slow push); 0 means unlimited. One per message and process; with a
 * `reserve`, the processes sending the same message share the rate: each reserves the next slots of the message's
 * time in the database (a fifth of a second's worth at a time) and spaces its sends inside them, so P processes
 * together never go faster than the limit. Without one, the pace is this process's alone.
 */
export class SpeedLimiter {
  /** without a shared pace: when this process's next send may start */
  private next = 0;
  /** with one: the reserved spans of the shared timeline, in order (their next slot, slots left, spacing in ms) */
  private readonly spans: Array<{ next: number; left: number; interval: number }> = [];
  private reserving: Promise<void> | undefined;
  private readonly block: number;

  constructor(
    private readonly perSecond: number,
    /** told how long each waiting take waited, in seconds (metrics) */
    private readonly onWait?: (seconds: number) => void,
    private readonly reserve?: PaceReserver,
    /**
     * the share of a second of the rate one reservation takes: more round trips for less of the shared timeline left
     * unused when a sender stops (the project quota takes a twentieth: its senders come and go with their batches)
     */
    reserveSeconds = RESERVE_SECONDS,
    /**
     * slots this late are dropped rather than sent at once: a sender starved of CPU for that long then wastes them
     * instead of bursting past the shared rate (the project quota: 100 ms)
     */
    private readonly staleMs = STALE_MS,
  ) {
    this.block = Math.min(RESERVE_MAX, Math.max(1, Math.ceil(perSecond * reserveSeconds)));
  }

  /** Waits until `n` more sends are allowed. */
  async take(n: number): Promise<void> {
    if (this.perSecond <= 0) return;
    const interval = 1000 / this.perSecond;
    let start: number;
    if (this.reserve) {
      // slots whose time passed over `staleMs` ago (the sends stopped, or the process was starved, meanwhile) are
      // dropped, so that a pause never lets their owner burst past the shared rate when it sends again; a span too
      // small for n is dropped too (the limit is a ceiling)
      const stale = Date.now() - this.staleMs;
      let span = this.usable(n, stale);
      while (!span) {
        await this.refill(Math.max(n, this.block), interval);
        span = this.usable(n, stale);
      }
      start = span.next;
      span.next += n * span.interval;
      span.left -= n;
      if (span.left === 0) this.spans.shift();
      // the next span is reserved while this one is used, so a sender never waits on the round trip at its end
      let left = 0;
      for (const x of this.spans) left += x.left;
      if (left < this.block / 2) void this.refill(this.block, interval).catch(() => undefined);
    } else {
      start = Math.max(Date.now(), this.next);
      this.next = start + n * interval;
    }
    const wait = start - Date.now();
    if (wait <= 0) return;
    await new Promise((r) => setTimeout(r, wait));
    this.onWait?.(wait / 1000);
  }

  /**
   * The first reserved span with `n` slots left, none of them before `stale`: late slots are skipped, spans too small
   * or used up are dropped. A method, not a closure made by each take: a take runs once a send.
   */
  private usable(n: number, stale: number): { next: number; left: number; interval: number } | undefined {
    for (;;) {
      const head = this.spans[0];
      if (!head) return undefined;
      if (head.next < stale && head.left > 0) {
        // skip the late slots of the span, keep the rest
        const late = Math.min(head.left, Math.ceil((stale - head.next) / head.interval));
        head.next += late * head.interval;
        head.left -= late;
      }
      if (head.left >= n && head.next >= stale) return head;
      this.spans.shift();
    }
  }

  /** One reservation at a time: takers that run out meanwhile wait for it; its span joins the queue. */
  private refill(slots: number, interval: number): Promise<void> {
    this.reserving ??= this.reserve!(slots * interval)
      .then((answer) => {
        const { waitMs, spanMs } =
          typeof answer === 'number' ? { waitMs: answer, spanMs: slots * interval } : answer;
        this.spans.push({ next: Date.now() + Math.max(0, waitMs), left: slots, interval: spanMs / slots });
      })
      .finally(() => (this.reserving = undefined));
    return this.reserving;
  }
}
