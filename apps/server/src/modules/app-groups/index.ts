export { registerAppGroupsModule } from './app-groups.routes';
