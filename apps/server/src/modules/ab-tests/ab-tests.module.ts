import type { ModuleContext, ModuleParts } from '../context';
import type { GroupSendsService } from '../group-sends';
import type { MessagesServices } from '../messages';
import { AbTestsRepository } from './ab-tests.repository';
import { registerAbTestRoutes } from './ab-tests.routes';
import { AbTestsService } from './ab-tests.service';
import { abTestJobs } from './ab-tests.jobs';
import { AbWinnerRunner } from './ab-winner';

/**
 * A/B tests (docs/ab-tests.md): arms saved by the messages service on a slice of the test's audience; the workers send
 * an automatic test's winner to the rest.
 */
export function abTestsModule(
  ctx: ModuleContext,
  messages: MessagesServices,
  groupSends: GroupSendsService,
): ModuleParts {
  const repo = new AbTestsRepository(ctx.database);
  const service = new AbTestsService({
    repo,
    messages: messages.messages,
    actions: messages.actions,
    writer: messages.writer,
  });
  const runner = new AbWinnerRunner({
    repo,
    service,
    appOf: messages.appOf,
    log: ctx.app.log,
  });
  return {
    routes: () => registerAbTestRoutes(ctx.app, { service, appOf: messages.appOf, groupSends }),
    jobs: abTestJobs({ runner, everySeconds: ctx.config.delivery.abWinnerSeconds, log: ctx.app.log }),
  };
}
