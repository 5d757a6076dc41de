import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorCodes, userCalls } from '@beacon/shared';
import { ApiError } from '../../lib/api-error';
import { registerCall } from '../../lib/register-call';
import { clearSessionCookie, setSessionCookie, type CookieOptions } from '../../plugins/auth';
import type { SsoService } from './sso.service';
import { setTrustedDeviceCookie, trustedDeviceOf } from './trusted-device';
import { retryAfterSecondsOf, toSessionUser, type UsersService } from './users.service';
import { usersPolicy } from './users.policy';

export interface UsersRoutesDeps {
  users: UsersService;
  sso: SsoService | undefined;
  cookie: CookieOptions;
}

const clientOf = (req: FastifyRequest) => ({ ip: req.ip, userAgent: req.headers['user-agent'] ?? '' });

/** Sign-in, sessions, registration, password reset, SSO and the administrators screen. */
export function registerUsersRoutes(app: FastifyInstance, { users, sso, cookie }: UsersRoutesDeps): void {
  registerCall(app, userCalls.login, usersPolicy.anyone, async ({ body, req, reply }) => {
    try {
      const device = trustedDeviceOf(req, body.email);
      const result = await users.login(body.email, body.password, clientOf(req), device);
      setSessionCookie(reply, result.token, cookie);
      setTrustedDeviceCookie(reply, body.email, cookie.secure);
      return result.user;
    } catch (err) {
      const retryAfter = retryAfterSecondsOf(err);
      if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
      throw err;
    }
  });

  registerCall(app, userCalls.loginStatus, usersPolicy.signedIn, async ({ session }) =>
    toSessionUser(session.user),
  );

  registerCall(app, userCalls.logout, usersPolicy.anyone, async ({ req, reply }) => {
    if (req.session) await users.logout(req.session.sessionId);
    clearSessionCookie(reply);
    return {};
  });

  registerCall(app, userCalls.register, usersPolicy.anyone, async ({ body, req }) => {
    await users.register(body.email, body.password, body.lang ?? req.lang);
    return {};
  });

  registerCall(app, userCalls.activate, usersPolicy.anyone, async ({ body }) => {
    await users.activate(body.token);
    return {};
  });

  registerCall(app, userCalls.recover, usersPolicy.anyone, async ({ body, req }) => {
    await users.recover(body.email, body.lang ?? req.lang);
    return {};
  });

  registerCall(app, userCalls.resetPassword, usersPolicy.anyone, async ({ body }) => {
    await users.resetPassword(body.token, body.password);
    return {};
  });

  registerCall(app, userCalls.changePassword, usersPolicy.signedIn, async ({ body, session }) => {
    await users.changePassword(session.user, session.sessionId, body.oldPassword, body.newPassword);
    return {};
  });

  registerCall(app, userCalls.ssoUrl, usersPolicy.anyone, async ({ reply }) => {
    if (!sso) throw new ApiError(ErrorCodes.SSO_DISABLED);
    return { url: await sso.authorizationUrl(reply) };
  });

  registerCall(app, userCalls.ssoLogin, usersPolicy.anyone, async ({ query, req, reply }) => {
    if (!sso) throw new ApiError(ErrorCodes.SSO_DISABLED);
    const { user, idToken } = await sso.finish(req, reply, query.code, query.state, query.iss);
    const token = await users.openSession(user.id, clientOf(req), idToken);
    setSessionCookie(reply, token, cookie);
    return toSessionUser(user);
  });

  registerCall(app, userCalls.ssoLogout, usersPolicy.anyone, async ({ req, reply }) => {
    const idToken = req.session?.idToken ?? undefined;
    if (req.session) await users.logout(req.session.sessionId);
    clearSessionCookie(reply);
    return { url: sso ? await sso.logoutUrl(idToken) : '' };
  });

  registerCall(app, userCalls.list, usersPolicy.manageUsers, async ({ body }) =>
    users.list(body.email, body.pageNo, body.pageSize),
  );

  registerCall(app, userCalls.save, usersPolicy.manageUsers, async ({ body, session }) => ({
    id: await users.save(body, session.user),
  }));

  registerCall(app, userCalls.remove, usersPolicy.manageUsers, async ({ body, session }) => {
    await users.remove(body.email, session.user);
    return {};
  });
}
