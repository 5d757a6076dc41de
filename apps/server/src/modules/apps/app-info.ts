import type { AppInfo } from '@beacon/shared';
import type { AppRecord } from './apps.repository';

/** The server's UTC offset as ±HHMM. */
export function serverUtc(now = new Date()): string {
  const minutes = -now.getTimezoneOffset();
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
}

/** What every app screen needs about an app, for a caller of `projectLevel`. */
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
    commercialEnable: app.commercialEnable,
  };
}
