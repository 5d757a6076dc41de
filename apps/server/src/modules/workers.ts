import type { ModuleContext, ModuleJobs } from './context';

/**
 * The one place that starts every module's jobs: with the process's delivery workers (DeliveryRuntime.addWorkers:
 * serve and worker roles, never api), in module order; each is stopped when the app closes.
 */
export function startModuleJobs(
  ctx: Pick<ModuleContext, 'app' | 'delivery'>,
  jobs: readonly ModuleJobs[],
): void {
  if (jobs.length === 0) return;
  ctx.delivery.addWorkers(async (boss) => {
    for (const j of jobs) await j.start(boss);
  });
  ctx.app.addHook('onClose', async () => {
    for (const j of jobs) await j.stop?.();
  });
}
