import type { DeviceEvents } from '@beacon/shared';
import { WriteBatcher } from '../../lib/write-batcher';
import { distinctDevices, mayBeRowError, mergeEvents, type DeviceStatistics } from './devices.service';
import type { LoggedCall } from './events-log';
import { EVENTS_WINDOW_MS } from './events-log.consumer';
import type { EventsLogRepository, LogTransaction } from './events-log.repository';

/**
 * The device events' log in PostgreSQL (EVENTS_LOG=postgres, migration 0063): the one-server tier's counterpart of the
 * JetStream log (events-log.ts). An events call is answered once the row holding it is committed; the workers apply
 * the log every EVENTS_WINDOW_MS, so that a push's receipt and show (0.1–1 s apart) are merged into one write of its
 * event page instead of a write of its send record each (`npm run bench -- sizes`).
 */
export class PgEventsLog {
  private readonly batcher: WriteBatcher<LoggedCall, void>;

  constructor(
    private readonly repo: EventsLogRepository,
    opts: { maxCalls?: number; maxDelayMs?: number } = {},
  ) {
    this.batcher = new WriteBatcher<LoggedCall, void>((calls) => this.insert(calls), {
      maxBatch: opts.maxCalls ?? 500,
      maxDelayMs: opts.maxDelayMs ?? 2,
      // a group commit: what arrives while inserts are in flight rides the next one (PGlite runs one at a time)
      concurrency: repo.parallelTransactions ? 4 : 1,
      // an insert of text fails for the database, never for one call: no bisection (a call the statistics refuse is
      // isolated when the log is applied)
      mayIsolate: () => false,
    });
  }

  append(appId: number, body: DeviceEvents): Promise<void> {
    return this.batcher.add({ appId, body });
  }

  private async insert(calls: LoggedCall[]): Promise<void[]> {
    await this.repo.append(JSON.stringify(calls));
    return calls.map(() => undefined);
  }

  async close(): Promise<void> {
    await this.batcher.drain();
  }
}

export interface PgEventsConsumerOptions {
  /** How long the log gathers between two applications (default EVENTS_WINDOW_MS, as the JetStream consumer's). */
  windowMs?: number;
  /** Most log rows one transaction takes (default 200; a row holds the calls of a few milliseconds, ≤ 500). */
  rowsPerTake?: number;
  /**
   * How many takes run at once (default 2 on PostgreSQL, whose connections work in parallel; 1 on PGlite): the rows
   * they take are disjoint (SKIP LOCKED), and the events statement locks what it writes in key order (no deadlock).
   */
  takes?: number;
  /** Most merged rows one statement applies (default 5,000). */
  rowsPerStatement?: number;
  /** Moves the last-active time of the devices whose events it applied, once applied (DevicesRepository.touch). */
  touch?: (devices: Array<{ appId: number; gaid: string }>) => Promise<unknown>;
  /** Where a failed application is reported (its rows stay in the log and are taken again). */
  onError?: (err: unknown) => void;
  /** Where a call the database refused on its own is reported (dropped; the good calls of its rows are applied). */
  onDropped?: (call: LoggedCall, err: unknown) => void;
  /** Where a row that is not JSON calls is reported (deleted with its take: it would never read). */
  onUnreadable?: (err: unknown) => void;
}

/**
 * Applies the PostgreSQL log (the worker processes'; several split it, SKIP LOCKED): each take merges its rows' calls
 * per device and message, records them (the events' bits: idempotent) and deletes the rows in one transaction, so a
 * row is applied once — a worker killed mid-take leaves its rows to the next take. A take that fails as if for one of
 * its calls (mayBeRowError) is taken again with its calls bisected under savepoints: a call the database refuses on
 * its own is dropped and reported, and the others are applied.
 */
export class PgEventsLogConsumer {
  private stopped = false;
  private loop: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private wake: (() => void) | undefined;
  /** Calls applied, and calls dropped as refused, by this consumer (tests, metrics). */
  applied = 0;
  dropped = 0;

  constructor(
    private readonly repo: EventsLogRepository,
    private readonly statistics: DeviceStatistics,
    private readonly opts: PgEventsConsumerOptions = {},
  ) {}

  start(): void {
    this.loop ??= this.run();
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        this.timer = setTimeout(resolve, this.opts.windowMs ?? EVENTS_WINDOW_MS);
      });
      if (this.stopped) return;
      try {
        await this.applyAll();
      } catch (err) {
        // the database down: the rows are still there; the next window takes them
        if (!this.stopped) this.opts.onError?.(err);
      }
    }
  }

  /**
   * Applies everything the log holds now (or at most `rounds` takes each), `takes` at once (each its own transaction
   * and rows); returns the calls applied. A take that fails stops the others after their current take, and the error
   * is thrown once all have ended: a take still running would otherwise hold its rows, which the next applyAll then
   * skips (SKIP LOCKED) and leaves in the log until a later window.
   */
  async applyAll(rounds = Number.POSITIVE_INFINITY): Promise<number> {
    const per = this.opts.rowsPerTake ?? 200;
    const takes = this.opts.takes ?? (this.repo.parallelTransactions ? 2 : 1);
    let calls = 0;
    let failed = false;
    const ended = await Promise.allSettled(
      Array.from({ length: takes }, async () => {
        for (let round = 0; round < rounds && !failed; round++) {
          const took = await this.take(per).catch((err: unknown) => {
            failed = true;
            throw err;
          });
          calls += took.calls;
          if (took.rows < per) return;
        }
      }),
    );
    const error = ended.find((e) => e.status === 'rejected');
    if (error) throw error.reason;
    return calls;
  }

  private async take(limit: number): Promise<{ rows: number; calls: number }> {
    const once = async (isolate: boolean) => {
      let applied: LoggedCall[] = [];
      let dropped = 0;
      const unreadable: unknown[] = [];
      const rows = await this.repo.take(limit, async (texts, tx) => {
        const all = texts.flatMap((t) => this.parse(t, unreadable));
        const refused = isolate ? new Set(await this.recordIsolated(all, tx)) : undefined;
        if (!refused) await this.record(all, tx);
        applied = refused ? all.filter((c) => !refused.has(c)) : all;
        dropped = all.length - applied.length;
      });
      // reported once the take committed (a take that failed reads them again)
      for (const err of unreadable) this.opts.onUnreadable?.(err);
      return { rows, applied, dropped };
    };
    let took: { rows: number; applied: LoggedCall[]; dropped: number };
    try {
      took = await once(false);
    } catch (err) {
      if (!mayBeRowError(err)) throw err;
      took = await once(true);
    }
    this.applied += took.applied.length;
    this.dropped += took.dropped;
    if (took.applied.length > 0) this.statistics.queued?.();
    await this.touch(took.applied);
    return { rows: took.rows, calls: took.applied.length };
  }

  /** A row's calls; none from a row that is not their JSON (its error kept in `unreadable`; deleted with its take). */
  private parse(text: string, unreadable: unknown[]): LoggedCall[] {
    try {
      const calls: unknown = JSON.parse(text);
      if (Array.isArray(calls)) return calls as LoggedCall[];
      throw new Error('a row of the device events log is not an array of calls');
    } catch (err) {
      unreadable.push(err);
      return [];
    }
  }

  /** Records calls, in `tx`. */
  private async record(calls: LoggedCall[], tx: LogTransaction): Promise<void> {
    const rows = mergeEvents(calls);
    const per = this.opts.rowsPerStatement ?? 5000;
    for (let i = 0; i < rows.length; i += per) await this.statistics.recordEvents(rows.slice(i, i + per), tx);
  }

  /**
   * Moves the applied calls' devices, after their take committed: not in it, where it would hold the take's locks
   * (the message's receipt row, which every take of that message writes) through the devices' updates, and the
   * other takes would wait. A move that fails is reported and waits for the device's next call (the events stand).
   */
  private async touch(calls: LoggedCall[]): Promise<void> {
    if (!this.opts.touch || calls.length === 0) return;
    const per = this.opts.rowsPerStatement ?? 5000;
    const devices = distinctDevices(calls.map((c) => ({ appId: c.appId, gaid: c.body.gaid })));
    try {
      for (let i = 0; i < devices.length; i += per) await this.opts.touch(devices.slice(i, i + per));
    } catch (err) {
      this.opts.onError?.(err);
    }
  }

  /** Records calls under a savepoint, halving a part that fails until the refused calls are alone; returns them. */
  private async recordIsolated(calls: LoggedCall[], tx: LogTransaction): Promise<LoggedCall[]> {
    if (calls.length === 0) return [];
    try {
      await this.repo.savepoint(tx, () => this.record(calls, tx));
      return [];
    } catch (err) {
      if (!mayBeRowError(err)) throw err;
      if (calls.length === 1) {
        this.opts.onDropped?.(calls[0]!, err);
        return calls;
      }
      const mid = calls.length >> 1;
      return [
        ...(await this.recordIsolated(calls.slice(0, mid), tx)),
        ...(await this.recordIsolated(calls.slice(mid), tx)),
      ];
    }
  }

  /**
   * Stops the loop, then applies one more round of takes (best effort, and bounded: a backlog left waits for the next
   * worker rather than hold the process's shutdown).
   */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.wake?.();
    await this.loop;
    await this.applyAll(1).catch(() => undefined);
  }
}

/** A process's PostgreSQL log: its appender (the device API) and, when it runs the workers, its consumer. */
export function startPgEventsLog(
  repo: EventsLogRepository,
  statistics: DeviceStatistics,
  runWorkers: boolean,
  opts: Pick<PgEventsConsumerOptions, 'touch' | 'onError' | 'onDropped' | 'onUnreadable'>,
): { log: PgEventsLog; consumer: PgEventsLogConsumer | undefined; close(): Promise<void> } {
  const log = new PgEventsLog(repo);
  const consumer = runWorkers ? new PgEventsLogConsumer(repo, statistics, opts) : undefined;
  consumer?.start();
  return {
    log,
    consumer,
    close: async () => {
      await log.close();
      await consumer?.stop();
    },
  };
}
