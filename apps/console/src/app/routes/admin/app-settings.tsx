import { AppSettingsPanel } from '../../../features/app-settings/components/app-settings-panel';

/** /appsettings: every app's configuration (level 100; the router guards the level). */
export default function AppSettingsRoute() {
  return <AppSettingsPanel />;
}
