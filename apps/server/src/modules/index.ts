import { aiModule } from './ai';
import { alertsModule } from './alerts';
import { appControlModule } from './app-control';
import { appGroupsModule } from './app-groups';
import { appSettingsModule } from './app-settings';
import { appsModule } from './apps';
import { auditModule } from './audit';
import { controlGroupsModule } from './control-groups';
import { customEventsModule } from './custom-events';
import { dictionariesModule } from './dictionaries';
import { eventStreamsModule } from './event-streams';
import { forbidModule } from './forbid';
import { globalSettingsModule } from './global-settings';
import { iconModule } from './icon';
import { templatesModule } from './templates';
import { materialsModule } from './materials';
import { messagesModule } from './messages';
import { abTestsModule } from './ab-tests';
import { groupSendsModule } from './group-sends';
import { journeysModule } from './journeys';
import { modelControlModule } from './model-control';
import { reviewsModule } from './reviews';
import { sensitiveWordsModule } from './sensitive-words';
import { platformStatisticsModule, statisticsModule } from './statistics';
import { tagsModule } from './tags';
import { targetingModule } from './targeting';
import { teamModule } from './team';
import { testDevicesModule } from './test-devices';
import { troubleshootingModule } from './troubleshooting';
import { uploadsModule } from './uploads';
import { userGroupsModule } from './user-groups';
import { userAttributesModule } from './user-attributes';
import type { ModuleContext, ModuleJobs, ModuleParts, RegisterModule } from './context';
import { startModuleJobs } from './workers';

/**
 * The message modules, built in the order they need each other: messages (its services and its one writer of a
 * messages row), the app-group scope of its calls (group-sends), then A/B tests, journeys and reviews on them, and
 * custom events (whose stored events journeys listen to).
 */
function messagingModules(ctx: ModuleContext): ModuleParts[] {
  const messages = messagesModule(ctx);
  const groupSends = groupSendsModule(ctx, messages.services);
  const journeys = journeysModule(ctx, messages.services);
  return [
    messages.parts(groupSends),
    abTestsModule(ctx, messages.services, groupSends),
    journeys.parts,
    reviewsModule(ctx, messages.services, journeys.review),
    // its stored events make devices enter journeys started by an event
    customEventsModule(ctx, journeys.observer),
  ];
}

/**
 * The feature modules, registered in this order after the core (users, system, devices, files). Add a module with
 * one line here; its routes, service and repository stay in its own folder, and other code reaches it only through
 * its index.ts (eslint.config.js).
 */
export const featureModules: RegisterModule[] = [
  appsModule,
  messagingModules,
  materialsModule,
  statisticsModule,
  platformStatisticsModule,
  controlGroupsModule,
  appGroupsModule,
  forbidModule,
  troubleshootingModule,
  teamModule,
  testDevicesModule,
  iconModule,
  templatesModule,
  tagsModule,
  userGroupsModule,
  userAttributesModule,
  eventStreamsModule,
  dictionariesModule,
  auditModule,
  modelControlModule,
  appControlModule,
  // platform limits and settings: global settings and daily limits, sensitive words, admin alerts, /appsettings
  globalSettingsModule,
  sensitiveWordsModule,
  alertsModule,
  appSettingsModule,
  uploadsModule,
  targetingModule,
  aiModule,
];

/**
 * Registers every feature module in order (a module's parts: its routes), then starts their jobs after `coreJobs`
 * (app.ts: the partitions' maintenance) in workers.ts.
 */
export async function registerModules(
  ctx: ModuleContext,
  coreJobs: readonly ModuleJobs[] = [],
): Promise<void> {
  const jobs: ModuleJobs[] = [...coreJobs];
  for (const register of featureModules) {
    for (const parts of [register(ctx)].flat()) {
      await parts.routes();
      if (parts.jobs) jobs.push(parts.jobs);
    }
  }
  startModuleJobs(ctx, jobs);
}
