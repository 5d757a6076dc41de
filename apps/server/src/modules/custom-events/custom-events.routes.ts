import type { FastifyInstance } from 'fastify';
import {
  AppIdParams,
  CUSTOM_EVENTS_EXPORT_PATH,
  CustomEventsReportQuery,
  customEventsCalls,
} from '@beacon/shared';
import { registerCsvRoute } from '../../lib/csv-route';
import { lazyChildLogger } from '../../lib/lazy-logger';
import { registerCall } from '../../lib/register-call';
import type { SdkAuth } from '../devices';
import type { CustomEventsService } from './custom-events-console.service';
import type { CustomEventsIngest } from './custom-events.service';
import { customEventsPolicy as policy } from './custom-events.policy';

/**
 * `POST /sdk/v1/track`, authenticated as the device API's other calls (HTTP Basic appKey:appSecret, SdkAuth), in a
 * scope of its own that logs only what goes wrong.
 */
export async function registerTrackRoute(
  app: FastifyInstance,
  deps: { ingest: CustomEventsIngest; auth: SdkAuth },
): Promise<void> {
  await app.register(
    async (scope) => {
      scope.decorateRequest('sdkAppId', 0);
      scope.setChildLoggerFactory(lazyChildLogger);
      scope.addHook('onRequest', async (req) => {
        req.sdkAppId = (await deps.auth.appFor(req.headers.authorization)).appId;
      });
      registerCall(scope, customEventsCalls.track, 'public', ({ body, req }) =>
        deps.ingest.track(req.sdkAppId, body),
      );
    },
    { logLevel: 'warn' },
  );
}

/** The console's calls: the names (app settings) and the report with its CSV (statistics). */
export function registerCustomEventsRoutes(app: FastifyInstance, service: CustomEventsService): void {
  registerCall(app, customEventsCalls.names, policy.reports, ({ params, query }) =>
    service.names(params.appId, query),
  );
  registerCall(app, customEventsCalls.deleteName, policy.settings, ({ params }) =>
    service.deleteName(params.appId, params.nameId),
  );
  registerCall(app, customEventsCalls.report, policy.reports, ({ params, query }) =>
    service.report(params.appId, query),
  );
  registerCsvRoute(
    app,
    {
      url: CUSTOM_EVENTS_EXPORT_PATH,
      summary: 'CSV of the custom events report (start, end): one row per day and name',
      access: policy.reports,
      params: AppIdParams,
      query: CustomEventsReportQuery,
    },
    async ({ params: { appId }, query }) => {
      const r = await service.report(appId, query);
      return {
        name: `custom_events_${appId}_${r.start}_${r.end}.csv`,
        rows: [
          ['date', 'name', 'events', 'devices'],
          ...r.dated.map((d) => [d.date, d.name, d.events, d.devices]),
        ],
      };
    },
  );
}
