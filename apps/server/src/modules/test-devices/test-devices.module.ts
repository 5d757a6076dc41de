import type { ModuleContext, ModuleParts } from '../context';
import { TestDevicesRepository } from './test-devices.repository';
import { registerTestDevicesRoutes } from './test-devices.routes';
import { TestDevicesService } from './test-devices.service';

/** Test devices (config/device). */
export function testDevicesModule({ app, database }: ModuleContext): ModuleParts {
  const devices = new TestDevicesService(new TestDevicesRepository(database));
  return { routes: () => registerTestDevicesRoutes(app, devices) };
}
