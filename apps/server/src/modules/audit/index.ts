export { auditModule } from './audit.module';
