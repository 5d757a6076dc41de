import { ALL_PROJECT_LEVELS, appInfoCalls, type AppInfo } from '@beacon/shared';
import { ApiError } from '../../lib/api-error';
import { registerCall } from '../../lib/register-call';
import type { ModuleContext } from '../context';
import type { AppRecord } from './apps.repository';

/** The server's UTC offset as ±HHMM. */
export function serverUtc(now = new Date()): string {
  const minutes = -now.getTimezoneOffset();
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
}

export function toAppInfo(app: AppRecord, ownerEmail: string, projectLevel: number): AppInfo {
  return {
    appId: app.id,
    title: app.title,
    pkg: app.pkg,
    logo: app.logo,
    ownerEmail,
    projectLevel,
    reviewEnable: app.reviewEnable,
    materialReviewEnable: app.materialReviewEnable,
    advanceTarget: app.advanceTarget,
    multiLangEnable: app.multiLangEnable,
    localTimeEnable: app.localTimeEnable,
    displayPriorityEnable: app.displayPriorityEnable,
    linksEnable: app.linksEnable,
    limitEnable: app.limitEnable,
    limitCount: app.limitCount,
    uploadFileLimit: app.uploadFileLimit,
    destroy: app.destroy,
    serverUTC: serverUtc(),
    hasServiceAccount: app.firebaseJsonEnc !== null,
  };
}

/** App routes shared by every app screen. */
export function registerAppsModule({ app, repos }: ModuleContext): void {
  registerCall(app, appInfoCalls.info, { appLevels: ALL_PROJECT_LEVELS }, async ({ params, projectLevel }) => {
    const found = await repos.apps.findById(params.appId);
    if (!found) throw new ApiError(2006);
    const owner = found.ownerId ? await repos.users.findById(found.ownerId) : undefined;
    return toAppInfo(found, owner?.email ?? '', projectLevel);
  });
}
