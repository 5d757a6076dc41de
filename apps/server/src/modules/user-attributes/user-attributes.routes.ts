import type { FastifyInstance } from 'fastify';
import { userAttributeCalls } from '@beacon/shared';
import { registerCall } from '../../lib/register-call';
import { userAttributesPolicy } from './user-attributes.policy';
import type { AttributeSettingsService } from './user-attributes.settings';

/** The app settings' attributes card (config/project): the list with the limits, and deletion. */
export function registerUserAttributesRoutes(app: FastifyInstance, service: AttributeSettingsService): void {
  registerCall(app, userAttributeCalls.list, userAttributesPolicy.settings, async ({ params }) =>
    service.list(params.appId),
  );
  registerCall(app, userAttributeCalls.remove, userAttributesPolicy.settings, async ({ params, body }) => ({
    removed: await service.remove(params.appId, body.key),
  }));
}
