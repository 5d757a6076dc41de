import type { FastifyInstance } from 'fastify';
import { journeyCalls } from '@beacon/shared';
import { registerCall } from '../../lib/register-call';
import type { AppRecord } from '../apps';
import { messagesPolicy as policy } from '../messages';
import { toJourneyDetail, toJourneyRow } from './journeys.presenter';
import type { JourneysService } from './journeys.service';

/** The journey calls (spec part 2 §7 flowCanvas*, docs/journeys.md); their background work: journeys.jobs.ts. */
export function registerJourneyRoutes(
  app: FastifyInstance,
  deps: { service: JourneysService; appOf: (appId: number) => Promise<AppRecord> },
): void {
  const { service } = deps;
  const actor = (session: { user: { id: number; email: string } }, projectLevel: number) => ({
    id: session.user.id,
    email: session.user.email,
    projectLevel,
  });

  registerCall(
    app,
    journeyCalls.save,
    policy.compose,
    async ({ params, body, session, projectLevel, req }) => {
      const saved = await service.save(await deps.appOf(params.appId), body, {
        ...actor(session, projectLevel),
        lang: req.lang,
      });
      return { id: saved.id, msgId: saved.id, status: saved.status };
    },
  );
  registerCall(
    app,
    journeyCalls.confirm,
    policy.compose,
    async ({ params, query, session, projectLevel, req }) => {
      const saved = await service.confirm(
        await deps.appOf(params.appId),
        params.msgId,
        { ...actor(session, projectLevel), lang: req.lang },
        {
          ...(query.forceCreate === 'true' ? { forceCreate: true } : {}),
          ...(query.countryMsgforceCreate === 'true' ? { countryMsgforceCreate: true } : {}),
          ...(query.confirmIsGroup === 'true' ? { confirmIsGroup: true } : {}),
        },
      );
      return { id: saved.id, msgId: saved.id, status: saved.status };
    },
  );
  registerCall(app, journeyCalls.reCalc, policy.compose, async ({ params }) => {
    const saved = await service.reCalc(params.appId, params.msgId);
    return { id: saved.id, msgId: saved.id, status: saved.status };
  });
  registerCall(app, journeyCalls.list, policy.read, async ({ params, body }) => {
    const { rows, total } = await service.list(params.appId, body);
    return { msgs: rows.map(toJourneyRow), total };
  });
  registerCall(app, journeyCalls.detail, policy.read, async ({ params }) =>
    toJourneyDetail(await service.detail(params.appId, params.msgId)),
  );
  registerCall(app, journeyCalls.stop, policy.act, async ({ params }) => {
    await service.stop(params.appId, params.msgId);
    return { msgId: params.msgId };
  });
  registerCall(app, journeyCalls.remove, policy.act, async ({ params }) => {
    await service.remove(params.appId, params.msgId);
    return { msgId: params.msgId };
  });
}
