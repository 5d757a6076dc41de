export { registerAppSettingsModule } from './app-settings.routes';
