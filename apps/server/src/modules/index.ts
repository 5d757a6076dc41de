import { registerAiModule } from './ai';
import { registerAlertsModule } from './alerts';
import { registerAppControlModule } from './app-control';
import { registerAppGroupsModule } from './app-groups';
import { registerAppSettingsModule } from './app-settings';
import { registerAppsModule } from './apps';
import { registerAuditModule } from './audit';
import { registerDictionariesModule } from './dictionaries';
import { registerForbidModule } from './forbid';
import { registerGlobalSettingsModule } from './global-settings';
import { registerIconModule } from './icon';
import { registerMaterialsModule } from './materials';
import { messagesModule } from './messages';
import { abTestsModule } from './ab-tests';
import { groupSendsModule } from './group-sends';
import { journeysModule } from './journeys';
import { registerModelControlModule } from './model-control';
import { reviewsModule } from './reviews';
import { registerSensitiveWordsModule } from './sensitive-words';
import { registerPlatformStatisticsModule, registerStatisticsModule } from './statistics';
import { registerTagsModule } from './tags';
import { registerTargetingModule } from './targeting';
import { registerTeamModule } from './team';
import { registerTestDevicesModule } from './test-devices';
import { registerTroubleshootingModule } from './troubleshooting';
import { registerUploadsModule } from './uploads';
import { registerUserGroupsModule } from './user-groups';
import type { ModuleContext, ModuleJobs, ModuleParts, RegisterModule } from './context';
import { startModuleJobs } from './workers';

/**
 * The message modules, built in the order they need each other: messages (its services and its one writer of a
 * messages row), the app-group scope of its calls (group-sends), then A/B tests, journeys and reviews on them.
 */
function messagingModules(ctx: ModuleContext): ModuleParts[] {
  const messages = messagesModule(ctx);
  const groupSends = groupSendsModule(ctx, messages.services);
  return [
    messages.parts(groupSends),
    abTestsModule(ctx, messages.services, groupSends),
    journeysModule(ctx, messages.services),
    reviewsModule(ctx, messages.services),
  ];
}

/**
 * The feature modules, registered in this order after the core (users, system, devices, files). Add a module with
 * one line here; its routes, service and repository stay in its own folder, and other code reaches it only through
 * its index.ts (eslint.config.js).
 */
export const featureModules: RegisterModule[] = [
  registerAppsModule,
  messagingModules,
  registerMaterialsModule,
  registerStatisticsModule,
  registerPlatformStatisticsModule,
  registerAppGroupsModule,
  registerForbidModule,
  registerTroubleshootingModule,
  registerTeamModule,
  registerTestDevicesModule,
  registerIconModule,
  registerTagsModule,
  registerUserGroupsModule,
  registerDictionariesModule,
  registerAuditModule,
  registerModelControlModule,
  registerAppControlModule,
  // platform limits and settings: global settings and daily limits, sensitive words, admin alerts, /appsettings
  registerGlobalSettingsModule,
  registerSensitiveWordsModule,
  registerAlertsModule,
  registerAppSettingsModule,
  registerUploadsModule,
  registerTargetingModule,
  registerAiModule,
];

/** Registers every feature module in order (a module's parts: its routes), then starts their jobs (workers.ts). */
export async function registerModules(ctx: ModuleContext): Promise<void> {
  const jobs: ModuleJobs[] = [];
  for (const register of featureModules) {
    const built = await register(ctx);
    for (const parts of built ? [built].flat() : []) {
      parts.routes();
      if (parts.jobs) jobs.push(parts.jobs);
    }
  }
  startModuleJobs(ctx, jobs);
}
