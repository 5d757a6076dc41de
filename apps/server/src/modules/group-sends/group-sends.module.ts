import { AppGroupsRepository } from '../app-groups';
import type { ModuleContext } from '../context';
import type { MessagesServices } from '../messages';
import { GroupSendsRepository } from './group-sends.repository';
import { GroupSendsService } from './group-sends.service';

/**
 * App-group sends (docs/group-sends.md): no calls of their own; the scope of the message and A/B test calls (a save
 * for every app of a group, `?group=1` row actions, the list's group rows), built on the messages module's services.
 */
export function groupSendsModule(ctx: ModuleContext, messages: MessagesServices): GroupSendsService {
  return new GroupSendsService({
    messages: messages.messages,
    actions: messages.actions,
    writer: messages.writer,
    groups: new AppGroupsRepository(ctx.database),
    groupRepo: new GroupSendsRepository(ctx.database),
    appOf: messages.appOf,
    levelOn: (user, appId) => ctx.app.projectLevel(user, appId),
    usableMaterial: messages.materialOf,
  });
}
