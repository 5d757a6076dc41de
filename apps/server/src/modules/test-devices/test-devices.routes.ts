import { testDeviceCalls } from '@beacon/shared';
import { registerCall } from '../../lib/register-call';
import type { FastifyInstance } from 'fastify';
import { testDevicesPolicy } from './test-devices.policy';
import type { TestDevicesService } from './test-devices.service';

/** Test devices (config/device, config/deviceedit). */
export function registerTestDevicesRoutes(app: FastifyInstance, devices: TestDevicesService): void {
  const { manage } = testDevicesPolicy;

  registerCall(app, testDeviceCalls.list, manage, async ({ params, body }) =>
    devices.list(params.appId, body.keyword, body.pageNo, body.pageSize),
  );
  registerCall(app, testDeviceCalls.detail, manage, async ({ params, body }) =>
    devices.get(params.appId, body.id),
  );
  registerCall(app, testDeviceCalls.create, manage, async ({ params, body, session }) =>
    devices.create(params.appId, body, session.user.id),
  );
  registerCall(app, testDeviceCalls.edit, manage, async ({ params, body }) =>
    devices.edit(params.appId, body.id, body),
  );
  registerCall(app, testDeviceCalls.remove, manage, async ({ params, body }) => {
    await devices.remove(params.appId, body.id);
    return {};
  });
}
