export { registerModelControlModule } from './model-control.routes';
