import type { FastifyInstance } from 'fastify';
import { apiKeyCalls } from '@beacon/shared';
import { registerCall } from '../../lib/register-call';
import { apiKeysPolicy as policy } from './api-keys.policy';
import type { ApiKeysService } from './api-keys.service';

/** The app's API keys (config/project): console only, never callable with a key (not in API_KEY_ROUTES). */
export function registerApiKeysRoutes(app: FastifyInstance, keys: ApiKeysService): void {
  registerCall(app, apiKeyCalls.list, policy.manage, async ({ params }) => ({
    keys: await keys.list(params.appId),
  }));
  registerCall(app, apiKeyCalls.create, policy.manage, ({ params, body, session }) =>
    keys.create(params.appId, body, { id: session.user.id, email: session.user.email }),
  );
  registerCall(app, apiKeyCalls.revoke, policy.manage, ({ params, session }) =>
    keys.revoke(params.appId, params.keyId, { id: session.user.id, email: session.user.email }),
  );
}
