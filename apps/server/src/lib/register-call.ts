import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EmptyBody, ErrorCodes, Envelope, keyAccessOf, ProjectLevel, type Call } from '@beacon/shared';
import { z } from 'zod';
import { ApiError, fieldError } from './api-error';
import type { KeyCaller, SessionInfo } from '../plugins/auth';

const RefusalEnvelope = z.object({
  status: z
    .number()
    .int()
    .refine((s) => s !== 200),
  msg: z.string(),
  data: z.unknown().optional(),
});

type Input<S> = NonNullable<S> extends z.ZodType ? z.output<NonNullable<S>> : undefined;

/** What the access guard found out about the caller, for the handler. */
export interface Caller {
  /** The signed-in user; present whenever the route requires a session. */
  session: SessionInfo;
  /** The caller's project level on the route's app (appLevels access only), else 0. */
  projectLevel: number;
  /** The API key the call was made with (its session is then its creator's, with no user level). */
  apiKey?: KeyCaller;
}

export interface CallContext<C extends Call> extends Caller {
  body: Input<C['body']>;
  query: Input<C['query']>;
  params: Input<C['params']>;
  req: FastifyRequest;
  reply: FastifyReply;
}

/**
 * Who may call: anyone; any signed-in user; users of the listed user levels; or users whose project level on the
 * route's app is listed (a level-100 user is 100 on every app), or whose user level is in `orUserLevels`. The app is
 * the `:appId` path parameter, or the `appId` of the query or the JSON body when `appIn` says so.
 */
export type Access =
  | 'public'
  | 'user'
  | { ulevels: readonly number[] }
  | {
      appLevels: readonly number[];
      appIn?: 'params' | 'query' | 'body';
      /** Users of these user levels pass without a role on the app (platform administration). */
      orUserLevels?: readonly number[];
    };

/** What a route accepts as its body: nothing or JSON (`json`), or one multipart file (`upload`). */
export type BodyKind = 'json' | 'upload';

declare module 'fastify' {
  interface FastifyInstance {
    /** The user's project level on an app (100 for super admins), or undefined without an active role. */
    projectLevel(user: { id: number; ulevel: number }, appId: number): Promise<number | undefined>;
  }
  interface FastifyContextConfig {
    /** The route's access rule; every /tcm route declares one (plugins/route-rules.ts refuses a route without). */
    access?: Access;
    /** What its body may be; requests with another content type are refused (415) after the access check. */
    bodyKind?: BodyKind;
  }
  interface FastifyRequest {
    caller: Caller | null;
  }
}

/** A positive integer app id from a raw (not yet validated) value: a JSON number or a string of digits only. */
function rawAppId(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : undefined;
  if (typeof value === 'string' && /^[1-9]\d{0,15}$/.test(value)) return Number(value);
  return undefined;
}

function appIdOf(req: FastifyRequest, where: 'params' | 'query' | 'body'): number | undefined {
  const source = where === 'params' ? req.params : where === 'query' ? req.query : req.body;
  return rawAppId((source as { appId?: unknown } | null | undefined)?.appId);
}

/** A JSON body's content type (with its parameters, e.g. charset). */
export const JSON_TYPE = /^application\/json\s*(;|$)/i;
const MULTIPART_TYPE = /^multipart\/form-data\s*;/i;

/**
 * Refuses a body whose content type the route does not declare, so no form post reaches a JSON route: an upload
 * route answers 400 naming `file` (what to fix), a JSON route 415.
 */
function checkContentType(req: FastifyRequest, kind: BodyKind): void {
  if (req.method === 'GET' || req.method === 'HEAD') return;
  const type = req.headers['content-type'] ?? '';
  if (kind === 'upload') {
    if (!MULTIPART_TYPE.test(type)) throw fieldError('file', 'must be sent as multipart/form-data');
    return;
  }
  const hasBody = type !== '' || Number(req.headers['content-length'] ?? 0) > 0;
  if (hasBody && !JSON_TYPE.test(type))
    throw new ApiError(ErrorCodes.UNSUPPORTED_CONTENT_TYPE, (lang) => unsupportedType(lang));
}

/** The project level an API key acts with: an operator's (so it never passes a rule an operator would not). */
export const KEY_PROJECT_LEVEL = ProjectLevel.OPERATOR;

/**
 * The guard of a request with an API key: the route must be one of the key's scopes (API_KEY_ROUTES of
 * @beacon/shared), on the key's own app, with a rule an operator passes; 401 for a bearer that is no live key, 1002
 * otherwise (as a user who is no member). The key writes as its creator, with no user level of theirs.
 */
function keyGuard(req: FastifyRequest, access: Access, key: KeyCaller | false): Caller {
  if (key === false) throw new ApiError(ErrorCodes.NOT_SIGNED_IN);
  const { scopes } = keyAccessOf(req.method, req.routeOptions.url ?? '');
  if (!scopes.some((s) => key.scopes.includes(s))) throw new ApiError(ErrorCodes.PERMISSION_DENIED);
  if (typeof access !== 'object' || !('appLevels' in access) || !access.appLevels.includes(KEY_PROJECT_LEVEL))
    throw new ApiError(ErrorCodes.PERMISSION_DENIED);
  const appId = appIdOf(req, access.appIn ?? 'params');
  if (appId === undefined) throw fieldError('appId', 'must be a positive integer');
  if (appId !== key.appId) throw new ApiError(ErrorCodes.PERMISSION_DENIED);
  const session: SessionInfo = {
    sessionId: `key:${key.id}`,
    idToken: null,
    user: { ...key.user, ulevel: 0 },
  };
  return { session, projectLevel: KEY_PROJECT_LEVEL, apiKey: key };
}

/**
 * The access guard of every /tcm route, run before the input is validated, so that callers without access learn
 * nothing about the route's fields: 401 without a session, 1002 without the level, then the content type. A request
 * with an API key is decided by the key alone (keyGuard). A callback hook: only a rule on the caller's role in an app
 * waits for a lookup; the others (the device API's every call among them) are decided without a promise.
 */
export function accessGuard(app: FastifyInstance, access: Access, kind: BodyKind, needsSession = true) {
  return (req: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void): void => {
    let lookup: Promise<void> | undefined;
    try {
      lookup = guard(app, req, access, kind, needsSession);
    } catch (err) {
      return done(err as Error);
    }
    if (lookup === undefined) return done();
    lookup.then(() => done(), done);
  };
}

/** Decides a request's access: at once (undefined, or throws), or by the promise of its app role's lookup. */
function guard(
  app: FastifyInstance,
  req: FastifyRequest,
  access: Access,
  kind: BodyKind,
  needsSession: boolean,
): Promise<void> | undefined {
  if (req.apiKey !== null && req.apiKey !== undefined) {
    const caller = keyGuard(req, access, req.apiKey);
    checkContentType(req, kind);
    req.caller = caller;
    return undefined;
  }
  const session = req.session;
  if (access !== 'public' && needsSession && !session) throw new ApiError(ErrorCodes.NOT_SIGNED_IN);
  if (
    typeof access === 'object' &&
    'ulevels' in access &&
    !access.ulevels.includes(session?.user.ulevel ?? -1)
  )
    throw new ApiError(ErrorCodes.PERMISSION_DENIED);
  const byUserLevel = (levels: readonly number[] | undefined) =>
    session !== null && levels !== undefined && levels.includes(session.user.ulevel);
  if (typeof access === 'object' && 'appLevels' in access && session && !byUserLevel(access.orUserLevels)) {
    const appId = appIdOf(req, access.appIn ?? 'params');
    // the app is the subject of the rule, not a field of the body: a malformed one is named like any field
    if (appId === undefined) throw fieldError('appId', 'must be a positive integer');
    return app.projectLevel(session.user, appId).then((level) => {
      if (level === undefined || !access.appLevels.includes(level))
        throw new ApiError(ErrorCodes.PERMISSION_DENIED);
      checkContentType(req, kind);
      req.caller = { session, projectLevel: level };
    });
  }
  checkContentType(req, kind);
  req.caller = session ? { session, projectLevel: 0 } : null;
  return undefined;
}

/**
 * Registers a route from its shared contract: enforces the session and the access rule, then validates input with
 * the contract's zod schemas, and wraps the handler's result in the `{status: 200, msg, data}` envelope.
 */
export function registerCall<C extends Call>(
  app: FastifyInstance,
  call: C,
  access: Access,
  handler: (ctx: CallContext<C>) => Promise<z.output<C['data']>>,
): void {
  const kind: BodyKind = call.upload ? 'upload' : 'json';
  app.withTypeProvider<ZodTypeProvider>().route({
    method: call.method,
    url: call.path,
    config: { access, bodyKind: kind },
    schema: {
      summary: call.summary,
      ...(call.upload ? { consumes: ['multipart/form-data'] } : {}),
      ...(call.body ? { body: call.body } : call.upload || call.method === 'GET' ? {} : { body: EmptyBody }),
      ...(call.query ? { querystring: call.query } : {}),
      ...(call.params ? { params: call.params } : {}),
      // business refusals travel with HTTP 200 too (spec), with their own `data`
      response: { 200: z.union([Envelope(call.data), RefusalEnvelope]) },
    },
    preValidation: accessGuard(app, access, kind, call.auth !== false),
    handler: async (req, reply) => {
      const data = await handler({
        ...(req.caller?.apiKey ? { apiKey: req.caller.apiKey } : {}),
        projectLevel: req.caller?.projectLevel ?? 0,
        session: req.caller?.session as SessionInfo,
        body: req.body as Input<C['body']>,
        query: req.query as Input<C['query']>,
        params: req.params as Input<C['params']>,
        req,
        reply,
      });
      return { status: ErrorCodes.SUCCESS, msg: 'success', data };
    },
  });
}

export interface RawRoute {
  method: 'GET' | 'POST';
  url: string;
  summary: string;
  access: Access;
  /** Default `json`. */
  bodyKind?: BodyKind;
}

/**
 * A route that answers with something else than the JSON envelope (a CSV or spreadsheet download): the same access
 * guard as registerCall; the handler parses its own input (after the guard) and sends the reply.
 */
export function registerRawRoute(
  app: FastifyInstance,
  route: RawRoute,
  handler: (ctx: Caller & { req: FastifyRequest; reply: FastifyReply }) => Promise<FastifyReply>,
): void {
  const kind = route.bodyKind ?? 'json';
  app.route({
    method: route.method,
    url: route.url,
    config: { access: route.access, bodyKind: kind },
    // not compressed on the fly (plugins/compression.ts): a download keeps its bytes and Content-Length, a stream
    // (the assistant's Server-Sent Events) is written as it comes
    compress: false,
    schema: { summary: route.summary, ...(kind === 'upload' ? { consumes: ['multipart/form-data'] } : {}) },
    preValidation: accessGuard(app, route.access, kind),
    handler: async (req, reply) =>
      handler({
        session: req.caller?.session as SessionInfo,
        projectLevel: req.caller?.projectLevel ?? 0,
        req,
        reply,
      }),
  });
}

function unsupportedType(lang: string): string {
  if (lang === 'zh') return '不支持的内容类型：此接口只接受 application/json';
  if (lang === 'fr') return 'Type de contenu non pris en charge : cette route n’accepte que application/json';
  return 'Unsupported content type: this route accepts application/json only';
}
