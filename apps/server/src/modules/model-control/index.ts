export { modelControlModule } from './model-control.module';
