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
import { registerMessagesExportModule, registerMessagesModule } from './messages';
import { registerModelControlModule } from './model-control';
import { registerReviewsModule } from './reviews';
import { registerSensitiveWordsModule } from './sensitive-words';
import { registerPlatformStatisticsModule, registerStatisticsModule } from './statistics';
import { registerTagsModule } from './tags';
import { registerTargetingModule } from './targeting';
import { registerTeamModule } from './team';
import { registerTestDevicesModule } from './test-devices';
import { registerTroubleshootingModule } from './troubleshooting';
import { registerUploadsModule } from './uploads';
import { registerUserGroupsModule } from './user-groups';
import type { RegisterModule } from './context';

/**
 * The feature modules, registered in this order after the core (users, system, devices, files). Add a module with
 * one line here; its routes, service and repository stay in its own folder, and other code reaches it only through
 * its index.ts (eslint.config.js).
 */
export const featureModules: RegisterModule[] = [
  registerAppsModule,
  registerMessagesModule,
  registerReviewsModule,
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
  registerMessagesExportModule,
  registerTargetingModule,
  registerAiModule,
];
