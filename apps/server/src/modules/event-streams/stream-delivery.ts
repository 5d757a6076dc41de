import { randomUUID } from 'node:crypto';
import { EVENT_STREAM_LIMITS } from '@beacon/shared';
import type { EventStreamsRepository } from './event-streams.repository';
import type { WebhookPoster } from './webhook-poster';

/** Publishes an app's batch on JetStream (`beacon.events.<appId>`), resolving once acknowledged. */
export interface StreamPublisher {
  publish(appId: number, body: string, firstId: number, lastId: number): Promise<void>;
}

export interface StreamDeliveryOptions {
  /** how often the loop looks for due apps (ms) */
  pollMs?: number;
  /** the backoff after a failed post: the first delay and the longest (ms), each with jitter */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** posted and dropped events are deleted this long after they happened (hours; the export and replays read them) */
  keepHours?: number;
  leaseSeconds?: number;
  /** longest one app keeps the loop before the others get their turn (ms) */
  appSliceMs?: number;
}

/** The body of a post and of a JetStream message: the app, then its events (type by name), as the batch wrote them. */
export function batchBody(appId: number, events: string): string {
  return `{"appId":${appId},"events":[${events}]}`;
}

/** The most expired events dropped by one statement (a receiver down a long while leaves many). */
const DROP_PAGE = 20_000;

/** An exponential delay with full jitter over its upper half: base·2^(failures-1), at most max. */
export function backoffMs(failures: number, base: number, max: number, random = Math.random): number {
  const cap = Math.min(max, base * 2 ** Math.max(0, failures - 1));
  return Math.round(cap / 2 + (random() * cap) / 2);
}

/**
 * The delivery loop of the stream events (docs/event-streams.md), run by every delivery worker process: each tick
 * takes the apps with pending events whose backoff has ended, one lease per app across processes, and for each posts
 * its oldest pending events in batches of up to 500 — published on JetStream first when NATS_URL is set — moving the
 * app's cursor past them on a 2xx, backing off with jitter on anything else. At least once: the cursor moves only
 * after the post succeeded, so a crash between the two posts the batch again, with its ids.
 */
export class StreamDelivery {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;
  private lastPrune = 0;
  private readonly owner = randomUUID();
  private readonly o: Required<StreamDeliveryOptions>;

  constructor(
    private readonly repo: EventStreamsRepository,
    private readonly poster: WebhookPoster,
    private readonly openSecret: (sealed: string) => string,
    private readonly publisher: StreamPublisher | undefined,
    private readonly onError: (err: unknown) => void,
    opts: StreamDeliveryOptions = {},
    private readonly exporter?: { run(): Promise<void> },
  ) {
    this.o = {
      pollMs: opts.pollMs ?? 1000,
      backoffBaseMs: opts.backoffBaseMs ?? 2000,
      backoffMaxMs: opts.backoffMaxMs ?? 300_000,
      keepHours: opts.keepHours ?? EVENT_STREAM_LIMITS.replayHoursMax + 2,
      leaseSeconds: opts.leaseSeconds ?? 60,
      appSliceMs: opts.appSliceMs ?? 10_000,
    };
  }

  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => this.kick(), this.o.pollMs);
    this.timer.unref();
  }

  /** Runs a tick now unless one is running. */
  kick(): void {
    if (this.running || this.stopped) return;
    this.running = this.tick()
      .catch(this.onError)
      .finally(() => {
        this.running = undefined;
      });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** One pass: every due app, then (every few minutes) the retention and the daily exports. */
  async tick(): Promise<void> {
    for (const appId of await this.repo.dueApps(50)) {
      if (this.stopped) return;
      await this.deliverApp(appId);
    }
    if (Date.now() - this.lastPrune > 5 * 60_000) {
      this.lastPrune = Date.now();
      while ((await this.repo.prune(this.o.keepHours, 10_000)) === 10_000 && !this.stopped);
      await this.exporter?.run();
    }
  }

  /**
   * Posts the app's pending events while they come and its receiver takes them (at most one slice of time), each batch
   * moving the app's cursor past it. Expired events at the head of the queue are dropped first, whether or not the
   * receiver is up (a receiver down for days does not keep them), and any other expired one in a batch is left out of
   * its post and counted as dropped.
   */
  async deliverApp(appId: number): Promise<void> {
    const stream = await this.repo.lease(appId, this.owner, this.o.leaseSeconds);
    if (!stream) return;
    try {
      let cursor = stream.cursor;
      const secret = stream.enabled ? this.openSecret(stream.sealedSecret) : '';
      const until = Date.now() + this.o.appSliceMs;
      while (Date.now() < until && !this.stopped) {
        const batch = await this.repo.batch(appId, cursor, stream.enabled ? EVENT_STREAM_LIMITS.batchMax : 1);
        if (!batch) break;
        if (batch.firstExpired) {
          const dropped = await this.repo.dropExpired(appId, cursor, DROP_PAGE);
          if (!dropped) return;
          cursor = dropped.to;
          continue;
        }
        if (!stream.enabled) return;
        const body = batchBody(appId, batch.events ?? '');
        if (this.publisher) {
          try {
            await this.publisher.publish(appId, body, batch.firstId!, batch.lastId!);
          } catch (err) {
            await this.fail(
              appId,
              stream.failures,
              { status: null, error: `JetStream: ${String(err)}` },
              batch.live,
            );
            return;
          }
        }
        if (stream.url) {
          const r = await this.poster.post(stream.url, secret, body, batch.live);
          if (!r.ok) {
            await this.fail(appId, stream.failures, r, batch.live);
            return;
          }
        }
        const move = { from: cursor, to: batch.last, delivered: batch.live, dropped: batch.n - batch.live };
        // the cursor moved meanwhile (a replay) or the lease was lost: the next pass starts from where it stands
        if (!(await this.repo.advance(appId, move, this.owner, this.o.leaseSeconds))) return;
        cursor = batch.last;
        stream.failures = 0;
        if (!batch.more) break;
      }
    } finally {
      await this.repo.release(appId, this.owner);
    }
  }

  private async fail(
    appId: number,
    failures: number,
    r: { status: number | null; error: string },
    events: number,
  ): Promise<void> {
    await this.repo.failed(
      appId,
      { ...r, events },
      backoffMs(failures + 1, this.o.backoffBaseMs, this.o.backoffMaxMs),
    );
  }
}
