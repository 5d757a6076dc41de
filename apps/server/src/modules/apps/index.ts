/** The apps module's public entry: its routes, the repository and service app.ts shares, and the app record. */
export { registerAppsModule } from './apps.routes';
export { AppsRepository, type AppRecord } from './apps.repository';
export { AppsService } from './apps.service';
