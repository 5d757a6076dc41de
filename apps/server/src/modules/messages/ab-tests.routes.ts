import { abSignificance, abTestCalls } from '@beacon/shared';
import { registerCall } from '../../lib/register-call';
import type { AppRecord } from '../apps';
import { AbTestsRepository, type AbChildRecord } from './ab-tests.repository';
import { AbTestsService } from './ab-tests.service';
import { toAbRow } from './ab-tests.presenter';
import { messagesPolicy as policy } from './messages.policy';
import type { MessagesRepository } from './messages.repository';
import type { MessageActionsService } from './messages-actions.service';
import type { MessagesService } from './messages.service';
import type { ModuleContext } from '../context';

/** Whether arm B's clicks per dispatched device differ from arm A's (null until both arms exist). */
function significanceOf(children: AbChildRecord[]) {
  const a = children.find((c) => c.groupTag === 'A');
  const b = children.find((c) => c.groupTag === 'B');
  if (!a || !b) return null;
  const counts = (c: AbChildRecord) => ({
    dispatched: c.dispatchCount,
    reach: c.reachCount,
    show: c.showCount,
    click: c.clickCount,
  });
  return abSignificance(counts(a), counts(b));
}

/** The A/B test calls (spec part 2 §7): create/edit, list, detail, send to all, delete. */
export function registerAbTestRoutes(
  ctx: ModuleContext,
  deps: {
    messages: MessagesService;
    actions: MessageActionsService;
    messagesRepo: MessagesRepository;
    appOf: (appId: number) => Promise<AppRecord>;
  },
): void {
  const { app, database } = ctx;
  const repo = new AbTestsRepository(database);
  const service = new AbTestsService({
    repo,
    messages: deps.messages,
    actions: deps.actions,
    messagesRepo: deps.messagesRepo,
  });
  const actor = (session: { user: { id: number; email: string } }, projectLevel: number) => ({
    id: session.user.id,
    email: session.user.email,
    projectLevel,
  });

  registerCall(app, abTestCalls.save, policy.compose, async ({ params, body, session, projectLevel }) => {
    const saved = await service.save(await deps.appOf(params.appId), body, actor(session, projectLevel));
    return { id: saved.id, msgId: saved.id, status: saved.status };
  });
  registerCall(app, abTestCalls.list, policy.read, async ({ params, body }) => {
    const { rows, total } = await service.list(params.appId, body);
    return { msgs: rows.map(toAbRow), total };
  });
  registerCall(app, abTestCalls.detail, policy.read, async ({ params }) => {
    const found = await service.detail(params.appId, params.msgId);
    const settings = await deps.messages.find(params.appId, params.msgId);
    return {
      ...toAbRow(found),
      conditions: settings.conditions,
      groupId: settings.groupId,
      userIds: settings.userIds,
      fileOrigin: settings.fileOrigin,
      fileLink: settings.fileLink,
      timeToLive: settings.ttlSeconds,
      speedLimit: settings.speedLimit,
      msgRestrictType: settings.restrictType,
      msgDisplayPrior: settings.displayPrior,
      significance: significanceOf(found.children),
    };
  });
  registerCall(app, abTestCalls.sendToAll, policy.act, async ({ params, session, projectLevel }) => {
    const id = await service.sendToAll(
      await deps.appOf(params.appId),
      params.msgId,
      params.groupMsgId,
      actor(session, projectLevel),
    );
    return { msgId: id };
  });
  registerCall(app, abTestCalls.remove, policy.act, async ({ params }) => {
    await service.remove(params.appId, params.msgId);
    return {};
  });
}
