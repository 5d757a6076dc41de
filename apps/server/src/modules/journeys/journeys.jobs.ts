import type PgBoss from 'pg-boss';
import { JOBS } from '../../jobs/boss';
import type { ModuleJobs } from '../context';
import type { JourneyRunner } from './journeys.runner';
import type { JourneyJobs, JourneysService } from './journeys.service';

/** The journeys' jobs (jobs/boss.ts JOBS.journeyEstimate / journeyStep), queued through the delivery runtime. */
export function journeyQueue(boss: () => Promise<PgBoss>): JourneyJobs {
  return {
    estimate: async (journeyId, appId, rev) => {
      const { name, options } = JOBS.journeyEstimate;
      await (await boss()).send(name, { journeyId, appId, rev }, options);
    },
    step: async (stepId, at) => {
      const { name, options } = JOBS.journeyStep;
      await (
        await boss()
      ).send(name, { stepId }, { ...options, startAfter: at, singletonKey: `journey-step-${stepId}` });
    },
  };
}

/**
 * The journeys' handlers, in processes that run delivery workers: the estimate job, the step transition job, and the
 * sweep (what a crash left: a finished step whose followers were never queued, and steps whose jobs were lost).
 */
export function journeyJobs(deps: {
  service: JourneysService;
  runner: JourneyRunner;
  sweepSeconds: number;
  /** how often event-started journeys' live steps are fed */
  feedSeconds: number;
  log: { warn(obj: object, msg?: string): void };
}): ModuleJobs {
  const { service, runner, log } = deps;
  let sweep: NodeJS.Timeout | undefined;
  let feed: NodeJS.Timeout | undefined;
  return {
    start: async (boss) => {
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
      const run = () =>
        void runner.sweep().catch((err: unknown) => log.warn({ err }, 'journey sweep failed'));
      sweep = setInterval(run, deps.sweepSeconds * 1000);
      sweep.unref();
      run();
      const fed = () =>
        void runner.feedLive().catch((err: unknown) => log.warn({ err }, 'journey feed failed'));
      feed = setInterval(fed, deps.feedSeconds * 1000);
      feed.unref();
    },
    stop: () => {
      if (sweep) clearInterval(sweep);
      if (feed) clearInterval(feed);
    },
  };
}
