export { registerUserGroupsModule } from './user-groups.routes';
