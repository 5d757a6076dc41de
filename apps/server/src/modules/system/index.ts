export { registerSystemRoutes } from './system.routes';
