import { registerAppsModule } from './apps/apps.routes';
import { registerAppGroupsModule } from './app-groups/app-groups.routes';
import { registerForbidModule } from './forbid/forbid.routes';
import { registerTroubleshootingModule } from './troubleshooting/troubleshooting.routes';
import { registerTeamModule } from './team/team.routes';
import { registerTestDevicesModule } from './test-devices/test-devices.routes';
import { registerIconModule } from './icon/icon.routes';
import { registerTagsModule } from './tags/tags.routes';
import { registerUserGroupsModule } from './user-groups/user-groups.routes';
import { registerDictionariesModule } from './dictionaries/dictionaries.routes';
import { registerAuditModule } from './audit/audit.routes';
import { registerModelControlModule } from './model-control/model-control.routes';
import { registerAppControlModule } from './app-control/app-control.routes';
import { registerPlatformLimitsModules } from './global-settings/platform-limits';
import { registerMessagesModule } from './messages/messages.routes';
import type { RegisterModule } from './context';

/**
 * The feature modules, registered in this order after the core (users, system, devices, files). Add a module with
 * one line here; its routes, service and repository stay in its own folder.
 */
export const featureModules: RegisterModule[] = [
  registerAppsModule,
  registerMessagesModule,
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
  registerPlatformLimitsModules,
  async (ctx) => (await import('./uploads/uploads.routes')).registerUploadsModule(ctx),
  async (ctx) => (await import('./messages/messages-export.routes')).registerMessagesExportModule(ctx),
  async (ctx) => (await import('./targeting/targeting.routes')).registerTargetingModule(ctx),
];
