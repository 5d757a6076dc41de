/** The users module's public entry: sign-in and account routes, and the users other modules and plugins read. */
export { registerUsersRoutes } from './users.routes';
export { UsersRepository, type UserRecord } from './users.repository';
export { UsersService } from './users.service';
export { SsoService } from './sso.service';
