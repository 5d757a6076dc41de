// What the ingest bench measures a server by (bench/ingest.ts): its port, its CPU, memory and flushes.
import { round } from './harness';
import type { MemoryBreakdown, RssSampler } from './rss';

export type Kind = 'register' | 'events' | 'attributes';

/** A server under the ingest bench's load, and how its own costs are read. */
export interface Target {
  label: string;
  port: number;
  /** CPU seconds of the server process(es) so far (0: it runs in this process, counted in processCores) */
  cpu: () => number;
  /** the group commit's flushes so far, from /metrics (one process only: a cluster's workers answer in turn) */
  metrics?: (batcher: Kind) => Promise<string>;
  /** the server's RSS (its processes together), sampled from its start */
  rss: RssSampler;
  /** what holds its memory now, from /metrics (one process only) */
  memory?: () => Promise<MemoryBreakdown>;
  /** CPU seconds so far of the services it needs beside PostgreSQL (the NATS cluster's nodes) */
  sideCpu?: { label: string; cpu: () => number };
  /** stops it after its runs (a target started when its turn came) */
  stop?: () => Promise<void>;
  /** resolves once what it logged is applied (EVENTS_LOG=postgres in `beacon serve`), and the rate that gave */
  drain?: () => Promise<void>;
  applied?: number;
}

/** Flushes, mean batch size and mean flush duration of a batcher, from a Prometheus text exposition. */
export function flushFigures(text: string, batcher: string): string {
  const value = (name: string) =>
    Number(new RegExp(`^${name}\\{[^}]*batcher="${batcher}"[^}]*\\} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
  const n = value('beacon_write_batch_size_count');
  return `${batcher} flushes so far: ${n}, mean batch ${round(value('beacon_write_batch_size_sum') / n, 1)} items, mean flush ${round((1000 * value('beacon_write_flush_duration_seconds_sum')) / n, 2)} ms`;
}
