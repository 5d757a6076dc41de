import { registerAlertsModule } from '../alerts/alerts.routes';
import { registerAppSettingsModule } from '../app-settings/app-settings.routes';
import type { ModuleContext } from '../context';
import { registerSensitiveWordsModule } from '../sensitive-words/sensitive-words.routes';
import { registerGlobalSettingsModule } from './global-settings.routes';

/** Platform limits and settings: global settings and daily limits, sensitive words, admin alerts, /appsettings. */
export function registerPlatformLimitsModules(ctx: ModuleContext): void {
  registerGlobalSettingsModule(ctx);
  registerSensitiveWordsModule(ctx);
  registerAlertsModule(ctx);
  registerAppSettingsModule(ctx);
}
