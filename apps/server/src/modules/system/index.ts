export { registerSystemRoutes } from './system.routes';
export { SystemStatusRepository } from './system-status.repository';
export { SystemStatusService } from './system-status.service';
