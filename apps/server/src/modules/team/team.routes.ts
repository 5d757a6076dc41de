import type { FastifyInstance } from 'fastify';
import { ErrorCodes, teamCalls } from '@beacon/shared';
import { ApiError } from '../../lib/api-error';
import { registerCall } from '../../lib/register-call';
import { setSessionCookie } from '../../plugins/auth';
import type { ModuleContext } from '../context';
import type { TeamService } from './team.service';
import { teamPolicy } from './team.policy';

/** Team members (config/operate) and the invitation link (/invite). */
export function registerTeamRoutes(
  app: FastifyInstance,
  deps: {
    team: TeamService;
    apps: ModuleContext['repos']['apps'];
    /** opens the session of a user who registered through an invitation */
    users: ModuleContext['services']['users'];
    cookie: { secure: boolean; ttlMs: number };
  },
): void {
  const { team, apps, users, cookie } = deps;

  registerCall(app, teamCalls.list, teamPolicy.view, async ({ params, body }) =>
    team.list(params.appId, body.email, body.pageNo, body.pageSize),
  );

  registerCall(app, teamCalls.invite, teamPolicy.administer, async ({ params, body, session, req }) => {
    const found = await apps.findById(params.appId);
    if (!found) throw new ApiError(ErrorCodes.APP_UNKNOWN);
    const id = await team.invite(
      { id: found.id, title: found.title },
      session.user,
      body.email,
      body.ulevel,
      body.lang ?? req.lang,
    );
    return { id };
  });

  registerCall(app, teamCalls.edit, teamPolicy.administer, async ({ params, body }) => {
    await team.edit(params.appId, body.id, body.ulevel);
    return {};
  });

  registerCall(app, teamCalls.cancelInvite, teamPolicy.administer, async ({ params, body }) => {
    await team.cancelInvite(params.appId, body.id);
    return {};
  });

  registerCall(app, teamCalls.remove, teamPolicy.remove, async ({ params, body, projectLevel }) => {
    await team.remove(params.appId, projectLevel, body.id);
    return {};
  });

  registerCall(app, teamCalls.changeOwner, teamPolicy.administer, async ({ params, body }) => {
    await team.changeOwner(params.appId, body.targetEmail);
    return {};
  });

  registerCall(app, teamCalls.inviteInfo, teamPolicy.invitation, async ({ body }) =>
    team.inviteInfo(body.token),
  );

  registerCall(app, teamCalls.acceptInvite, teamPolicy.accept, async ({ body, session }) =>
    team.accept(body.token, session.user),
  );

  registerCall(app, teamCalls.registerInvite, teamPolicy.invitation, async ({ body, req, reply }) => {
    const { user, ...accepted } = await team.registerAndAccept(body.token, body.password);
    const token = await users.openSession(user.id, {
      ip: req.ip,
      userAgent: req.headers['user-agent'] ?? '',
    });
    setSessionCookie(reply, token, cookie);
    return accepted;
  });
}
