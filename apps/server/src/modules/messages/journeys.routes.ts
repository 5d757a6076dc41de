import { journeyCalls } from '@beacon/shared';
import { JOBS } from '../../jobs/boss';
import { registerCall } from '../../lib/register-call';
import type { AppRecord } from '../apps';
import type { ModuleContext } from '../context';
import { JourneysRepository } from './journeys.repository';
import { JourneyRunner } from './journeys.runner';
import { JourneysService } from './journeys.service';
import { toJourneyDetail, toJourneyRow } from './journeys.presenter';
import { messagesPolicy as policy } from './messages.policy';
import type { MessagesRepository } from './messages.repository';
import type { MessageActionsService } from './messages-actions.service';
import type { MessagesService } from './messages.service';

/**
 * The journey calls (spec part 2 §7 flowCanvas*, docs/journeys.md) and the journeys' background work: the estimate
 * job, the step transition job, the engine's "finished" hook and the sweep (in processes that run delivery workers).
 */
export function registerJourneyRoutes(
  ctx: ModuleContext,
  deps: {
    messages: MessagesService;
    actions: MessageActionsService;
    messagesRepo: MessagesRepository;
    appOf: (appId: number) => Promise<AppRecord>;
  },
): JourneysService {
  const { app, database, delivery, config } = ctx;
  const repo = new JourneysRepository(database);
  const jobs = {
    estimate: async (journeyId: number, appId: number, rev: number) => {
      const { name, options } = JOBS.journeyEstimate;
      await (await delivery.boss()).send(name, { journeyId, appId, rev }, options);
    },
    step: async (stepId: number, at: Date) => {
      const { name, options } = JOBS.journeyStep;
      await (
        await delivery.boss()
      ).send(name, { stepId }, { ...options, startAfter: at, singletonKey: `journey-step-${stepId}` });
    },
  };
  const service = new JourneysService({
    repo,
    messages: deps.messages,
    messagesRepo: deps.messagesRepo,
    actions: deps.actions,
    log: app.log,
    jobs,
  });
  const runner = new JourneyRunner({
    repo,
    jobs,
    queueWave: async (waveId, runAt) => (await delivery.engine()).queueWave(waveId, runAt),
    transaction: (fn) => database.transaction(fn),
    log: app.log,
  });
  delivery.whenFinished((messageId) => runner.finished(messageId));
  let sweep: NodeJS.Timeout | undefined;
  delivery.addWorkers(async (boss) => {
    await boss.work(
      JOBS.journeyEstimate.name,
      { batchSize: 1, pollingIntervalSeconds: 0.5 },
      async ([job]) => {
        if (!job) return;
        const { journeyId, appId, rev } = JOBS.journeyEstimate.payload.parse(job.data);
        await service.estimate(journeyId, appId, rev);
      },
    );
    await boss.work(JOBS.journeyStep.name, { batchSize: 1, pollingIntervalSeconds: 0.5 }, async ([job]) => {
      if (job) await runner.transition(JOBS.journeyStep.payload.parse(job.data).stepId);
    });
    // what a crash left (a finished step whose followers were never queued) and steps whose jobs were lost
    const run = () =>
      void runner.sweep().catch((err: unknown) => app.log.warn({ err }, 'journey sweep failed'));
    sweep = setInterval(run, config.delivery.journeySweepSeconds * 1000);
    sweep.unref();
    run();
  });
  app.addHook('onClose', async () => {
    if (sweep) clearInterval(sweep);
  });
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
  return service;
}
