export { globalSettingsModule } from './global-settings.module';
