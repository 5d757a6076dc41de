// What the ingest bench measures a server by (bench/ingest.ts): its port, its CPU, memory and flushes.
import { startApi } from './api-process';
import { round, treeCpuSeconds } from './harness';
import { memoryBreakdown, RssSampler, type MemoryBreakdown } from './rss';

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

/** `startApi`'s arguments: the database, the processes, the environment, the command. */
export type SpawnArgs = [
  at: Parameters<typeof startApi>[0],
  n: number,
  env?: Record<string, string>,
  command?: 'api' | 'serve',
];

/**
 * `beacon api` (or `serve`) on the bench's database, as a target: its port, CPU and RSS, and its stop (pushed to
 * `closers` too); `measured`: its flushes and memory from /metrics (one process: its own figures).
 */
export async function spawnedTarget(
  closers: Array<() => Promise<unknown>>,
  ...[at, n, env = {}, command = 'api']: SpawnArgs
) {
  const api = await startApi(at, n, env, command);
  const rss = new RssSampler(api.pid);
  const stop = async () => {
    rss.stop();
    await api.stop();
  };
  closers.push(stop);
  const metricsText = async () => (await fetch(`http://127.0.0.1:${api.port}/metrics`)).text();
  return {
    port: api.port,
    cpu: () => treeCpuSeconds(api.pid),
    rss,
    stop,
    measured: {
      metrics: async (batcher: Kind) => flushFigures(await metricsText(), batcher),
      memory: async () => memoryBreakdown(await metricsText()),
    },
  };
}
