export { registerAppControlModule } from './app-control.routes';
