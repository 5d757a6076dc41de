// The ingest bench's memory soak (bench/ingest.ts --soak-s): the events load for that long against one `beacon api`,
// its RSS sampled every 10 s.
import { startApi } from './api-process';
import { round, say } from './harness';
import { runLoad, type LoadOptions } from './http-load';
import { treeRssMb } from './rss';

/** Runs the soak against a `beacon api` of its own (stopped by `closers`) and returns its figures and samples. */
export async function soak(
  at: Parameters<typeof startApi>[0],
  seconds: number,
  load: Omit<LoadOptions, 'port' | 'warmupMs' | 'durationMs' | 'cycle'>,
  closers: Array<() => Promise<unknown>>,
  serverCpu: () => number,
  backend: string,
) {
  const api = await startApi(at, 1);
  closers.push(() => api.stop());
  const samples: Array<{ s: number; rssMb: number }> = [];
  const t1 = performance.now();
  const timer = setInterval(
    () => samples.push({ s: round((performance.now() - t1) / 1000, 0), rssMb: treeRssMb(api.pid) }),
    10_000,
  );
  const r = await runLoad(
    { ...load, port: api.port, warmupMs: 0, durationMs: seconds * 1000, cycle: true },
    serverCpu,
  );
  clearInterval(timer);
  const minute = (from: number, to: number) =>
    Math.max(0, ...samples.filter((x) => x.s >= from && x.s < to).map((x) => x.rssMb));
  const out = {
    seconds,
    callsPerSec: r.callsPerSec,
    errors: r.errors,
    rssMbFirstMinute: minute(0, 60),
    rssMbLastMinute: minute(seconds - 60, seconds + 1),
    rssMbPeak: Math.max(...samples.map((x) => x.rssMb)),
    samples,
  };
  say(
    `${backend} soak ${seconds} s: ${r.callsPerSec} calls/s, ${r.errors} errors; RSS first minute ${out.rssMbFirstMinute} MB, last minute ${out.rssMbLastMinute} MB, peak ${out.rssMbPeak} MB`,
  );
  return out;
}
