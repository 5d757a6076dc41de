export { testDevicesModule } from './test-devices.module';
