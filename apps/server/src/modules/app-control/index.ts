export { appControlModule } from './app-control.module';
