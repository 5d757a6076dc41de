import fp from 'fastify-plugin';
import type { FastifyReply } from 'fastify';
import type { UserRecord } from '../db/schema/users';

export const SESSION_COOKIE = 'beacon_session';

export interface SessionInfo {
  sessionId: string;
  idToken: string | null;
  user: UserRecord;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionInfo | null;
  }
}

export interface AuthPluginOptions {
  resolveSession: (token: string) => Promise<SessionInfo | undefined>;
}

/** Resolves the session cookie of every /tcm request into `req.session` (null when absent or dead). */
export const authPlugin = fp<AuthPluginOptions>(async (app, opts) => {
  app.decorateRequest('session', null);
  // a callback hook: the other paths (the device API's calls) pass without a promise
  app.addHook('onRequest', (req, _reply, done) => {
    if (!req.url.startsWith('/tcm/')) return done();
    const token = req.cookies[SESSION_COOKIE];
    if (!token || token.length > 100) return done();
    opts.resolveSession(token).then((session) => {
      req.session = session ?? null;
      done();
    }, done);
  });
});

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
