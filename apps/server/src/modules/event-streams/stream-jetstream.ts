import { connect, type NatsConnection } from '@nats-io/transport-node';
import {
  DiscardPolicy,
  jetstream,
  jetstreamManager,
  RetentionPolicy,
  StorageType,
  type JetStreamClient,
} from '@nats-io/jetstream';
import type { StreamPublisher } from './stream-delivery';

/** The JetStream stream of the outgoing events, and its subjects (one per app: `beacon.events.<appId>`). */
export const OUT_STREAM = 'BEACON_EVENTS_OUT';
export const outSubject = (appId: number) => `beacon.events.${appId}`;

/**
 * Publishes the stream events' batches on JetStream (NATS_URL): one message per batch on the app's subject, the
 * batch's body as the webhook gets it, `Nats-Msg-Id` `<appId>-<first id>-<last id>` so that a batch published again
 * within two minutes (its post failed) is kept once; later repeats carry the same event ids.
 */
export class JetStreamPublisher implements StreamPublisher {
  private constructor(
    private readonly nc: NatsConnection,
    private readonly js: JetStreamClient,
  ) {}

  static async connect(nats: { servers: string[]; replicas: number }): Promise<JetStreamPublisher> {
    const nc = await connect({
      servers: nats.servers,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 250,
      name: `beacon-streams-${process.pid}`,
    });
    const jsm = await jetstreamManager(nc, { timeout: 10_000 });
    try {
      await jsm.streams.info(OUT_STREAM);
    } catch {
      await jsm.streams
        .add({
          name: OUT_STREAM,
          subjects: ['beacon.events.*'],
          storage: StorageType.File,
          num_replicas: nats.replicas,
          retention: RetentionPolicy.Limits,
          max_age: 7 * 24 * 3600 * 1_000_000_000,
          discard: DiscardPolicy.Old,
          duplicate_window: 120 * 1_000_000_000,
        })
        .catch(async (err: unknown) => {
          await jsm.streams.info(OUT_STREAM).catch(() => {
            throw err;
          });
        });
    }
    return new JetStreamPublisher(nc, jetstream(nc, { timeout: 10_000 }));
  }

  async publish(appId: number, body: string, firstId: number, lastId: number): Promise<void> {
    await this.js.publish(outSubject(appId), body, { msgID: `${appId}-${firstId}-${lastId}` });
  }

  async close(): Promise<void> {
    await this.nc.drain().catch(() => undefined);
  }
}
