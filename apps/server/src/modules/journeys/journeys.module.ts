import type { ModuleContext, ModuleParts } from '../context';
import type { MessagesServices } from '../messages';
import { journeyJobs, journeyQueue } from './journeys.jobs';
import { JourneysRepository } from './journeys.repository';
import { JourneyEntries } from './journey-entries.repository';
import { JourneyFeed } from './journey-feed.repository';
import { EventCounter } from '../statistics';
import type { CustomEventsObserver } from '../custom-events';
import type { JourneyReviewPort } from '../reviews';
import { registerJourneyRoutes } from './journeys.routes';
import { JourneyRunner } from './journeys.runner';
import { JourneysService } from './journeys.service';

/**
 * Journeys (docs/journeys.md): a definition estimated in the background, the entry step saved by the messages
 * service, later steps entering from their source's send records and events when the engine says it has sent.
 */
export function journeysModule(
  ctx: ModuleContext,
  messages: MessagesServices,
): { parts: ModuleParts; observer: CustomEventsObserver; review: JourneyReviewPort } {
  const { app, database, delivery } = ctx;
  const repo = new JourneysRepository(database);
  const entries = new JourneyEntries(database);
  // every process (an API process stores events too): kicked by each flush that queued listened events, swept for
  // what a crashed process left; one transaction a batch under one lock across processes
  const entering = new EventCounter(database, (tx, limit) => entries.take(tx, limit), {
    delayMs: 20,
    sweepMs: 2000,
    batch: 200,
    onError: (err) => app.log.error({ err }, 'journey entries failed; the sweep retries'),
  });
  entering.start();
  app.addHook('onClose', async () => entering.close());
  const jobs = journeyQueue(() => delivery.boss());
  const service = new JourneysService({
    repo,
    messages: messages.messages,
    messagesRepo: messages.repo,
    writer: messages.writer,
    actions: messages.actions,
    log: app.log,
    jobs,
    entries,
  });
  const runner = new JourneyRunner({
    repo,
    writer: messages.writer,
    jobs,
    queueWave: async (waveId, runAt) => (await delivery.engine()).queueWave(waveId, runAt),
    transaction: (fn) => database.transaction(fn),
    log: app.log,
    feed: new JourneyFeed(database),
  });
  // the engine's "finished" hook: a step that has sent makes its followers due
  delivery.whenFinished((messageId) => runner.finished(messageId));
  const parts: ModuleParts = {
    routes: () => registerJourneyRoutes(app, { service, appOf: messages.appOf }),
    jobs: journeyJobs({
      service,
      runner,
      sweepSeconds: ctx.config.delivery.journeySweepSeconds,
      feedSeconds: ctx.config.delivery.journeyFeedSeconds,
      log: app.log,
    }),
  };
  return {
    parts,
    observer: { stored: () => entering.kick() },
    review: {
      isEventJourney: (appId, id) => service.isEventJourney(appId, id),
      release: (appId, id) => service.release(appId, id),
    },
  };
}
