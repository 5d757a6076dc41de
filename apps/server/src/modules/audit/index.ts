export { registerAuditModule } from './audit.routes';
