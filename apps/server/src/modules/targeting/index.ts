/** The targeting module's public entry: its routes, and the file-list service message saving resolves lists with. */
export { createTargetingService, targetingModule } from './targeting.module';
