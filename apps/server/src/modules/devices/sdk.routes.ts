import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  DeviceEvents,
  DeviceRegister,
  sdkCalls,
  userAttributeCalls,
  type UserAttributesBody,
  type UserNameBody,
} from '@beacon/shared';
import { lazyChildLogger } from '../../lib/lazy-logger';
import { registerCall } from '../../lib/register-call';
import { acceptedBody } from '../../lib/validator';
import type { DevicesService } from './devices.service';
import type { PushRecovery } from '@beacon/shared';
import type { SdkApp, SdkAuth } from './sdk-auth';

declare module 'fastify' {
  interface FastifyRequest {
    sdkAppId: number;
    /** the app's missed-push recovery setting (cached with its credentials) */
    sdkRecovery: PushRecovery;
  }
}

/** What the device API tells the process's metrics (app.ts: platform/metrics.ts), when they are on. */
export interface SdkMetrics {
  /** One answered call: `register`, `heartbeat` or `events`, with its HTTP status. */
  sdkCall(route: string, statusCode: number): void;
  /** The events of one accepted `events` call. */
  sdkEvents(events: DeviceEvents['events']): void;
}

/** The device's users and their attributes (modules/user-attributes), as the device API calls them. */
export interface SdkUsers {
  name(appId: number, body: UserNameBody): Promise<void>;
  setAttributes(appId: number, body: UserAttributesBody): Promise<void>;
  /** Waits until every write accepted so far is flushed. */
  drain(): Promise<void>;
}

/** The device API for app SDKs (/sdk/v1), authenticated with the app's key and secret. */
/** The app a device API call authenticated as, on its request. */
function authenticated(req: FastifyRequest, app: SdkApp): void {
  req.sdkAppId = app.appId;
  req.sdkRecovery = app.recovery;
}

export async function registerSdkRoutes(
  app: FastifyInstance,
  deps: { devices: DevicesService; users: SdkUsers; auth: SdkAuth; metrics?: SdkMetrics | undefined },
): Promise<void> {
  const { metrics } = deps;
  await app.register(
    async (scope) => {
      scope.decorateRequest('sdkAppId', 0);
      scope.decorateRequest('sdkRecovery', null as unknown as PushRecovery);
      // a broadcast brings every device's calls, which log only when they go wrong: no child logger made for the others
      scope.setChildLoggerFactory(lazyChildLogger);
      // the device API's answers are built here, typed by their contracts, and hold nothing read from a table as is:
      // written as they are, not parsed again by their zod schema first (the console's routes keep that parse, which
      // strips whatever a row carried beyond its contract). That parse cost a heartbeat answering one recovered push
      // 5–8 µs of the API's CPU (a profile of the recovery bench; JSON.stringify itself 5)
      scope.setSerializerCompiler(() => (data) => JSON.stringify(data));
      // a callback hook: a header verified in the last 30 s is answered at once (no promise per call)
      scope.addHook('onRequest', (req, _reply, done) => {
        const known = deps.auth.known(req.headers.authorization);
        if (known) {
          authenticated(req, known);
          return done();
        }
        deps.auth.appFor(req.headers.authorization).then((found) => {
          authenticated(req, found);
          done();
        }, done);
      });
      if (metrics)
        // onSend, not onResponse: counted before the answer leaves, so a caller that saw it also sees it counted
        scope.addHook('onSend', (req, reply, payload, done) => {
          const url = req.routeOptions.url;
          if (url) metrics.sdkCall(url.slice(url.lastIndexOf('/') + 1), reply.statusCode);
          done(null, payload);
        });
      registerCall(scope, sdkCalls.register, 'public', async ({ body, req }) => ({
        deviceId: await deps.devices.register(req.sdkAppId, body),
      }));
      registerCall(scope, sdkCalls.heartbeat, 'public', async ({ body, req }) =>
        deps.devices.heartbeat(req.sdkAppId, body, req.sdkRecovery),
      );
      registerCall(scope, sdkCalls.events, 'public', async ({ body, req }) => {
        await deps.devices.recordEvents(req.sdkAppId, body);
        metrics?.sdkEvents(body.events);
        return {};
      });
      // the hottest two before Fastify (lib/front-door.ts), for a header verified in the last 30 s and a body the
      // route validator would accept (acceptedBody: the same rule); every other call of theirs reaches the routes above
      const front = <B, D>(
        path: string,
        name: string,
        parse: (raw: unknown) => B | undefined,
        run: (appId: number, body: B) => Promise<D>,
      ) =>
        app.frontDoor.add({
          method: 'POST',
          url: path,
          admit: (req) => deps.auth.known(req.headers.authorization)?.appId,
          handle: (appId, raw) => {
            const body = parse(raw);
            return body === undefined ? undefined : run(appId, body);
          },
          answered: (statusCode) => metrics?.sdkCall(name, statusCode),
        });
      front(sdkCalls.events.path, 'events', acceptedBody(DeviceEvents), async (appId, body) => {
        await deps.devices.recordEvents(appId, body);
        metrics?.sdkEvents(body.events);
        return {};
      });
      front(sdkCalls.register.path, 'register', acceptedBody(DeviceRegister), async (appId, body) => ({
        deviceId: await deps.devices.register(appId, body),
      }));
      // users and attributes (issue 33 §1): each through its own group commit
      registerCall(scope, userAttributeCalls.user, 'public', async ({ body, req }) => {
        await deps.users.name(req.sdkAppId, body);
        return {};
      });
      registerCall(scope, userAttributeCalls.attributes, 'public', async ({ body, req }) => {
        await deps.users.setAttributes(req.sdkAppId, body);
        return {};
      });
      // a broadcast brings every device's events: log SDK requests only when they go wrong
    },
    { logLevel: 'warn' },
  );
}
