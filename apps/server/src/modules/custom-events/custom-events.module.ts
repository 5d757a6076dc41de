import { EventCounter, withCountsSettled } from '../statistics';
import type { ModuleContext, ModuleParts } from '../context';
import { SdkAuth } from '../devices';

import { CustomEventsService } from './custom-events-console.service';
import { CustomEventsRepository } from './custom-events.repository';
import { registerCustomEventsRoutes, registerTrackRoute } from './custom-events.routes';
import { CustomEventsIngest, type CustomEventsObserver } from './custom-events.service';

/**
 * Custom events (issue 33 §2): the device API's `track`, the counting of what it stores (off the request path, an
 * EventCounter of its own in every process, swept for what another process left), the console's names and report.
 * The report's requests first wait until what this process stored is counted.
 */
export function customEventsModule(
  { app, database, repos, box }: ModuleContext,
  /** told each flush's newly stored events (the journeys started by an event) */
  observer?: CustomEventsObserver,
): ModuleParts {
  const repo = new CustomEventsRepository(database);
  const counter = new EventCounter(database, (tx, limit) => repo.countQueued(tx, limit), {
    onError: (err) => app.log.error({ err }, 'counting custom events failed; the sweep retries'),
  });
  counter.start();
  const ingest = new CustomEventsIngest(repo, counter, observer ? { observer } : {});
  const service = new CustomEventsService(repo, (appId) => ingest.forget(appId));
  app.addHook('onClose', async () => {
    await ingest.drain();
    await counter.close();
  });
  const counting = {
    get counting() {
      return counter.busy;
    },
    settle: () => counter.settle(),
  };
  return {
    routes: async () => {
      await registerTrackRoute(app, { ingest, auth: new SdkAuth(repos.apps, box) });
      await withCountsSettled(app, counting, (scope) => registerCustomEventsRoutes(scope, service));
    },
  };
}
