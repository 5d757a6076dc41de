import { forbidCalls } from '@beacon/shared';
import { registerCall } from '../../lib/register-call';
import type { FastifyInstance } from 'fastify';
import { forbidPolicy } from './forbid.policy';
import type { ForbidService } from './forbid.service';

/** The control view (config/forbid): read-only banned countries and time windows of an app. */
export function registerForbidRoutes(app: FastifyInstance, forbid: ForbidService): void {
  registerCall(app, forbidCalls.view, forbidPolicy.viewByPath, async ({ params, query, req }) =>
    query.type === 1
      ? { countryConfig: { countryList: await forbid.countries(params.appId, req.lang) } }
      : { countryTimeConfig: await forbid.times(params.appId, req.lang) },
  );

  registerCall(app, forbidCalls.countries, forbidPolicy.viewByQuery, async ({ query, req }) => ({
    countryList: await forbid.countries(query.appId, req.lang),
  }));

  registerCall(app, forbidCalls.times, forbidPolicy.viewByQuery, async ({ query, req }) =>
    forbid.times(query.appId, req.lang),
  );
}
