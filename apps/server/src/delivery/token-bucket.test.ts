import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenBucket } from './token-bucket';

describe('TokenBucket', () => {
  afterEach(() => vi.useRealTimers());

  it('allows one second of burst, then refills at the configured rate', () => {
    let t = 0;
    const b = new TokenBucket({ ratePerMinute: 60_000, now: () => t }); // 1000/s
    let taken = 0;
    while (b.tryTake()) taken++;
    expect(taken).toBe(1000);
    t += 10;
    expect(b.tryTake()).toBe(true);
    expect(b.tryTake()).toBe(true);
    let more = 0;
    while (b.tryTake()) more++;
    expect(more).toBe(8);
  });

  it('take() returns no promise while tokens are available, and queues FIFO when empty', async () => {
    vi.useFakeTimers();
    const b = new TokenBucket({ ratePerMinute: 600, now: () => Date.now() }); // 10/s, burst 10
    for (let i = 0; i < 10; i++) expect(b.take()).toBeUndefined();
    const order: number[] = [];
    const waits = [0, 1, 2].map((i) => b.take()!.then(() => order.push(i)));
    await vi.advanceTimersByTimeAsync(99);
    expect(order).toEqual([]);
    await vi.advanceTimersByTimeAsync(2);
    expect(order).toEqual([0]);
    await vi.advanceTimersByTimeAsync(200);
    await Promise.all(waits);
    expect(order).toEqual([0, 1, 2]);
    expect(b.tryTake()).toBe(false);
    b.close();
  });

  it('shrinks on 429 (once per hold window) and recovers additively to the configured rate', () => {
    let t = 0;
    const b = new TokenBucket({ ratePerMinute: 600_000, now: () => t, increasePerSecond: 0.1 });
    b.onQuotaExceeded();
    b.onQuotaExceeded(); // same burst of 429s: counted once
    expect(b.ratePerMinute).toBe(300_000);
    t += 1500;
    b.onQuotaExceeded(); // refill first adds 1.5 s × 10 % = 90k/min, then halves
    expect(b.ratePerMinute).toBeCloseTo(195_000, 3);
    t += 5_000;
    expect(b.ratePerMinute).toBeCloseTo(495_000, 3);
    t += 60_000;
    expect(b.ratePerMinute).toBe(600_000);
  });

  it('never drops below the minimum fraction', () => {
    let t = 0;
    const b = new TokenBucket({ ratePerMinute: 1000, now: () => t, minFraction: 0.1, increasePerSecond: 0 });
    for (let i = 0; i < 20; i++) {
      t += 2000;
      b.onQuotaExceeded();
    }
    expect(b.ratePerMinute).toBeCloseTo(100, 6);
  });

  it('after a decrease, the refill rate is the reduced one', () => {
    let t = 0;
    const b = new TokenBucket({ ratePerMinute: 60_000, now: () => t, increasePerSecond: 0 });
    while (b.tryTake());
    b.onQuotaExceeded(); // 500/s
    t += 100;
    let n = 0;
    while (b.tryTake()) n++;
    expect(n).toBe(50);
  });

  it('rejects a non-positive rate', () => {
    expect(() => new TokenBucket({ ratePerMinute: 0 })).toThrow();
  });
});
