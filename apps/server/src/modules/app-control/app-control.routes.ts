import { appControlCalls } from '@beacon/shared';
import { registerCall } from '../../lib/register-call';
import type { FastifyInstance } from 'fastify';
import { appControlPolicy } from './app-control.policy';
import type { AppControlService } from './app-control.service';

/** The "apps" tab of /platformsettings: notification-control apps (1) and global-whitelist apps (2). */
export function registerAppControlRoutes(app: FastifyInstance, control: AppControlService): void {
  const { admin } = appControlPolicy;

  registerCall(app, appControlCalls.controlList, admin, async () => ({ list: await control.list(1) }));
  registerCall(app, appControlCalls.whiteList, admin, async () => ({ list: await control.list(2) }));
  registerCall(app, appControlCalls.candidates, admin, async () => ({ apps: await control.candidates() }));
  registerCall(app, appControlCalls.controlEdit, admin, async ({ body, session }) => {
    await control.edit(1, body, { id: session.user.id, email: session.user.email });
    return {};
  });
  registerCall(app, appControlCalls.whiteEdit, admin, async ({ body, session }) => {
    await control.edit(2, body, { id: session.user.id, email: session.user.email });
    return {};
  });
}
