import { registerAppsModule } from './apps/apps.routes';
import type { RegisterModule } from './context';

/**
 * The feature modules, registered in this order after the core (users, system, devices, files). Add a module with
 * one line here; its routes, service and repository stay in its own folder.
 */
export const featureModules: RegisterModule[] = [
  registerAppsModule,
];
