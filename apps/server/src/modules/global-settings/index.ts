export { registerGlobalSettingsModule } from './global-settings.routes';
