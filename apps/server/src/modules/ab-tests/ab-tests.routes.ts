import type { FastifyInstance } from 'fastify';
import { abTestCalls } from '@beacon/shared';
import { registerCall } from '../../lib/register-call';
import type { AppRecord } from '../apps';
import type { GroupSendsService } from '../group-sends';
import { messagesPolicy as policy } from '../messages';
import type { AbTestsService } from './ab-tests.service';
import { toAbDetail, toAbRow } from './ab-tests.presenter';

/** The A/B test calls (spec part 2 §7): create/edit, list, detail, send to all, delete. */
export function registerAbTestRoutes(
  app: FastifyInstance,
  deps: {
    service: AbTestsService;
    appOf: (appId: number) => Promise<AppRecord>;
    /** an A/B test composed for every app of a group (appGroupId) */
    groupSends: GroupSendsService;
  },
): void {
  const { service } = deps;
  const actor = (session: { user: { id: number; email: string; ulevel: number } }, projectLevel: number) => ({
    id: session.user.id,
    email: session.user.email,
    ulevel: session.user.ulevel,
    projectLevel,
  });

  registerCall(
    app,
    abTestCalls.save,
    policy.compose,
    async ({ params, body, session, projectLevel, req }) => {
      const saved = await deps.groupSends.saveAb(
        await deps.appOf(params.appId),
        body,
        { ...actor(session, projectLevel), lang: req.lang },
        service,
      );
      return { id: saved.id, msgId: saved.id, status: saved.status };
    },
  );
  registerCall(app, abTestCalls.list, policy.read, async ({ params, body, session }) => {
    const { rows, total } = await service.list(params.appId, body);
    // a test of an app-group send: whether the reader may stop, cancel or delete it in every app (the scope dialog)
    const groups = await deps.groupSends.rowsOf(
      rows.map((r) => r.parent),
      session.user,
    );
    return {
      msgs: rows.map((r) => {
        const group = groups.get(r.parent.id);
        return group ? { ...toAbRow(r), groupScope: group.groupScope } : toAbRow(r);
      }),
      total,
    };
  });
  registerCall(app, abTestCalls.detail, policy.read, async ({ params }) =>
    toAbDetail(await service.detail(params.appId, params.msgId)),
  );
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
