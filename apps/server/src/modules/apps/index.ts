/** The apps module's public entry: its routes, the repository and service app.ts shares, and the app record. */
export { appsCore, appsModule } from './apps.module';
export { AppsRepository, type AppRecord } from './apps.repository';
export { AppsService } from './apps.service';
