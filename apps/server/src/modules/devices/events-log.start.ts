import type { Logger } from 'pino';
import type { NatsConnection } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import type { EventsLogStatus, StreamReplica } from '@beacon/shared';
import { connectEventsLog, EVENTS_STREAM, EventsLog } from './events-log';
import { EVENTS_CONSUMER, EventsLogConsumer, type EventsConsumerOptions } from './events-log.consumer';
import type { DeviceStatistics } from './devices.service';

/** The events' log of a process: its appender (the device API) and, in a worker process, its consumer. */
export interface RunningEventsLog {
  log: EventsLog;
  consumer: EventsLogConsumer | undefined;
  /** the stream's backlog and replicas, for the platform's System status */
  status(): Promise<StreamStatus>;
  close(): Promise<void>;
}

/** What the System status shows of a log (EventsLogStatus without its mode). */
export type StreamStatus = Omit<EventsLogStatus, 'mode'>;

/**
 * How long the System status waits for NATS before saying it did not answer: a cluster electing a new leader after
 * losing a node, or a client reconnecting to another server, answers within a few seconds.
 */
const STATUS_TIMEOUT_MS = 5000;

/**
 * The events' stream as the System status shows it: the messages the workers' durable consumer has not acknowledged
 * (pending and in flight), and the stream's replicas with the leader, whether each is current and its lag.
 */
async function streamStatus(nc: NatsConnection): Promise<StreamStatus> {
  try {
    const jsm = await jetstreamManager(nc, { timeout: STATUS_TIMEOUT_MS });
    const [stream, consumer] = await Promise.all([
      jsm.streams.info(EVENTS_STREAM),
      jsm.consumers.info(EVENTS_STREAM, EVENTS_CONSUMER).catch(() => undefined),
    ]);
    const cluster = stream.cluster;
    const replicas: StreamReplica[] = cluster?.leader
      ? [
          { name: cluster.leader, leader: true, current: true, lag: 0 },
          ...(cluster.replicas ?? []).map((r) => ({
            name: r.name,
            leader: false,
            current: r.current && !r.offline,
            lag: r.lag ?? 0,
          })),
        ]
      : [];
    return {
      // no consumer yet (no worker has started): every message of the stream waits
      waiting: consumer ? consumer.num_pending + consumer.num_ack_pending : stream.state.messages,
      oldestSeconds: null,
      replicas,
      error: null,
    };
  } catch (err) {
    return {
      waiting: null,
      oldestSeconds: null,
      replicas: [],
      error: `NATS did not answer: ${err instanceof Error ? err.message : String(err)}`,
    };
  }
}

/**
 * Connects to NATS (NATS_URL), makes sure the stream exists, and starts the consumer when this process runs the
 * workers (serve, worker): every worker pulls from the same durable consumer.
 */
export async function startEventsLog(
  nats: { servers: string[]; replicas: number },
  statistics: DeviceStatistics,
  runWorkers: boolean,
  log: Pick<Logger, 'warn'>,
  /** the consumer's touch of the devices whose events it applied (EventsConsumerOptions.touch) */
  touch?: EventsConsumerOptions['touch'],
): Promise<RunningEventsLog> {
  const nc = await connectEventsLog(nats);
  const appender = new EventsLog(nc);
  const consumer = runWorkers
    ? new EventsLogConsumer(nc, statistics, {
        onError: (err) => log.warn({ err }, 'applying device events from JetStream failed; they come again'),
        ...(touch ? { touch } : {}),
      })
    : undefined;
  await consumer?.start();
  return {
    log: appender,
    consumer,
    status: () => streamStatus(nc),
    close: async () => {
      await appender.close();
      await consumer?.stop();
      await nc.drain().catch(() => undefined);
    },
  };
}
