/** The users module's public entry: its wiring (sign-in and account routes), and the users other modules and plugins read. */
export { usersModule } from './users.module';
export { registerUsersRoutes } from './users.routes';
export { UsersRepository, type UserRecord } from './users.repository';
export { UsersService } from './users.service';
export { SsoService } from './sso.service';
