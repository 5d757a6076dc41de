import type { NatsConnection } from '@nats-io/transport-node';
import {
  AckPolicy,
  DeliverPolicy,
  JetStreamError,
  jetstream,
  jetstreamManager,
  type JsMsg,
} from '@nats-io/jetstream';
import { EVENTS_STREAM, EVENTS_SUBJECT, loggedCalls } from './events-log';
import { distinctDevices, mergeEvents, type DeviceStatistics } from './devices.service';

export interface EventsConsumerOptions {
  /** The durable consumer's name, shared by every worker process (they split its messages). */
  durable?: string;
  /** Most messages one pull takes (default 200: each holds the calls of a few milliseconds). */
  batch?: number;
  /**
   * How long a batch gathers pulls before it is applied, from its first message (default EVENTS_WINDOW_MS): a phone's
   * events of one push (received, then shown 0.1–1 s later) mostly fall in one window and are merged into one write
   * of its send record. 0: each pull applied as it comes.
   */
  windowMs?: number;
  /** Most messages one batch gathers in its window (default 10,000: half the consumer's max_ack_pending). */
  maxBatch?: number;
  /** Most merged rows one statement applies (default 5,000). */
  rowsPerStatement?: number;
  /** Where a failed batch is reported (it is delivered again). */
  onError?: (err: unknown) => void;
  /**
   * Moves the last-active time of a batch's devices (DevicesRepository.touch: events are app activity, as a heartbeat
   * is), after their events are recorded: with the log, the device API writes nothing to PostgreSQL for an events
   * call, the touch included. Given at most `rowsPerStatement` devices a call; idempotent (a device moved within the
   * touch interval is skipped, and counted active once a day), so a batch delivered twice moves nothing twice.
   */
  touch?: (devices: Array<{ appId: number; gaid: string }>) => Promise<unknown>;
}

/**
 * A batch not acknowledged in this time comes again: its worker was killed mid-batch, or its acknowledgement went down
 * with a NATS node (hosts.test: 109 of 1,000 receipts waited the minute this was before). A batch is applied in well
 * under a second; one delivered again while still being applied counts nothing twice (the events' bits).
 */
const ACK_WAIT_NS = 15 * 1_000_000_000;

/**
 * The consumer's gathering window (EventsConsumerOptions.windowMs). The device API's own batcher merges the calls of
 * 10 ms, and a phone's events are ≥ 100 ms apart: each event was its own write of the send record (1.78 writes per
 * delivered message, `npm run bench -- sizes`). Two seconds of the log merge most of a push's received and shown;
 * the statistics lag the log by at most this plus a pull's expiry (1 s).
 */
export const EVENTS_WINDOW_MS = 2000;

/** The worker processes' durable consumer name. */
export const EVENTS_CONSUMER = 'beacon-events';

/**
 * Applies the log's events to PostgreSQL in large batches (the worker processes'; every one of them pulls from the
 * same durable consumer). A batch is acknowledged after the statistics recorded it; one that failed (the database
 * down) is left unacknowledged and comes again, to this or another worker. Recording is idempotent per (device,
 * message, type) — the bits on the send records — so a batch applied twice counts nothing twice.
 */
export class EventsLogConsumer {
  private stopped = false;
  private loop: Promise<void> | undefined;
  /** Messages applied and acknowledged by this consumer (tests, metrics). */
  applied = 0;
  /** Pulls the client ended because the server's heartbeats came late (a stalled host): ended, not failed. */
  pullsEndedByHeartbeats = 0;

  constructor(
    private readonly nc: NatsConnection,
    private readonly statistics: DeviceStatistics,
    private readonly opts: EventsConsumerOptions = {},
  ) {}

  /** Creates the durable consumer if it is missing (or updates its ack wait), then pulls until `stop`. */
  async start(): Promise<void> {
    const durable = this.opts.durable ?? EVENTS_CONSUMER;
    const jsm = await jetstreamManager(this.nc, { timeout: 15_000 });
    try {
      const info = await jsm.consumers.info(EVENTS_STREAM, durable);
      // a consumer made by an earlier version: its ack wait brought to this one's
      if (info.config.ack_wait !== ACK_WAIT_NS)
        await jsm.consumers.update(EVENTS_STREAM, durable, { ack_wait: ACK_WAIT_NS }).catch(() => undefined);
    } catch {
      await jsm.consumers
        .add(EVENTS_STREAM, {
          durable_name: durable,
          ack_policy: AckPolicy.Explicit,
          deliver_policy: DeliverPolicy.All,
          filter_subject: EVENTS_SUBJECT,
          ack_wait: ACK_WAIT_NS,
          max_ack_pending: 20_000,
        })
        .catch(async (err: unknown) => {
          // another worker created it meanwhile; else the error of the add
          await jsm.consumers.info(EVENTS_STREAM, durable).catch(() => {
            throw err;
          });
        });
    }
    this.loop = this.run(durable);
  }

  private async run(durable: string): Promise<void> {
    const js = jetstream(this.nc, { timeout: 15_000 });
    while (!this.stopped) {
      try {
        const consumer = await js.consumers.get(EVENTS_STREAM, durable);
        const pull = this.opts.batch ?? 200;
        const most = Math.max(pull, this.opts.maxBatch ?? 10_000);
        const windowMs = this.opts.windowMs ?? EVENTS_WINDOW_MS;
        while (!this.stopped) {
          const msgs: JsMsg[] = [];
          let firstAt = 0;
          // pulls until the window since the batch's first message has passed (or the batch is full); a pull that
          // fails (a NATS node gone) still applies what the batch holds, rather than leave it to the ack wait
          try {
            while (
              !this.stopped &&
              msgs.length < most &&
              (msgs.length === 0 || Date.now() - firstAt < windowMs)
            ) {
              const it = await consumer.fetch({
                max_messages: Math.min(pull, most - msgs.length),
                expires: 1000,
              });
              try {
                for await (const m of it) {
                  if (msgs.length === 0) firstAt = Date.now();
                  msgs.push(m);
                }
              } catch (err) {
                // a pull of 1 s expects a heartbeat every 500 ms and is ended by the client when two are missed (a
                // stalled NATS host or a stalled worker): a pull that ended; the next one asks again, and a consumer
                // that is really gone fails it
                if (!(err instanceof JetStreamError && err.message === 'heartbeats missed')) throw err;
                this.pullsEndedByHeartbeats++;
              }
              if (windowMs <= 0 && msgs.length > 0) break;
            }
          } finally {
            if (msgs.length > 0) await this.apply(msgs);
          }
        }
      } catch (err) {
        if (this.stopped) return;
        this.opts.onError?.(err);
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  }

  /** Records a batch of messages (their calls merged per device and message), then acknowledges it. */
  async apply(msgs: JsMsg[]): Promise<void> {
    const rows = mergeEvents(msgs.flatMap((m) => loggedCalls(m.data)));
    const per = this.opts.rowsPerStatement ?? 5000;
    try {
      for (let i = 0; i < rows.length; i += per) await this.statistics.recordEvents(rows.slice(i, i + per));
      if (this.opts.touch) {
        const devices = distinctDevices(rows);
        for (let i = 0; i < devices.length; i += per) await this.opts.touch(devices.slice(i, i + per));
      }
    } catch (err) {
      // the database down: the batch comes again after a second (to whichever worker pulls it), meanwhile kept
      for (const m of msgs) m.nak(1000);
      throw err;
    }
    await Promise.all(msgs.map((m) => m.ackAck().catch(() => false)));
    this.applied += msgs.length;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.loop;
  }
}
