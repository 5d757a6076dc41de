import type { FastifyInstance } from 'fastify';
import { sdkCalls } from '@beacon/shared';
import { registerCall } from '../../lib/register-call';
import type { DevicesService } from './devices.service';
import type { SdkAuth } from './sdk-auth';

declare module 'fastify' {
  interface FastifyRequest {
    sdkAppId: number;
  }
}

/** The device API for app SDKs (/sdk/v1), authenticated with the app's key and secret. */
export async function registerSdkRoutes(
  app: FastifyInstance,
  deps: { devices: DevicesService; auth: SdkAuth },
): Promise<void> {
  await app.register(
    async (scope) => {
      scope.decorateRequest('sdkAppId', 0);
      scope.addHook('onRequest', async (req) => {
        req.sdkAppId = await deps.auth.appIdFor(req.headers.authorization);
      });
      registerCall(scope, sdkCalls.register, 'public', async ({ body, req }) => ({
        deviceId: await deps.devices.register(req.sdkAppId, body),
      }));
      registerCall(scope, sdkCalls.heartbeat, 'public', async ({ body, req }) => {
        await deps.devices.heartbeat(req.sdkAppId, body);
        return {};
      });
      registerCall(scope, sdkCalls.events, 'public', async ({ body, req }) => {
        await deps.devices.recordEvents(req.sdkAppId, body);
        return {};
      });
      // a broadcast brings every device's events: log SDK requests only when they go wrong
    },
    { logLevel: 'warn' },
  );
}
