import type { Logger } from 'pino';
import { connectEventsLog, EventsLog } from './events-log';
import { EventsLogConsumer, type EventsConsumerOptions } from './events-log.consumer';
import type { DeviceStatistics } from './devices.service';

/** The events' log of a process: its appender (the device API) and, in a worker process, its consumer. */
export interface RunningEventsLog {
  log: EventsLog;
  consumer: EventsLogConsumer | undefined;
  close(): Promise<void>;
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
    close: async () => {
      await appender.close();
      await consumer?.stop();
      await nc.drain().catch(() => undefined);
    },
  };
}
