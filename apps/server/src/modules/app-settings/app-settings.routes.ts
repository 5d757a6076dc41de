import { appSettingsCalls } from '@beacon/shared';
import { registerCall } from '../../lib/register-call';
import type { FastifyInstance } from 'fastify';
import { appSettingsPolicy } from './app-settings.policy';
import type { AppSettingsService } from './app-settings.service';

/** /appsettings: every app's configuration (`getGlobalAppList`) and one call per switch (`changeProjectDMP` = dmp). */
export function registerAppSettingsRoutes(app: FastifyInstance, settings: AppSettingsService): void {
  registerCall(app, appSettingsCalls.globalList, appSettingsPolicy.superAdmin, ({ body }) =>
    settings.list(body),
  );

  registerCall(app, appSettingsCalls.setSwitch, appSettingsPolicy.superAdmin, async ({ params, session }) => {
    await settings.setSwitch(params.appId, params.switch, params.enable, {
      id: session.user.id,
      email: session.user.email,
    });
    return {};
  });
}
