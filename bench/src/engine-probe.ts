// Timing per stage of the delivery engine, by wrapping the methods of the benchmark's own instances (no code edited):
// each repository call and each wave / dispatch job adds its wall time to a named counter.
import type { DeliveryEngine } from '../../apps/server/src/delivery/engine/engine';
import type { BatchRepository } from '../../apps/server/src/delivery/engine/batch.repository';
import type { EngineRepository } from '../../apps/server/src/delivery/engine/engine.repository';

export interface StageTotals {
  calls: number;
  ms: number;
  maxMs: number;
}

export class EngineProbe {
  readonly stages = new Map<string, StageTotals>();
  /** when the first dispatch job started and the last one ended (performance.now()) */
  firstDispatchAt = 0;
  lastDispatchEndAt = 0;
  private active = 0;
  maxActiveDispatch = 0;

  add(name: string, ms: number): void {
    const s = this.stages.get(name) ?? { calls: 0, ms: 0, maxMs: 0 };
    s.calls++;
    s.ms += ms;
    s.maxMs = Math.max(s.maxMs, ms);
    this.stages.set(name, s);
  }

  private wrap<T extends object>(
    target: T,
    method: string,
    name: string,
    around?: { before(): void; after(): void },
  ): void {
    const rec = target as unknown as Record<string, ((...a: unknown[]) => Promise<unknown>) | undefined>;
    const found = rec[method];
    // a renamed or moved method must be renamed here too: say which, not "cannot read 'bind' of undefined"
    if (typeof found !== 'function')
      throw new Error(`engine probe: ${target.constructor.name} has no method ${method}`);
    const orig = found.bind(target);
    rec[method] = async (...args: unknown[]) => {
      around?.before();
      const t0 = performance.now();
      try {
        return await orig(...args);
      } finally {
        this.add(name, performance.now() - t0);
        around?.after();
      }
    };
  }

  /** Wraps the repositories' per-wave, per-batch and per-page statements. */
  instrumentRepo(repo: EngineRepository, batches: BatchRepository): void {
    for (const m of ['message', 'status', 'bounds', 'updateWave', 'openWaves', 'setStatus'])
      this.wrap(repo, m, `sql.${m}`);
    for (const m of [
      'plan',
      'lease',
      'page',
      'reserve',
      'record',
      'release',
      'nextDue',
      'openBatches',
      'cancelIdle',
    ])
      this.wrap(batches, m, `sql.${m}`);
    // the sends in flight: a recall's or a window's devices claimed again, ambiguous sends resolved
    for (const m of ['claimWaiting', 'unclaim', 'resolveAmbiguous'])
      this.wrap(batches.inFlight, m, `sql.${m}`);
  }

  /** Wraps the two job handlers (the engine calls them through `this`, so instance properties take over). */
  instrumentEngine(engine: DeliveryEngine): void {
    this.wrap(engine, 'runWave', 'job.wave');
    this.wrap(engine, 'maybeFinish', 'engine.maybeFinish');
    this.wrap(engine, 'dispatch', 'job.dispatch', {
      before: () => {
        if (!this.firstDispatchAt) this.firstDispatchAt = performance.now();
        this.active++;
        this.maxActiveDispatch = Math.max(this.maxActiveDispatch, this.active);
      },
      after: () => {
        this.active--;
        this.lastDispatchEndAt = performance.now();
      },
    });
  }

  table(): Record<string, { calls: number; totalS: number; avgMs: number; maxMs: number }> {
    const out: Record<string, { calls: number; totalS: number; avgMs: number; maxMs: number }> = {};
    for (const [k, s] of [...this.stages].sort((a, b) => b[1].ms - a[1].ms)) {
      out[k] = {
        calls: s.calls,
        totalS: Math.round(s.ms / 100) / 10,
        avgMs: Math.round((s.ms / s.calls) * 10) / 10,
        maxMs: Math.round(s.maxMs),
      };
    }
    return out;
  }
}
