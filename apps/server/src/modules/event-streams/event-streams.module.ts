import { readFileSync } from 'node:fs';
import type { ModuleContext, ModuleParts } from '../context';
import { EventStreamsRepository } from './event-streams.repository';
import { registerEventStreamsRoutes } from './event-streams.routes';
import { EventStreamsService } from './event-streams.service';
import { StreamDelivery } from './stream-delivery';
import { StreamExport } from './stream-export';
import { JetStreamPublisher } from './stream-jetstream';
import { WebhookPoster } from './webhook-poster';

/**
 * Event streams out (issue 34 §3, docs/event-streams.md): the console's settings and status, and — with the delivery
 * workers (serve, worker) — the loop that posts the events the counting statements queued (stream-events.sql.ts),
 * publishes them on JetStream with NATS_URL, and writes the daily exports.
 */
export function eventStreamsModule({ app, config, database, box }: ModuleContext): ModuleParts {
  const repo = new EventStreamsRepository(database);
  let delivery: StreamDelivery | undefined;
  let publisher: JetStreamPublisher | undefined;
  let stopping = async () => undefined as void;
  const service = new EventStreamsService(repo, box, config.nats !== undefined, () => delivery?.kick());
  return {
    routes: () => registerEventStreamsRoutes(app, service),
    jobs: {
      start: async () => {
        if (config.nats) publisher = await JetStreamPublisher.connect(config.nats);
        const poster = new WebhookPoster({
          ca: config.streams.caFile ? readFileSync(config.streams.caFile, 'utf8') : undefined,
          timeoutMs: config.streams.timeoutMs,
        });
        delivery = new StreamDelivery(
          repo,
          poster,
          (sealed) => box.open(sealed),
          publisher,
          (err) => app.log.warn({ err }, 'event streams: a delivery pass failed; the next one retries'),
          {
            pollMs: config.streams.pollMs,
            backoffBaseMs: config.streams.backoffBaseMs,
            backoffMaxMs: config.streams.backoffMaxMs,
          },
          new StreamExport(repo, config.streams.exportDir),
        );
        delivery.start();
        stopping = async () => {
          await delivery?.stop();
          poster.close();
          await publisher?.close();
        };
      },
      stop: () => stopping(),
    },
  };
}
