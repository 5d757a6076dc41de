export { registerForbidModule } from './forbid.routes';
