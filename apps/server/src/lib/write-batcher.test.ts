import { describe, expect, it } from 'vitest';
import { WriteBatcher, type WriteBatcherOptions } from './write-batcher';

/** A batcher whose flush doubles numbers and fails a whole flush when it holds a negative one, like a statement. */
function batcher(opts: Partial<WriteBatcherOptions> = {}) {
  const flushes: number[][] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const b = new WriteBatcher<number, number>(
    async (items) => {
      flushes.push([...items]);
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((r) => setTimeout(r, 2));
      inFlight--;
      const bad = items.find((n) => n < 0);
      if (bad !== undefined) throw new Error(`refused ${bad}`);
      return items.map((n) => n * 2);
    },
    { maxBatch: 100, maxDelayMs: 5, ...opts },
  );
  return { b, flushes, maxInFlight: () => maxInFlight };
}

const settle = <T>(promises: Array<Promise<T>>) => Promise.allSettled(promises);

describe('WriteBatcher', () => {
  it('writes a burst in one flush and gives each caller its own result', async () => {
    const { b, flushes } = batcher();
    const results = await Promise.all([1, 2, 3].map((n) => b.add(n)));
    expect(results).toEqual([2, 4, 6]);
    expect(flushes).toEqual([[1, 2, 3]]);
  });

  it('flushes an idle batcher at the end of the turn, not after maxDelayMs; what arrives meanwhile rides the next flush', async () => {
    const { b, flushes } = batcher({ maxDelayMs: 60_000 });
    const t0 = performance.now();
    const first = [b.add(1), b.add(2)];
    // a request read in a later turn, while the first flush runs: it waits for that flush, not for the timer
    await new Promise((r) => setImmediate(r));
    const later = b.add(3);
    expect(await Promise.all([...first, later])).toEqual([2, 4, 6]);
    expect(flushes).toEqual([[1, 2], [3]]);
    expect(performance.now() - t0).toBeLessThan(10_000);
  });

  it('fails only the caller whose item the database refuses; the rest of the flush is written', async () => {
    const { b, flushes } = batcher();
    const items = [1, 2, 3, 4, 5, -6, 7, 8, 9, 10];
    const results = await settle(items.map((n) => b.add(n)));
    results.forEach((r, i) => {
      if (items[i]! < 0) expect(r).toEqual({ status: 'rejected', reason: new Error('refused -6') });
      else expect(r).toEqual({ status: 'fulfilled', value: items[i]! * 2 });
    });
    // bisection: the batch, then halves down to the bad item (about 2 log2 n flushes, not n)
    expect(flushes[0]).toEqual(items);
    expect(flushes.length).toBeLessThanOrEqual(1 + 2 * Math.ceil(Math.log2(items.length)));
    expect(flushes.filter((f) => f.includes(-6)).at(-1)).toEqual([-6]);
  });

  it('isolates several bad items of one flush', async () => {
    const { b } = batcher();
    const items = Array.from({ length: 40 }, (_, i) => (i % 13 === 5 ? -i : i));
    const results = await settle(items.map((n) => b.add(n)));
    const rejected = results.flatMap((r, i) => (r.status === 'rejected' ? [items[i]] : []));
    expect(rejected).toEqual([-5, -18, -31]);
    results.forEach((r, i) => {
      if (items[i]! >= 0) expect(r).toEqual({ status: 'fulfilled', value: items[i]! * 2 });
    });
  });

  it('keeps one flush at a time while it splits, and items added meanwhile ride the next flush', async () => {
    const { b, flushes, maxInFlight } = batcher({ maxBatch: 8 });
    const first = settle([1, -2, 3, 4, 5, 6, 7, 8].map((n) => b.add(n)));
    await new Promise((r) => setTimeout(r, 8));
    const later = settle([9, 10].map((n) => b.add(n)));
    const [a, c] = await Promise.all([first, later]);
    expect(a.filter((r) => r.status === 'rejected')).toHaveLength(1);
    expect(c).toEqual([
      { status: 'fulfilled', value: 18 },
      { status: 'fulfilled', value: 20 },
    ]);
    expect(maxInFlight()).toBe(1);
    expect(flushes.at(-1)).toEqual([9, 10]);
  });

  it('runs up to `concurrency` flushes at once, each item in exactly one of them', async () => {
    const { b, flushes, maxInFlight } = batcher({ maxBatch: 4, concurrency: 3 });
    const items = Array.from({ length: 40 }, (_, i) => i + 1);
    const results = await Promise.all(items.map((n) => b.add(n)));
    expect(results).toEqual(items.map((n) => n * 2));
    expect(maxInFlight()).toBe(3);
    expect(flushes.flat().sort((x, y) => x - y)).toEqual(items);
    await b.drain();
  });

  it('rejects the whole flush at once when the error is not an item’s (mayIsolate false)', async () => {
    const { b, flushes } = batcher({ mayIsolate: () => false });
    const results = await settle([1, -2, 3, 4].map((n) => b.add(n)));
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(flushes).toHaveLength(1);
  });

  it('tells its observer each flush once, with its size and duration, halves included', async () => {
    const seen: Array<[number, number]> = [];
    // each flush call's start and end, on the observer's clock
    const calls: Array<[number, number]> = [];
    const b = new WriteBatcher<number, number>(
      async (items) => {
        const start = performance.now();
        await new Promise((r) => setTimeout(r, 2));
        calls.push([start, performance.now()]);
        const bad = items.find((n) => n < 0);
        if (bad !== undefined) throw new Error(`refused ${bad}`);
        return items.map((n) => n * 2);
      },
      {
        maxBatch: 100,
        maxDelayMs: 5,
        observer: { flushed: (items, seconds) => seen.push([items, seconds]) },
      },
    );
    await settle([1, 2, 3, -4].map((n) => b.add(n)));
    const split = calls.splice(0);
    await Promise.all([5, 6].map((n) => b.add(n)));
    expect(seen.map(([items]) => items)).toEqual([4, 2]);
    // the first flush failed and was split ([1,2,3,-4] → [1,2] + [3,-4] → [3] + [-4]): its duration covers every
    // call, from the first one's start to the last half's end (timer delays under load change both sides alike)
    expect(split).toHaveLength(5);
    expect(seen[0]![1] * 1000).toBeGreaterThanOrEqual(split.at(-1)![1] - split[0]![0]);
    // the second flush is one call: its duration covers that call
    expect(calls).toHaveLength(1);
    expect(seen[1]![1] * 1000).toBeGreaterThanOrEqual(calls[0]![1] - calls[0]![0]);
  });

  it('rejects a lone failing item with its error', async () => {
    const { b, flushes } = batcher();
    await expect(b.add(-1)).rejects.toThrow('refused -1');
    expect(flushes).toEqual([[-1]]);
  });
});
