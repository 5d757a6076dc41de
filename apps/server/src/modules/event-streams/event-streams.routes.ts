import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { AppIdParams, EVENT_STREAM_EXPORT_PATH, eventStreamCalls, ExportDay } from '@beacon/shared';
import { parseOrThrow } from '../../lib/api-error';
import { registerCall, registerRawRoute } from '../../lib/register-call';
import { eventStreamsPolicy as policy } from './event-streams.policy';
import type { EventStreamsService } from './event-streams.service';

/** The app's event streams (console only: not in API_KEY_ROUTES). */
export function registerEventStreamsRoutes(app: FastifyInstance, streams: EventStreamsService): void {
  registerCall(app, eventStreamCalls.get, policy.manage, ({ params }) => streams.status(params.appId));
  registerCall(app, eventStreamCalls.save, policy.manage, ({ params, body }) =>
    streams.save(params.appId, body),
  );
  registerCall(app, eventStreamCalls.rotate, policy.manage, ({ params }) => streams.rotate(params.appId));
  registerCall(app, eventStreamCalls.retry, policy.manage, ({ params }) => streams.retry(params.appId));
  registerCall(app, eventStreamCalls.replay, policy.manage, ({ params, body }) =>
    streams.replay(params.appId, body.hours),
  );
  registerRawRoute(
    app,
    {
      method: 'GET',
      url: EVENT_STREAM_EXPORT_PATH,
      summary: 'A daily export of the app’s events: gzip NDJSON, one event a line',
      access: policy.manage,
    },
    async ({ req, reply }) => {
      const { appId, day } = parseOrThrow(AppIdParams.extend({ day: ExportDay }), req.params);
      const file = await streams.exportFile(appId, day);
      return reply
        .header('content-type', 'application/gzip')
        .header('content-disposition', `attachment; filename="events-${appId}-${day}.ndjson.gz"`)
        .header('cache-control', 'no-store')
        .send(createReadStream(file));
    },
  );
}
