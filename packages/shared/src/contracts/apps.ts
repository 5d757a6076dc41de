import { z } from 'zod';
import { defineCall, EmptyBody } from '../call';
import { ANDROID_PACKAGE_PATTERN, APP_LIMITS, clampReportTime, LIMITS } from '../limits';
import { numberInput } from '../numbers';
import { multiLineText, singleLineText } from '../text';

export const AppIdParams = z.object({ appId: numberInput(z.number().int().positive()) });

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
  /** the app's DMP switch (changeProjectDMP): off closes audience-package targets (dmp-target.ts) */
  commercialEnable: z.boolean(),
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

/** A package name as typed: spaces stripped, then an Android application id. */
export const PackageName = z
  .string()
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, 'is required')
      .max(APP_LIMITS.pkgMax, `must be at most ${APP_LIMITS.pkgMax} characters`)
      .regex(ANDROID_PACKAGE_PATTERN, 'must be a valid Android package name, like com.example.app'),
  );

export const AppTitle = singleLineText({
  required: true,
  max: APP_LIMITS.titleMax,
  maxMessage: `must be at most ${APP_LIMITS.titleMax} characters`,
});
/** Typed in a text area: may span lines. */
export const AppDescription = multiLineText({
  max: APP_LIMITS.descriptionMax,
  maxMessage: `must be at most ${APP_LIMITS.descriptionMax} characters`,
});
/** An uploaded image's site URL (`/files/<sha>.<ext>`), or empty for none. */
export const FileUrl = z
  .string()
  .regex(/^(\/files\/[0-9a-f]{64}\.(png|jpg|webp))?$/, 'must be an uploaded image');

export const AppListRequest = z.object({
  title: singleLineText({ max: 100 }).optional().default(''),
  pageNo: numberInput(z.number().int().min(1)).default(1),
  pageSize: numberInput(z.number().int().min(1).max(APP_LIMITS.switcherLoad)).default(LIMITS.appListPageSize),
});
export type AppListRequest = z.infer<typeof AppListRequest>;

/** One app of the dashboard grid and the project switcher. */
export const AppCard = z.object({
  appId: z.number().int(),
  title: z.string(),
  pkg: z.string(),
  logo: z.string(),
  /** The caller's project level on the app. */
  projectLevel: z.number().int(),
  /** Whether the caller owns the app (owned apps sort first). */
  owned: z.boolean(),
  reviewEnable: z.boolean(),
});
export type AppCard = z.infer<typeof AppCard>;

export const AppList = z.object({ results: z.array(AppCard), total: z.number().int() });
export type AppList = z.infer<typeof AppList>;

export const AppSaveRequest = z.object({
  title: AppTitle,
  pkg: PackageName,
  description: AppDescription.optional().default(''),
  logo: FileUrl.optional().default(''),
  appFireBaseJsonId: singleLineText({ required: 'is required: upload the service-account JSON', max: 100 }),
});
export type AppSaveRequest = z.infer<typeof AppSaveRequest>;

export const PkgCheckRequest = z.object({ pkg: PackageName });

/** An uploaded service-account JSON: `origin` is the server-side handle to pass as appFireBaseJsonId. */
export const FirebaseUpload = z.object({
  origin: z.string(),
  name: z.string(),
  projectId: z.string(),
  clientEmail: z.string(),
});
export type FirebaseUpload = z.infer<typeof FirebaseUpload>;

export const UploadedImage = z.object({ url: z.string(), name: z.string() });
export type UploadedImage = z.infer<typeof UploadedImage>;

/** The app details screen's data (part 1 §3 "App"); the secret and the JSON itself are never included. */
export const AppDetail = AppInfo.extend({
  description: z.string(),
  wifiReportTime: z.number().int(),
  mobileReportTime: z.number().int(),
  appKey: z.string(),
  serverKey: z.string(),
  commercialEnable: z.boolean(),
  /** Its Firebase project's FCM quota, messages a minute, shared by every sending process (FCM's default 600,000). */
  fcmQuotaPerMinute: z.number().int(),
  firebaseJsonDisplay: z.object({ project_id: z.string(), client_email: z.string() }).nullable(),
  firebaseJsonName: z.string(),
  multiLangList: z.array(z.string()),
  dmpCustomize: z.array(z.object({ code: z.string(), name: z.string(), nameEn: z.string() })),
  dmpCustomizeGroup: z.array(z.object({ code: z.string(), name: z.string(), nameEn: z.string() })),
  updateTime: z.string(),
});
export type AppDetail = z.infer<typeof AppDetail>;

export const AppUpdateRequest = z.object({
  title: AppTitle,
  description: AppDescription.default(''),
  logo: FileUrl.default(''),
  uploadFileLimit: numberInput(
    z.number().int('must be a whole number').min(1, 'must be at least 1').max(APP_LIMITS.uploadFileLimitMax),
  ),
  multiLangEnable: z.boolean(),
  localTimeEnable: z.boolean(),
  reviewEnable: z.boolean(),
  materialReviewEnable: z.boolean(),
  displayPriorityEnable: z.boolean(),
  linksEnable: z.boolean(),
});
export type AppUpdateRequest = z.infer<typeof AppUpdateRequest>;

const ReportTime = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const clamped = clampReportTime(v);
  if (clamped === undefined) ctx.addIssue({ code: 'custom', message: 'must be digits (hours, 2 to 24)' });
  return clamped ?? 0;
});

export const ReportTimeRequest = z.object({
  wifiReportTime: ReportTime,
  mobileReportTime: ReportTime,
  appId: numberInput(z.number().int()).optional(),
  pkg: singleLineText({ trim: false }).optional(),
});

const Flag = z.enum(['0', '1']).transform((v) => v === '1');
export const AdvanceTargetParams = AppIdParams.extend({ enable: Flag });
export const LimitSwitcherParams = AppIdParams.extend({ limit: Flag });
export const LimitCountParams = AppIdParams.extend({
  limitCount: z
    .string()
    .regex(/^\d+$/, 'must be digits')
    .transform(Number)
    .pipe(z.number().int().min(1, 'must be above 0').max(1_000_000, 'must be at most 1000000')),
});

/** FCM's quota of a project, messages a minute: FCM grants 600,000 by default and raises it on request. */
export const FCM_QUOTA_LIMITS = { min: 60, max: 100_000_000, default: 600_000 } as const;
export const FcmQuotaParams = AppIdParams.extend({
  perMinute: z
    .string()
    .regex(/^\d+$/, 'must be digits (messages a minute)')
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(FCM_QUOTA_LIMITS.min, `must be at least ${FCM_QUOTA_LIMITS.min}`)
        .max(FCM_QUOTA_LIMITS.max, `must be at most ${FCM_QUOTA_LIMITS.max}`),
    ),
});

export const FirebaseReplaceRequest = z.object({
  appFireBaseJsonId: singleLineText({ required: true, max: 100 }),
});
export const AppDeleteRequest = z.object({
  pkg: singleLineText({ required: 'is required: type the package name' }),
});
export const LegacyAppDeleteRequest = AppDeleteRequest.extend({
  appId: numberInput(z.number().int().positive()),
});

const Done = z.object({});

/** The app calls of part 1 §7 (list, create, details and settings, credentials, delete, uploads). */
export const appCalls = {
  list: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/list',
    summary: 'Apps the caller has a role on',
    body: AppListRequest,
    data: AppList,
  }),
  save: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/save',
    summary: 'Create an app',
    body: AppSaveRequest,
    data: z.object({ appId: z.number().int() }),
  }),
  check: defineCall({
    method: 'POST',
    path: '/tcm/app/check',
    summary: 'Whether a package name is free',
    body: PkgCheckRequest,
    data: z.object({ available: z.boolean() }),
  }),
  uploadFirebase: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/upload/firebase',
    upload: true,
    summary: 'Upload a service-account JSON (multipart `file`, ≤ 1 MB); returns its handle',
    data: FirebaseUpload,
  }),
  uploadLogo: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/upload/logo',
    upload: true,
    summary: 'Upload an app logo (multipart `file`; 120×120 png/jpg/webp ≤ 50 KB)',
    data: UploadedImage,
  }),
  detail: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/detail',
    summary: 'App details',
    params: AppIdParams,
    body: EmptyBody,
    data: z.object({ result: AppDetail }),
  }),
  update: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/update',
    summary: 'Edit app details and switches',
    params: AppIdParams,
    body: AppUpdateRequest,
    data: Done,
  }),
  reportTime: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/report/time',
    summary: 'Report intervals (hours, clamped to 2–24)',
    params: AppIdParams,
    body: ReportTimeRequest,
    data: z.object({ wifiReportTime: z.number(), mobileReportTime: z.number() }),
  }),
  advanceTarget: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/advance/target/:enable',
    summary: 'Advanced targeting on (1) or off (0)',
    params: AdvanceTargetParams,
    body: EmptyBody,
    data: Done,
  }),
  limitSwitcher: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/limit/switcher/:limit',
    summary: 'Daily push limit on (1) or off (0)',
    params: LimitSwitcherParams,
    body: EmptyBody,
    data: Done,
  }),
  limitCount: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/limit/count/:limitCount',
    summary: 'Daily push limit count (above 0)',
    params: LimitCountParams,
    body: EmptyBody,
    data: Done,
  }),
  fcmQuota: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/fcm/quota/:perMinute',
    summary:
      "The FCM quota of the app's Firebase project, messages a minute: every sending process of every host shares it",
    params: FcmQuotaParams,
    body: EmptyBody,
    data: Done,
  }),
  revealSecret: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/secret/reveal',
    summary: 'Show the app secret (owner or super admin)',
    params: AppIdParams,
    body: EmptyBody,
    data: z.object({ appSecret: z.string() }),
  }),
  rotateSecret: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/secret/rotate',
    summary: 'Replace the app secret; the old one stops working',
    params: AppIdParams,
    body: EmptyBody,
    data: z.object({ appSecret: z.string() }),
  }),
  replaceFirebase: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/firebase',
    summary: 'Replace the service-account JSON',
    params: AppIdParams,
    body: FirebaseReplaceRequest,
    data: Done,
  }),
  remove: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/delete',
    summary: 'Delete the app (type its package name)',
    params: AppIdParams,
    body: AppDeleteRequest,
    data: Done,
  }),
  removeLegacy: defineCall({
    method: 'POST',
    path: '/tcm/app/delete',
    summary: 'Delete an app by id (type its package name)',
    body: LegacyAppDeleteRequest,
    data: Done,
  }),
};
