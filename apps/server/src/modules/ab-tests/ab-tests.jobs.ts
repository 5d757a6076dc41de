import type { ModuleJobs } from '../context';
import type { AbWinnerRunner } from './ab-winner';

/** The A/B tests' look for automatic winners, in processes that run delivery workers (ab-winner.ts). */
export function abTestJobs(deps: {
  runner: AbWinnerRunner;
  /** how often the open automatic tests are looked at (BEACON_AB_WINNER_SECONDS) */
  everySeconds: number;
  log: { warn(obj: object, msg?: string): void };
}): ModuleJobs {
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  return {
    start: async () => {
      const look = () => {
        if (running) return;
        running = true;
        void deps.runner
          .sweep()
          .catch((err: unknown) => deps.log.warn({ err }, 'A/B winner look failed'))
          .finally(() => (running = false));
      };
      timer = setInterval(look, deps.everySeconds * 1000);
      timer.unref();
      look();
    },
    stop: () => {
      if (timer) clearInterval(timer);
    },
  };
}
