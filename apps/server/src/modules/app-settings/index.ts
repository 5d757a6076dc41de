export { appSettingsModule } from './app-settings.module';
