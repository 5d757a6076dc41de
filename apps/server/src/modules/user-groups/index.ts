export { userGroupsModule } from './user-groups.module';
