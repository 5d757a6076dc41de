import type { ModuleContext, ModuleParts } from '../context';
import type { GroupSendsService } from '../group-sends';
import type { MessagesServices } from '../messages';
import { AbTestsRepository } from './ab-tests.repository';
import { registerAbTestRoutes } from './ab-tests.routes';
import { AbTestsService } from './ab-tests.service';

/** A/B tests (docs/ab-tests.md): arms saved by the messages service on a slice of the test's audience. */
export function abTestsModule(
  ctx: ModuleContext,
  messages: MessagesServices,
  groupSends: GroupSendsService,
): ModuleParts {
  const service = new AbTestsService({
    repo: new AbTestsRepository(ctx.database),
    messages: messages.messages,
    actions: messages.actions,
    writer: messages.writer,
  });
  return { routes: () => registerAbTestRoutes(ctx.app, { service, appOf: messages.appOf, groupSends }) };
}
