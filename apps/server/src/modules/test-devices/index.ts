export { registerTestDevicesModule } from './test-devices.routes';
