import { z } from 'zod';
import { defineCall, EmptyBody } from '../call';
import { numberInput } from '../numbers';
import { singleLineText } from '../text';

/** The per-app switches of /appsettings, each with its own update call. `dmp` is the commercial switch (changeProjectDMP). */
export const APP_SWITCHES = [
  'review',
  'material-review',
  'advance-target',
  'local-time',
  'multi-lang',
  'dmp',
  'new-device',
] as const;
export const AppSwitch = z.enum(APP_SWITCHES);
export type AppSwitch = z.infer<typeof AppSwitch>;

/** The field of a global-list row each switch drives. */
export const APP_SWITCH_FIELDS = {
  review: 'reviewEnable',
  'material-review': 'materialReviewEnable',
  'advance-target': 'advanceTarget',
  'local-time': 'localTimeEnable',
  'multi-lang': 'multiLangEnable',
  dmp: 'commercialEnable',
  'new-device': 'newDeviceProtection',
} as const satisfies Record<AppSwitch, string>;

export const GLOBAL_APP_PAGE_SIZE = 20;

export const GlobalAppListRequest = z.object({
  /** Matches the title or the package name. */
  title: singleLineText({ max: 100 }).optional().default(''),
  pageNo: numberInput(z.number().int().min(1)).default(1),
  pageSize: numberInput(z.number().int().min(1).max(9999)).default(GLOBAL_APP_PAGE_SIZE),
});
export type GlobalAppListRequest = z.infer<typeof GlobalAppListRequest>;

/** One row of the /appsettings table: an app's configuration. */
export const GlobalAppRow = z.object({
  appId: z.number().int(),
  title: z.string(),
  pkg: z.string(),
  logo: z.string(),
  ownerEmail: z.string(),
  reviewEnable: z.boolean(),
  materialReviewEnable: z.boolean(),
  advanceTarget: z.boolean(),
  localTimeEnable: z.boolean(),
  multiLangEnable: z.boolean(),
  commercialEnable: z.boolean(),
  /** new devices get no message for their first 7 days (loss 106) */
  newDeviceProtection: z.boolean(),
  limitEnable: z.boolean(),
  limitCount: z.number().int(),
  hasServiceAccount: z.boolean(),
  updateTime: z.string(),
});
export type GlobalAppRow = z.infer<typeof GlobalAppRow>;

export const GlobalAppList = z.object({ results: z.array(GlobalAppRow), total: z.number().int() });
export type GlobalAppList = z.infer<typeof GlobalAppList>;

export const AppSwitchParams = z.object({
  appId: numberInput(z.number().int().positive()),
  switch: AppSwitch,
  enable: z.enum(['0', '1']).transform((v) => v === '1'),
});

/** /appsettings (level 100): every app's configuration and one update call per switch. */
export const appSettingsCalls = {
  globalList: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/global-list',
    summary: 'Every app’s configuration (getGlobalAppList); search title or package',
    body: GlobalAppListRequest,
    data: GlobalAppList,
  }),
  setSwitch: defineCall({
    method: 'POST',
    path: '/tcm/global/app/:appId/:switch/:enable',
    summary:
      'Turn one switch of an app on (1) or off (0): review, material-review, advance-target, local-time, multi-lang, dmp (changeProjectDMP)',
    params: AppSwitchParams,
    body: EmptyBody,
    data: z.object({}),
  }),
};
