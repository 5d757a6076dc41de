export { registerAppGroupsModule } from './app-groups.routes';
export { AppGroupsRepository, type UserAppRow } from './app-groups.repository';
