import type { FastifyInstance } from 'fastify';
import { appCalls } from '@beacon/shared';
import { registerCall } from '../../lib/register-call';
import type { AppSettingsService } from './app-settings.service';
import { appsPolicy } from './apps.policy';
import type { AppsService } from './apps.service';
import type { FirebaseUploadsService } from './firebase-uploads.service';

interface Deps {
  settings: AppSettingsService;
  apps: AppsService;
  uploads: FirebaseUploadsService;
}

/** The app details screen (config/project): details, settings, credentials and the service account. */
export function registerAppSettingsRoutes(app: FastifyInstance, { settings, apps, uploads }: Deps): void {
  registerCall(app, appCalls.detail, appsPolicy.details, async ({ params, projectLevel }) => ({
    result: await settings.detail(params.appId, projectLevel),
  }));

  registerCall(app, appCalls.update, appsPolicy.details, async ({ params, body }) => {
    await settings.update(params.appId, body);
    return {};
  });

  registerCall(app, appCalls.reportTime, appsPolicy.details, async ({ params, body }) => {
    await settings.setReportTimes(params.appId, body.wifiReportTime, body.mobileReportTime);
    return { wifiReportTime: body.wifiReportTime, mobileReportTime: body.mobileReportTime };
  });

  registerCall(app, appCalls.advanceTarget, appsPolicy.details, async ({ params }) => {
    await settings.setAdvanceTarget(params.appId, params.enable);
    return {};
  });

  registerCall(app, appCalls.limitSwitcher, appsPolicy.details, async ({ params }) => {
    await settings.setLimitEnabled(params.appId, params.limit);
    return {};
  });

  registerCall(app, appCalls.limitCount, appsPolicy.details, async ({ params }) => {
    await settings.setLimitCount(params.appId, params.limitCount);
    return {};
  });

  registerCall(app, appCalls.revealSecret, appsPolicy.owner, async ({ params }) => ({
    appSecret: await apps.revealSecret(params.appId),
  }));

  registerCall(app, appCalls.rotateSecret, appsPolicy.owner, async ({ params }) => ({
    appSecret: await apps.rotateSecret(params.appId),
  }));

  registerCall(app, appCalls.replaceFirebase, appsPolicy.details, async ({ params, body, session }) => {
    await settings.replaceServiceAccount(
      params.appId,
      await uploads.take(body.appFireBaseJsonId, session.user.id),
    );
    return {};
  });
}
