import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { startEmulator, type FcmEmulator } from '@beacon/fcm-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { ownerAppOnEmulator } from '../../test/messaging';
import { startNatsCluster, type NatsCluster } from '../../test/nats';
import { startTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { until } from '../../test/until';
import { WebhookReceiver } from '../../test/webhook-receiver';
import { OUT_STREAM, outSubject } from './stream-jetstream';

interface Batch {
  appId: number;
  events: Array<{ id: number }>;
}

/**
 * The event streams on JetStream (NATS_URL, docs/event-streams.md): a nats-server of its own (the test fails when
 * nats-server is missing, as every NATS test does) and a receiver that drops the connection after taking the first
 * batch, so that batch is published twice with the same Nats-Msg-Id: the stream BEACON_EVENTS_OUT keeps one message per
 * batch, and its messages carry exactly the events the webhook got, with the same ids and content.
 */
describe.each(backends('one'))('event streams on JetStream [$name, 1 NATS node]', (backend) => {
  let nats: NatsCluster;
  let t: TestApp;
  let emu: FcmEmulator;
  let nc: NatsConnection;
  let owner: TestClient;
  let appId: number;
  const receiver = new WebhookReceiver();
  const base = () => `/tcm/v1/app/${appId}/event-streams`;
  const status = async () => (await owner.call('GET', base())).json().data;

  let dir = '';
  beforeAll(async () => {
    nats = await startNatsCluster(1);
    await receiver.start();
    dir = mkdtempSync(path.join(tmpdir(), 'beacon-streams-'));
    writeFileSync(path.join(dir, 'ca.pem'), receiver.tls.caPem);
    emu = await startEmulator({ tlsPort: null });
    t = await startTestApp(
      backend,
      {
        FCM_BASE_URL: emu.h2cUrl,
        NATS_URL: nats.url,
        NATS_REPLICAS: '1',
        BEACON_STREAMS_CA_FILE: path.join(dir, 'ca.pem'),
        BEACON_STREAMS_POLL_MS: '100',
        BEACON_STREAMS_BACKOFF_BASE_MS: '50',
        BEACON_STREAMS_BACKOFF_MAX_SECONDS: '1',
        BEACON_EXPORT_DIR: path.join(dir, 'exports'),
      },
      { runWorkers: true },
    );
    // the delivery workers, as `beacon serve` and `beacon worker` start them (the streams' loop is one of their jobs)
    await t.delivery.engine();
    nc = await connect({ servers: nats.url.split(',') });
    const created = await ownerAppOnEmulator(t, emu, {
      title: 'JetStream',
      pkg: 'com.example.jetstream',
      projectId: 'jetstream',
    });
    owner = created.owner;
    appId = created.app.id;
  }, 60_000);
  afterAll(async () => {
    await nc?.drain().catch(() => undefined);
    await t?.close();
    await emu?.close();
    await receiver.down();
    await nats?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('publishes each batch once on beacon.events.<appId>, with the events the webhook got', async () => {
    const saved = (
      await owner.post(`${base()}/save`, {
        enabled: true,
        url: receiver.url,
        types: ['sent', 'delivered', 'shown', 'clicked', 'dismissed', 'lost', 'uninstalled'],
        maxAgeHours: 24,
      })
    ).json();
    expect(saved.data.status.jetstream).toBe(true);
    receiver.secret = saved.data.secret;
    // the first batch is taken and its answer lost: it is published (and posted) again
    receiver.script('drop-after');
    const ids = (
      await t.database.query<{ id: number }>(
        `INSERT INTO stream_events (app_id, type, message_id, device_ids, loss_codes)
         SELECT $1, 1 + g % 7, 4242, ARRAY[g::bigint], CASE WHEN g % 7 = 5 THEN ARRAY[107::smallint] END
         FROM generate_series(1, 1200) g
         RETURNING id::float8 AS id`,
        [appId],
      )
    )
      .map((r) => r.id)
      .sort((a, b) => a - b);
    const done = await until('all delivered', status, (s) => s.backlog === 0 && s.delivered === 1200);
    expect(done.failedPosts).toBe(1);
    expect(receiver.duplicates).toBe(500);

    // every message of the app's subject, read by a consumer of our own
    const jsm = await jetstreamManager(nc);
    const info = await jsm.streams.info(OUT_STREAM);
    expect(info.config.subjects).toEqual(['beacon.events.*']);
    await jsm.consumers.add(OUT_STREAM, {
      durable_name: 'test-reader',
      filter_subject: outSubject(appId),
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
    });
    const consumer = await jetstream(nc).consumers.get(OUT_STREAM, 'test-reader');
    const batches: Array<{ msgId: string | undefined; body: Batch }> = [];
    const messages = await consumer.fetch({ max_messages: 100, expires: 2000 });
    for await (const m of messages) {
      batches.push({ msgId: m.headers?.get('Nats-Msg-Id'), body: m.json<Batch>() });
      m.ack();
    }
    // three batches (500, 500, 200), the first published twice but kept once
    expect(batches.map((b) => b.body.events.length)).toEqual([500, 500, 200]);
    expect(batches.every((b) => b.body.appId === appId)).toBe(true);
    const published = batches.flatMap((b) => b.body.events.map((e) => e.id));
    expect(published).toEqual(ids);
    expect(batches.map((b) => b.msgId)).toEqual(
      batches.map((b) => `${appId}-${b.body.events[0]!.id}-${b.body.events.at(-1)!.id}`),
    );
    // the same events, in the same content, as the webhook got them
    expect([...receiver.events.keys()].sort((a, b) => a - b)).toEqual(ids);
    for (const b of batches) for (const e of b.body.events) expect(e).toEqual(receiver.events.get(e.id));

    // a batch published once more (same Nats-Msg-Id) within the duplicate window is kept once
    const js = jetstream(nc);
    const first = batches[0]!;
    const ack = await js.publish(outSubject(appId), JSON.stringify(first.body), { msgID: first.msgId! });
    expect(ack.duplicate).toBe(true);
    expect((await jsm.streams.info(OUT_STREAM)).state.messages).toBe(3);
  });
});
