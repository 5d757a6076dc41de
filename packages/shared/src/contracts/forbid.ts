import { z } from 'zod';
import { defineCall } from '../call';
import { isCountryCode } from '../dictionaries/countries';
import { numberInput } from '../numbers';
import { ProjectLevel } from '../permissions';
import { AppIdParams } from './apps';

/** Project levels that may read an app's control policy (part 1 §2: config/forbid is 100–400). */
export const FORBID_VIEW_LEVELS: readonly number[] = [
  ProjectLevel.SUPER_ADMIN,
  ProjectLevel.OWNER,
  ProjectLevel.MANAGER,
  ProjectLevel.OPERATOR,
];

/** A banned country; `scope` says whether the platform bans it for every app or only for this app. */
export const ForbidCountry = z.object({
  countryCode: z.string(),
  countryName: z.string(),
  scope: z.enum(['platform', 'app']),
});
export type ForbidCountry = z.infer<typeof ForbidCountry>;

/** `HH:mm`, 00:00 to 23:59. */
export const ForbidClockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time HH:mm');

/** A banned window in the device's local time; an end earlier than the start ends on the next day. */
export const ForbidInterval = z.object({ start: ForbidClockTime, end: ForbidClockTime });
export type ForbidInterval = z.infer<typeof ForbidInterval>;

export const ForbidCountryTime = z.object({
  countryCode: z.string(),
  countryName: z.string(),
  intervalTimeList: z.array(ForbidInterval),
});
export type ForbidCountryTime = z.infer<typeof ForbidCountryTime>;

export const CountryConfig = z.object({ countryList: z.array(ForbidCountry) });
export type CountryConfig = z.infer<typeof CountryConfig>;

/** 1: banned countries; 2: banned time windows per country. */
export const ForbidType = numberInput(
  z.union([z.literal(1), z.literal(2)], 'must be 1 (countries) or 2 (time windows)'),
);

export const ForbidView = z.object({
  countryConfig: CountryConfig.optional(),
  countryTimeConfig: z.array(ForbidCountryTime).optional(),
});
export type ForbidView = z.infer<typeof ForbidView>;

export const ForbidAppIdQuery = z.object({ appId: numberInput(z.number().int().positive()) });

/** Minutes since midnight of an `HH:mm` time. */
function minutesOfDay(time: string): number {
  const [h = '0', m = '0'] = time.split(':');
  return Number(h) * 60 + Number(m);
}

/** Whether a window ends on the next day (its end is earlier than its start). */
export function endsNextDay(interval: ForbidInterval): boolean {
  return minutesOfDay(interval.end) < minutesOfDay(interval.start);
}

/** `HH:mm` of minutes since midnight. */
export function formatClockMinutes(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

export const forbidCalls = {
  view: defineCall({
    method: 'GET',
    path: '/tcm/v1/app/:appId/forbid',
    summary: 'The app’s control policy: banned countries (type 1) or banned time windows (type 2)',
    params: AppIdParams,
    query: z.object({ type: ForbidType }),
    data: ForbidView,
  }),
  countries: defineCall({
    method: 'GET',
    path: '/tcm/uem/app/country/forbid',
    summary: 'The countries banned for the app given as appId',
    query: ForbidAppIdQuery,
    data: CountryConfig,
  }),
  times: defineCall({
    method: 'GET',
    path: '/tcm/uem/app/time/forbid',
    summary: 'The time windows banned for the app given as appId, per country',
    query: ForbidAppIdQuery,
    data: z.array(ForbidCountryTime),
  }),
};

/*
 * Fine-work (the /platformsettings tab, levels 100 and 150; part 1 §2, §3 "Forbid config", §7 "Platform"): countries
 * banned for every app (loss 6) or for one app (loss 104), and per-app, per-country banned time windows (loss 105).
 * Every change is audited (area `forbid`). Plain downloads (CSV, not an envelope): FINEWORK_PATHS.
 */

export const FORBID_LIMITS = {
  /** Windows one app may have for one country. */
  windowsPerCountry: 24,
  /** Countries one add call may name. */
  countriesPerAdd: 300,
} as const;

/** A country code of the dictionary (ISO 3166-1 alpha-2), upper-cased. */
export const ForbidCountryCode = z
  .string({ error: 'is required: choose a country' })
  .trim()
  .toUpperCase()
  .refine(isCountryCode, 'must be a country code of the dictionary (ISO 3166-1 alpha-2, e.g. FR)');

/** A window as an admin enters it: `HH:mm` pair, start ≠ end (an end earlier than the start runs to the next day). */
export const ForbidIntervalInput = ForbidInterval.refine((i) => i.start !== i.end, {
  path: ['end'],
  message: 'must differ from start (a window cannot be empty or the whole day)',
});

/** `HH:mm-HH:mm`: how a window is written in the audit log and compared for duplicates. */
export function intervalKey(interval: ForbidInterval): string {
  return `${interval.start}-${interval.end}`;
}

const FineworkAppId = numberInput(
  z.number({ error: 'is required: choose an app' }).int().positive('is required: choose an app'),
  'is required: choose an app',
);

export const FineworkAppBody = z.object({ appId: FineworkAppId });

export const FineworkCountryRow = z.object({
  countryCode: z.string(),
  countryName: z.string(),
  createdBy: z.string(),
  createTime: z.string(),
});
export type FineworkCountryRow = z.infer<typeof FineworkCountryRow>;

const CountryCodes = z
  .array(ForbidCountryCode, { error: 'is required: choose at least one country' })
  .min(1, 'is required: choose at least one country')
  .max(FORBID_LIMITS.countriesPerAdd, `must name at most ${FORBID_LIMITS.countriesPerAdd} countries`);

export const FineworkCountriesAdd = z.object({ countryCodes: CountryCodes });
export const FineworkAppCountriesAdd = FineworkAppBody.extend({ countryCodes: CountryCodes });
export type FineworkAppCountriesAdd = z.infer<typeof FineworkAppCountriesAdd>;
export const FineworkCountryDelete = z.object({ countryCode: ForbidCountryCode });
export const FineworkAppCountryDelete = FineworkAppBody.extend({ countryCode: ForbidCountryCode });

/** What an add did: the codes banned now, and those already banned (left as they were). */
export const FineworkAddResult = z.object({ added: z.array(z.string()), already: z.array(z.string()) });
export type FineworkAddResult = z.infer<typeof FineworkAddResult>;

export const FineworkWindow = ForbidInterval.extend({ id: z.number().int() });
export type FineworkWindow = z.infer<typeof FineworkWindow>;
export const FineworkCountryTimes = z.object({
  countryCode: z.string(),
  countryName: z.string(),
  intervalTimeList: z.array(FineworkWindow),
});
export type FineworkCountryTimes = z.infer<typeof FineworkCountryTimes>;

export const FineworkTimesAdd = FineworkAppBody.extend({
  countryCode: ForbidCountryCode,
  intervalTimeList: z
    .array(ForbidIntervalInput, { error: 'is required: add at least one window' })
    .min(1, 'is required: add at least one window')
    .max(FORBID_LIMITS.windowsPerCountry, `must hold at most ${FORBID_LIMITS.windowsPerCountry} windows`),
}).superRefine((v, ctx) => {
  const seen = new Set<string>();
  v.intervalTimeList.forEach((interval, i) => {
    const key = intervalKey(interval);
    if (seen.has(key))
      ctx.addIssue({
        code: 'custom',
        path: ['intervalTimeList', i],
        message: `repeats the window ${interval.start}–${interval.end}`,
      });
    seen.add(key);
  });
});
export type FineworkTimesAdd = z.infer<typeof FineworkTimesAdd>;

/** Deletes one window (`id`) or every window of a country (`countryCode`). */
export const FineworkTimesDelete = FineworkAppBody.extend({
  id: numberInput(z.number().int().positive()).optional(),
  countryCode: ForbidCountryCode.optional(),
}).refine((v) => v.id !== undefined || v.countryCode !== undefined, {
  path: ['id'],
  message: 'is required: the window (id) or the country (countryCode) to delete',
});
export type FineworkTimesDelete = z.infer<typeof FineworkTimesDelete>;

export const FineworkAppSummary = z.object({
  appId: z.number().int(),
  title: z.string(),
  pkg: z.string(),
  logo: z.string(),
  countries: z.number().int(),
  windows: z.number().int(),
});
export type FineworkAppSummary = z.infer<typeof FineworkAppSummary>;

/** The CSV downloads: `?appId=` (one app and the platform bans; omitted: every app) and `&lang=en|zh|fr`. */
export const FINEWORK_PATHS = {
  countryDownload: '/tcm/global/plat/app/country/forbid/download',
  timeDownload: '/tcm/global/plat/app/time/forbid/download',
} as const;

export const FineworkDownloadQuery = z.object({
  appId: numberInput(z.number().int().positive()).optional(),
  lang: z.enum(['en', 'zh', 'fr']).optional(),
});

const Done = z.object({});

export const fineworkCalls = {
  summary: defineCall({
    method: 'GET',
    path: '/tcm/global/plat/app/forbid/summary',
    summary: 'Every app with its counts of banned countries and windows, and the count of platform-wide bans',
    data: z.object({ apps: z.array(FineworkAppSummary), platformCountries: z.number().int() }),
  }),
  platformCountries: defineCall({
    method: 'POST',
    path: '/tcm/global/plat/country/forbid/list',
    summary: 'Countries banned for every app (loss 6)',
    data: z.object({ list: z.array(FineworkCountryRow) }),
  }),
  platformCountryAdd: defineCall({
    method: 'POST',
    path: '/tcm/global/plat/country/forbid/add',
    summary: 'Bans countries for every app',
    body: FineworkCountriesAdd,
    data: FineworkAddResult,
  }),
  platformCountryDelete: defineCall({
    method: 'POST',
    path: '/tcm/global/plat/country/forbid/delete',
    summary: 'Lifts a platform-wide country ban',
    body: FineworkCountryDelete,
    data: Done,
  }),
  appCountries: defineCall({
    method: 'POST',
    path: '/tcm/global/plat/app/country/forbid/list',
    summary: 'Countries banned for one app (loss 104)',
    body: FineworkAppBody,
    data: z.object({ list: z.array(FineworkCountryRow) }),
  }),
  appCountryAdd: defineCall({
    method: 'POST',
    path: '/tcm/global/plat/app/country/forbid/add',
    summary: 'Bans countries for one app',
    body: FineworkAppCountriesAdd,
    data: FineworkAddResult,
  }),
  appCountryDelete: defineCall({
    method: 'POST',
    path: '/tcm/global/plat/app/country/forbid/delete',
    summary: 'Lifts a country ban of one app',
    body: FineworkAppCountryDelete,
    data: Done,
  }),
  times: defineCall({
    method: 'POST',
    path: '/tcm/global/plat/app/time/forbid/list',
    summary: 'Banned time windows of one app, per country (loss 105)',
    body: FineworkAppBody,
    data: z.object({ list: z.array(FineworkCountryTimes) }),
  }),
  timesAdd: defineCall({
    method: 'POST',
    path: '/tcm/global/plat/app/time/forbid/add',
    summary: 'Adds banned windows for one app and country',
    body: FineworkTimesAdd,
    data: z.object({ list: z.array(FineworkWindow) }),
  }),
  timesDelete: defineCall({
    method: 'POST',
    path: '/tcm/global/plat/app/time/forbid/delete',
    summary: 'Deletes one banned window, or every window of a country',
    body: FineworkTimesDelete,
    data: Done,
  }),
};
