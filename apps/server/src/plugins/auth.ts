import fp from 'fastify-plugin';
import type { FastifyReply } from 'fastify';
import { keyAccessOf, type ApiKeyScope } from '@beacon/shared';
import type { UserRecord } from '../db/schema/users';

export const SESSION_COOKIE = 'beacon_session';

export interface SessionInfo {
  sessionId: string;
  idToken: string | null;
  user: UserRecord;
}

/** A live API key (modules/api-keys): its app, its scopes, and the account it writes as (its creator). */
export interface KeyCaller {
  id: number;
  appId: number;
  name: string;
  prefix: string;
  scopes: ApiKeyScope[];
  user: UserRecord;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionInfo | null;
    /**
     * The API key of an `Authorization: Bearer` request: the live key, `false` when the bearer is no live key (the
     * request is refused 401), null without one. A request with a bearer is a key's, whatever cookie it carries.
     */
    apiKey: KeyCaller | false | null;
  }
}

/** What the auth plugin needs of the API keys (modules/api-keys): resolve a bearer, note a call made with one. */
export interface KeyAuth {
  resolve(token: string): Promise<KeyCaller | undefined>;
  used(
    key: KeyCaller,
    call: { method: string; url: string; httpStatus: number; status: number | undefined; writes: boolean },
  ): Promise<void>;
}

export interface AuthPluginOptions {
  resolveSession: (token: string) => Promise<SessionInfo | undefined>;
  keys?: KeyAuth;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;
const ENVELOPE_STATUS = /^\{"status":(\d+)/;

/**
 * Resolves the session cookie of every /tcm request into `req.session` (null when absent or dead), or its bearer API key
 * into `req.apiKey`; after a key's call, tells the keys (its last use; the audit row of a mutating call).
 */
export const authPlugin = fp<AuthPluginOptions>(async (app, opts) => {
  app.decorateRequest('session', null);
  app.decorateRequest('apiKey', null);
  const keys = opts.keys;
  // a callback hook: the other paths (the device API's calls) pass without a promise
  app.addHook('onRequest', (req, _reply, done) => {
    if (!req.url.startsWith('/tcm/')) return done();
    const authorization = req.headers.authorization;
    if (authorization !== undefined) {
      const bearer = BEARER.exec(authorization)?.[1];
      if (!keys || bearer === undefined || bearer.length > 100) {
        req.apiKey = false;
        return done();
      }
      keys.resolve(bearer).then((key) => {
        req.apiKey = key ?? false;
        done();
      }, done);
      return;
    }
    const token = req.cookies[SESSION_COOKIE];
    if (!token || token.length > 100) return done();
    opts.resolveSession(token).then((session) => {
      req.session = session ?? null;
      done();
    }, done);
  });
  if (!keys) return;
  // the envelope's status of a key's mutating call, for its audit row (refusals travel with HTTP 200 too)
  app.addHook('onSend', async (req, _reply, payload) => {
    if (!req.apiKey || typeof payload !== 'string') return payload;
    const status = ENVELOPE_STATUS.exec(payload)?.[1];
    if (status !== undefined) envelopeStatus.set(req, Number(status));
    return payload;
  });
  app.addHook('onResponse', async (req, reply) => {
    const key = req.apiKey;
    if (!key) return;
    const { writes } = keyAccessOf(req.method, req.routeOptions.url ?? '');
    await keys.used(key, {
      method: req.method,
      url: req.url.split('?')[0] ?? req.url,
      httpStatus: reply.statusCode,
      status: envelopeStatus.get(req),
      writes,
    });
  });
});

const envelopeStatus = new WeakMap<object, number>();

export interface CookieOptions {
  secure: boolean;
  ttlMs: number;
}

/** Sets the session cookie: HttpOnly, SameSite=Lax, for the whole site. */
export function setSessionCookie(reply: FastifyReply, token: string, opts: CookieOptions): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: opts.secure,
    path: '/',
    maxAge: Math.floor(opts.ttlMs / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
