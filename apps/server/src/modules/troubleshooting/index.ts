export { troubleshootingModule } from './troubleshooting.module';
