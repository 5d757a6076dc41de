import type { FastifyInstance } from 'fastify';
import { appCalls, pushRecoveryCalls, tokenHygieneCalls, windowCapCalls } from '@beacon/shared';
import { fieldError } from '../../lib/api-error';
import { registerCall } from '../../lib/register-call';
import type { AppDetailsService } from './app-details.service';
import { appsPolicy } from './apps.policy';
import type { AppsService } from './apps.service';
import type { FirebaseUploadsService } from './firebase-uploads.service';

interface Deps {
  details: AppDetailsService;
  apps: AppsService;
  uploads: FirebaseUploadsService;
}

/** The app details screen (config/project): details, settings, credentials and the service account. */
export function registerAppDetailsRoutes(app: FastifyInstance, { details, apps, uploads }: Deps): void {
  registerCall(app, appCalls.detail, appsPolicy.details, async ({ params, projectLevel }) => ({
    result: await details.detail(params.appId, projectLevel),
  }));

  registerCall(app, appCalls.update, appsPolicy.details, async ({ params, body }) => {
    await details.update(params.appId, body);
    return {};
  });

  registerCall(app, appCalls.reportTime, appsPolicy.details, async ({ params, body }) => {
    // the spec's body repeats the app: another app's id is refused, never read as this one's
    if (body.appId !== undefined && body.appId !== params.appId)
      throw fieldError('appId', 'must be the app of the path');
    await details.setReportTimes(params.appId, body.wifiReportTime, body.mobileReportTime);
    return { wifiReportTime: body.wifiReportTime, mobileReportTime: body.mobileReportTime };
  });

  registerCall(app, appCalls.advanceTarget, appsPolicy.details, async ({ params }) => {
    await details.setAdvanceTarget(params.appId, params.enable);
    return {};
  });

  registerCall(app, appCalls.limitSwitcher, appsPolicy.details, async ({ params }) => {
    await details.setLimitEnabled(params.appId, params.limit);
    return {};
  });

  registerCall(app, appCalls.fcmQuota, appsPolicy.details, async ({ params }) => {
    await details.setFcmQuota(params.appId, params.perMinute);
    return {};
  });

  registerCall(app, appCalls.limitCount, appsPolicy.details, async ({ params }) => {
    await details.setLimitCount(params.appId, params.limitCount);
    return {};
  });

  // frequency caps over any window (issue 32 §3): read and set as the daily limit is, by the owner and super admins
  registerCall(app, windowCapCalls.get, appsPolicy.details, async ({ params }) =>
    details.windowCaps(params.appId),
  );

  registerCall(app, windowCapCalls.set, appsPolicy.details, async ({ params, body }) =>
    details.setWindowCaps(params.appId, body),
  );

  // missed-push recovery (issue 32 §1): read and set as the frequency caps are; the device API applies it within 30 s
  registerCall(app, pushRecoveryCalls.get, appsPolicy.details, async ({ params }) =>
    details.pushRecovery(params.appId),
  );

  registerCall(app, pushRecoveryCalls.set, appsPolicy.details, async ({ params, body }) =>
    details.setPushRecovery(params.appId, body),
  );

  // token hygiene (issue 32 §4): the stale limit, read and set as the caps are
  registerCall(app, tokenHygieneCalls.get, appsPolicy.details, async ({ params }) =>
    details.tokenHygiene(params.appId),
  );

  registerCall(app, tokenHygieneCalls.set, appsPolicy.details, async ({ params, body }) =>
    details.setTokenHygiene(params.appId, body),
  );

  registerCall(app, appCalls.revealSecret, appsPolicy.owner, async ({ params }) => ({
    appSecret: await apps.revealSecret(params.appId),
  }));

  registerCall(app, appCalls.rotateSecret, appsPolicy.owner, async ({ params }) => ({
    appSecret: await apps.rotateSecret(params.appId),
  }));

  registerCall(app, appCalls.replaceFirebase, appsPolicy.details, async ({ params, body, session }) => {
    await details.replaceServiceAccount(
      params.appId,
      await uploads.take(body.appFireBaseJsonId, session.user.id),
    );
    return {};
  });
}
