import { connect, type NatsConnection } from '@nats-io/transport-node';
import {
  DiscardPolicy,
  jetstream,
  jetstreamManager,
  RetentionPolicy,
  StorageType,
  type JetStreamClient,
  type JetStreamManager,
} from '@nats-io/jetstream';
import { randomUUID } from 'node:crypto';
import type { DeviceEvents } from '@beacon/shared';
import { WriteBatcher } from '../../lib/write-batcher';

/** The stream of the device events, and the subject its messages are published on. */
export const EVENTS_STREAM = 'BEACON_EVENTS';
export const EVENTS_SUBJECT = 'beacon.events';
/** Most bytes of one message's JSON: under nats-server's default max_payload (1 MB), with room for headers. */
const MAX_MESSAGE_BYTES = 900_000;
/** How long a message is retried (leader elections, reconnections) before its calls get an error. */
const PUBLISH_DEADLINE_MS = 20_000;

/** One accepted `events` call, as the log keeps it (a message holds the calls of a short window, in a JSON array). */
export interface LoggedCall {
  appId: number;
  body: DeviceEvents;
}

export interface EventsLogOptions {
  servers: string[];
  /** Replicas of the stream (3 on a 3-node cluster; 1 on a single test server). */
  replicas: number;
  /** Most calls one message carries (default 500), and how many publishes wait for their ack at once (default 8). */
  maxCalls?: number;
  inFlight?: number;
}

/** How long a starting process waits for JetStream to answer (a cluster that has just started has no leader yet). */
const JETSTREAM_READY_MS = 90_000;

/**
 * JetStream's manager once the cluster answers: a cluster started with Beacon (or just restarted) elects its meta
 * leader first, and until then its API requests time out — seen taking longer than one 15 s request on a loaded
 * machine. Asks again until JETSTREAM_READY_MS have passed, then throws the last error.
 */
async function readyJetStream(nc: NatsConnection): Promise<JetStreamManager> {
  const deadline = Date.now() + JETSTREAM_READY_MS;
  for (;;) {
    try {
      return await jetstreamManager(nc, { timeout: 10_000 });
    } catch (err) {
      if (Date.now() >= deadline) throw err;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

/** Connects to NATS (reconnecting for ever, to any server of the list) and makes sure the events' stream exists. */
export async function connectEventsLog(
  opts: Pick<EventsLogOptions, 'servers' | 'replicas'>,
): Promise<NatsConnection> {
  const nc = await connect({
    servers: opts.servers,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 250,
    name: `beacon-${process.pid}`,
    // no stack captured for every request (a JetStream publish is one): ≈ 2 % of an events call's CPU, for a trace
    // that would only name the client's own frames
    noAsyncTraces: true,
  });
  const jsm = await readyJetStream(nc);
  const config = {
    name: EVENTS_STREAM,
    subjects: [EVENTS_SUBJECT],
    storage: StorageType.File,
    num_replicas: opts.replicas,
    // a work queue would drop a message once one consumer acks it: limits keep it for a replay (a second consumer)
    retention: RetentionPolicy.Limits,
    max_age: 7 * 24 * 3600 * 1_000_000_000,
    discard: DiscardPolicy.Old,
    // a publish retried after a lost ack is kept once (its Nats-Msg-Id) within two minutes
    duplicate_window: 120 * 1_000_000_000,
  };
  try {
    await jsm.streams.info(EVENTS_STREAM);
  } catch {
    await jsm.streams.add(config).catch(async (err: unknown) => {
      // another process created it meanwhile
      await jsm.streams.info(EVENTS_STREAM).catch(() => {
        throw err;
      });
    });
  }
  return nc;
}

/**
 * The device API's side of the log: `append` resolves once JetStream acknowledged (stored on a majority of the
 * stream's replicas) the message that holds the call's events. The calls of concurrent requests ride one message (a
 * group commit: what arrives while publishes are in flight goes in the next), so a burst costs a few round trips.
 */
export class EventsLog {
  private readonly js: JetStreamClient;
  private readonly batcher: WriteBatcher<LoggedCall, void>;

  constructor(
    readonly nc: NatsConnection,
    opts: Pick<EventsLogOptions, 'maxCalls' | 'inFlight'> = {},
  ) {
    this.js = jetstream(nc, { timeout: 10_000 });
    this.batcher = new WriteBatcher<LoggedCall, void>((calls) => this.publish(calls), {
      maxBatch: opts.maxCalls ?? 500,
      maxDelayMs: 2,
      concurrency: opts.inFlight ?? 8,
      // a publish fails for the log (no quorum, timeout), never for one call: no bisection
      mayIsolate: () => false,
    });
  }

  append(appId: number, body: DeviceEvents): Promise<void> {
    return this.batcher.add({ appId, body });
  }

  /** Publishes the calls in messages of at most MAX_MESSAGE_BYTES, each with an id JetStream deduplicates by. */
  private async publish(calls: LoggedCall[]): Promise<void[]> {
    const parts: string[][] = [[]];
    let bytes = 2;
    for (const call of calls) {
      const json = JSON.stringify(call);
      if (bytes + json.length + 1 > MAX_MESSAGE_BYTES && parts[parts.length - 1]!.length > 0) {
        parts.push([]);
        bytes = 2;
      }
      parts[parts.length - 1]!.push(json);
      bytes += json.length + 1;
    }
    await Promise.all(parts.map((p) => this.publishOne(`[${p.join(',')}]`)));
    return calls.map(() => undefined);
  }

  /**
   * One message, retried under the same id while the cluster elects a new leader or the client moves to another
   * server (a node killed): JetStream keeps it once. Fails after PUBLISH_DEADLINE_MS (the caller answers an error).
   */
  private async publishOne(data: string): Promise<void> {
    const msgID = randomUUID();
    const deadline = Date.now() + PUBLISH_DEADLINE_MS;
    for (let attempt = 0; ; attempt++) {
      try {
        await this.js.publish(EVENTS_SUBJECT, data, { msgID, timeout: 5_000 });
        return;
      } catch (err) {
        if (Date.now() > deadline || this.nc.isClosed()) throw err;
        await new Promise((r) => setTimeout(r, Math.min(1000, 100 * 2 ** attempt)));
      }
    }
  }

  async close(): Promise<void> {
    await this.batcher.drain();
  }
}

/** The calls a message of the log holds. */
export function loggedCalls(data: Uint8Array): LoggedCall[] {
  return JSON.parse(new TextDecoder().decode(data)) as LoggedCall[];
}
