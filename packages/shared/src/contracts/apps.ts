import { z } from 'zod';
import { defineCall } from '../call';

export const AppIdParams = z.object({ appId: z.coerce.number().int().positive() });

/** What every app screen needs: the app's identity, its switches, and the caller's project level on it. */
export const AppInfo = z.object({
  appId: z.number().int(),
  title: z.string(),
  pkg: z.string(),
  logo: z.string(),
  ownerEmail: z.string(),
  /** 100 super admin, 200 owner, 300 manager, 400 operator, 500 tester. */
  projectLevel: z.number().int(),
  reviewEnable: z.boolean(),
  materialReviewEnable: z.boolean(),
  advanceTarget: z.boolean(),
  multiLangEnable: z.boolean(),
  localTimeEnable: z.boolean(),
  displayPriorityEnable: z.boolean(),
  linksEnable: z.boolean(),
  limitEnable: z.boolean(),
  limitCount: z.number().int(),
  uploadFileLimit: z.number().int(),
  /** 2 = the SDK was destroyed: screens show an info card instead of forms. */
  destroy: z.number().int(),
  /** The server's UTC offset, `±HHMM`. */
  serverUTC: z.string(),
  hasServiceAccount: z.boolean(),
});
export type AppInfo = z.infer<typeof AppInfo>;

export const ALL_PROJECT_LEVELS = [100, 200, 300, 400, 500] as const;

export const appInfoCalls = {
  info: defineCall({
    method: 'GET',
    path: '/tcm/v1/app/:appId/info',
    summary: 'The app and the caller’s project level on it',
    params: AppIdParams,
    data: AppInfo,
  }),
};
