export { registerTroubleshootingModule } from './troubleshooting.routes';
