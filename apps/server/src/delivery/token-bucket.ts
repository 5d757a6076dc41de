// Per-project send rate limiter with AIMD adaptation (reference fcm-http-v1.md §1.8, §5.3, §6.6).

/** Options of a TokenBucket; rates are per minute. */
export interface TokenBucketOptions {
  ratePerMinute: number;
  /** Tokens that may accumulate while idle, in seconds of the current rate (default 1). */
  burstSeconds?: number;
  /** Multiplicative decrease on a 429 (default 0.5). */
  decreaseFactor?: number;
  /** Lowest rate after decreases, as a fraction of the configured rate (default 0.05). */
  minFraction?: number;
  /** Additive increase per second, as a fraction of the configured rate (default 0.02). */
  increasePerSecond?: number;
  /** Decreases closer together than this count once (default 1000 ms): one burst of 429s is one signal. */
  decreaseHoldMs?: number;
  now?: () => number;
}

/**
 * A token bucket whose refill rate shrinks on 429 and grows back linearly to the configured rate.
 * `take()` is synchronous and allocation-free while tokens are available; only a throttled caller gets
 * a promise, and one timer per bucket serves all waiters in FIFO order.
 */
export class TokenBucket {
  readonly configuredPerMs: number;
  private ratePerMs: number;
  private tokens: number;
  private last: number;
  private lastDecrease = -Infinity;
  private readonly waiters: Array<() => void> = [];
  private waiterHead = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly now: () => number;
  private readonly burstMs: number;
  private readonly decreaseFactor: number;
  private readonly minPerMs: number;
  private readonly increasePerMsPerMs: number;
  private readonly decreaseHoldMs: number;

  constructor(opts: TokenBucketOptions) {
    if (!(opts.ratePerMinute > 0)) throw new Error('ratePerMinute must be > 0');
    this.now = opts.now ?? Date.now;
    this.configuredPerMs = opts.ratePerMinute / 60_000;
    this.ratePerMs = this.configuredPerMs;
    this.burstMs = (opts.burstSeconds ?? 1) * 1000;
    this.decreaseFactor = opts.decreaseFactor ?? 0.5;
    this.minPerMs = this.configuredPerMs * (opts.minFraction ?? 0.05);
    this.increasePerMsPerMs = (this.configuredPerMs * (opts.increasePerSecond ?? 0.02)) / 1000;
    this.decreaseHoldMs = opts.decreaseHoldMs ?? 1000;
    this.last = this.now();
    this.tokens = Math.max(1, this.ratePerMs * this.burstMs);
  }

  /** The current refill rate, per minute. */
  get ratePerMinute(): number {
    this.refill();
    return this.ratePerMs * 60_000;
  }

  /** Takes one token now if one is available (and nobody is queued); returns false otherwise. */
  tryTake(): boolean {
    if (this.waiterHead < this.waiters.length) return false;
    this.refill();
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return true;
    }
    return false;
  }

  /** Takes one token: `undefined` when taken at once, else a promise resolved when the caller's turn comes. */
  take(): Promise<void> | undefined {
    if (this.tryTake()) return undefined;
    return new Promise<void>((resolve) => {
      this.waiters.push(resolve);
      this.schedule();
    });
  }

  /** Signals a project-quota 429: the rate is multiplied by the decrease factor (at most once per hold window). */
  onQuotaExceeded(): void {
    this.refill();
    const t = this.now();
    if (t - this.lastDecrease < this.decreaseHoldMs) return;
    this.lastDecrease = t;
    this.ratePerMs = Math.max(this.minPerMs, this.ratePerMs * this.decreaseFactor);
    this.tokens = Math.min(this.tokens, Math.max(1, this.ratePerMs * this.burstMs));
  }

  /** Releases the timer; queued callers are resolved so nobody hangs. */
  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    while (this.waiterHead < this.waiters.length) this.waiters[this.waiterHead++]?.();
    this.waiters.length = 0;
    this.waiterHead = 0;
  }

  private refill(): void {
    const t = this.now();
    const dt = t - this.last;
    if (dt <= 0) return;
    this.last = t;
    const before = this.ratePerMs;
    if (before < this.configuredPerMs) {
      this.ratePerMs = Math.min(this.configuredPerMs, before + this.increasePerMsPerMs * dt);
    }
    const cap = Math.max(1, this.ratePerMs * this.burstMs);
    this.tokens = Math.min(cap, this.tokens + ((before + this.ratePerMs) / 2) * dt);
  }

  private schedule(): void {
    if (this.timer) return;
    this.refill();
    const wait = this.tokens >= 1 ? 0 : Math.ceil((1 - this.tokens) / this.ratePerMs);
    this.timer = setTimeout(() => this.drain(), wait);
  }

  private drain(): void {
    this.timer = undefined;
    this.refill();
    while (this.waiterHead < this.waiters.length && this.tokens >= 1) {
      this.tokens -= 1;
      this.waiters[this.waiterHead++]?.();
    }
    if (this.waiterHead >= this.waiters.length) {
      this.waiters.length = 0;
      this.waiterHead = 0;
    } else {
      if (this.waiterHead > 1024) {
        this.waiters.splice(0, this.waiterHead);
        this.waiterHead = 0;
      }
      this.schedule();
    }
  }
}
