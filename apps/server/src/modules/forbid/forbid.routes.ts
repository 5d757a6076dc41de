import { forbidCalls } from '@beacon/shared';
import { registerCall } from '../../lib/register-call';
import type { ModuleContext } from '../context';
import { forbidPolicy } from './forbid.policy';
import { ForbidRepository } from './forbid.repository';
import { ForbidService } from './forbid.service';
import { registerFineworkRoutes } from './finework.routes';

/** The control view (config/forbid): read-only banned countries and time windows of an app; and fine-work. */
export function registerForbidModule(ctx: ModuleContext): void {
  const { app, database } = ctx;
  registerFineworkRoutes(ctx);
  const forbid = new ForbidService(new ForbidRepository(database));

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
