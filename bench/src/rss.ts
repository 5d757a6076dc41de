// The resident memory of a server the bench started as a child process (Linux /proc), and what its /metrics say
// holds it.
import { readFileSync } from 'node:fs';
import { round } from './harness';

/** RSS of one process in MB (0 once it is gone). */
function rssMb(pid: number | string): number {
  try {
    const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** RSS of a process and its children (a cluster's primary and workers), in MB. */
export function treeRssMb(pid: number): number {
  let total = rssMb(pid);
  try {
    for (const e of readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/))
      if (e) total += rssMb(e);
  } catch {
    /* no children file */
  }
  return round(total, 0);
}

/** Samples a process tree's RSS every `everyMs` until stopped; `peakMb()` is the highest so far. */
export class RssSampler {
  private peak = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly pid: number,
    everyMs = 200,
  ) {
    this.take();
    this.timer = setInterval(() => this.take(), everyMs);
    this.timer.unref();
  }

  private take(): void {
    this.peak = Math.max(this.peak, treeRssMb(this.pid));
  }

  /** the peak since the start or the last `reset()` (sampled now too) */
  peakMb(): number {
    this.take();
    return this.peak;
  }

  reset(): void {
    this.peak = 0;
    this.take();
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

/** Where a server's memory is, in MB, from its Prometheus text (prom-client's defaults, and PGlite's WASM memory). */
export interface MemoryBreakdown {
  rssMb: number;
  heapUsedMb: number;
  heapTotalMb: number;
  externalMb: number;
  /** the embedded database's WebAssembly memory (it only grows); absent on PostgreSQL */
  pgliteWasmMb?: number;
}

export function memoryBreakdown(text: string): MemoryBreakdown {
  const value = (name: string) => {
    const v = new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1];
    return v === undefined ? undefined : round(Number(v) / 1048576, 0);
  };
  const wasm = value('beacon_pglite_wasm_memory_bytes');
  return {
    rssMb: value('process_resident_memory_bytes') ?? NaN,
    heapUsedMb: value('nodejs_heap_size_used_bytes') ?? NaN,
    heapTotalMb: value('nodejs_heap_size_total_bytes') ?? NaN,
    externalMb: value('nodejs_external_memory_bytes') ?? NaN,
    ...(wasm === undefined ? {} : { pgliteWasmMb: wasm }),
  };
}

export const describeMemory = (m: MemoryBreakdown): string =>
  `RSS ${m.rssMb} MB: JS heap ${m.heapUsedMb} used of ${m.heapTotalMb}, external ${m.externalMb}${m.pgliteWasmMb === undefined ? '' : `, PGlite WASM memory ${m.pgliteWasmMb}`}`;
