import { globalSettingsCalls as calls } from '@beacon/shared';
import { registerCall } from '../../lib/register-call';
import type { SessionInfo } from '../../plugins/auth';
import type { FastifyInstance } from 'fastify';
import { globalSettingsPolicy as policy } from './global-settings.policy';
import type { GlobalSettingsService } from './global-settings.service';

const actorOf = (session: SessionInfo) => ({ id: session.user.id, email: session.user.email });

/** The daily settings tab of /platformsettings and /globalsettings (part 1 §7 "Global"). */
export function registerGlobalSettingsRoutes(app: FastifyInstance, settings: GlobalSettingsService): void {
  registerCall(app, calls.aggregation, policy.superAdmin, () => settings.all());

  registerCall(app, calls.limitSwitcher, policy.superAdmin, async () => ({
    limitSwitcher: await settings.limitSwitcher(),
  }));

  registerCall(app, calls.setLimitSwitcher, policy.superAdmin, async ({ params, session }) => {
    await settings.setLimitSwitcher(params.value, actorOf(session));
    return {};
  });

  registerCall(app, calls.setTagSwitcher, policy.superAdmin, async ({ params, session }) => {
    await settings.setTagSwitcher(params.tagSwitcher, actorOf(session));
    return {};
  });

  registerCall(app, calls.setRestrictEnable, policy.superAdmin, async ({ params, session }) => {
    await settings.setRestrictEnable(params.option, params.value, actorOf(session));
    return {};
  });

  registerCall(app, calls.setRestrictNumber, policy.superAdmin, async ({ params, session }) => {
    await settings.setRestrictNumber(params.option, params.value, actorOf(session));
    return {};
  });

  registerCall(app, calls.setDayBoundary, policy.superAdmin, async ({ body, session }) => {
    await settings.setDayBoundary(body.timezone, body.time, actorOf(session));
    return {};
  });

  registerCall(app, calls.appLimits, policy.superAdmin, ({ body }) => settings.appLimits(body));

  registerCall(app, calls.setAppLimit, policy.superAdmin, async ({ params, body, session }) => {
    await settings.setAppLimit(params.appId, body.limitEnable, body.limitCount, actorOf(session));
    return {};
  });

  registerCall(app, calls.setAllAppLimitEnable, policy.superAdmin, async ({ params, session }) => ({
    updated: await settings.setAllAppLimitEnable(params.value, actorOf(session)),
  }));

  registerCall(app, calls.setAllAppLimitCount, policy.superAdmin, async ({ params, session }) => ({
    updated: await settings.setAllAppLimitCount(params.value, actorOf(session)),
  }));
}
