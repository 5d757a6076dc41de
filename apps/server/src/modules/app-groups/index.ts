export { appGroupsModule } from './app-groups.module';
export { AppGroupsRepository, type UserAppRow } from './app-groups.repository';
