import { GlobalSettingsPanel } from '../../../features/global-settings/components/global-settings-panel';

/** /globalsettings: the global switches (level 100; the router guards the level). */
export default function GlobalSettingsRoute() {
  return <GlobalSettingsPanel />;
}
