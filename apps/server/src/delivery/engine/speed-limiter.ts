/** Paces sends to `perSecond` (slow push); 0 means unlimited. One per message and process. */
export class SpeedLimiter {
  private next = 0;

  constructor(
    private readonly perSecond: number,
    /** told how long each waiting take waited, in seconds (metrics) */
    private readonly onWait?: (seconds: number) => void,
  ) {}

  /** Waits until `n` more sends are allowed. */
  async take(n: number): Promise<void> {
    if (this.perSecond <= 0) return;
    const now = Date.now();
    const start = Math.max(now, this.next);
    this.next = start + (n * 1000) / this.perSecond;
    const wait = start - now;
    if (wait <= 0) return;
    await new Promise((r) => setTimeout(r, wait));
    this.onWait?.(wait / 1000);
  }
}
