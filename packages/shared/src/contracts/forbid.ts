import { z } from 'zod';
import { defineCall } from '../call';
import { ProjectLevel } from '../permissions';
import { AppIdParams } from './apps';

/** Project levels that may read an app's control policy (part 1 §2: config/forbid is 100–400). */
export const FORBID_VIEW_LEVELS: readonly number[] = [ProjectLevel.SUPER_ADMIN, ProjectLevel.OWNER, ProjectLevel.MANAGER, ProjectLevel.OPERATOR];

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
export const ForbidType = z.coerce.number().pipe(z.union([z.literal(1), z.literal(2)], 'must be 1 (countries) or 2 (time windows)'));

export const ForbidView = z.object({
  countryConfig: CountryConfig.optional(),
  countryTimeConfig: z.array(ForbidCountryTime).optional(),
});
export type ForbidView = z.infer<typeof ForbidView>;

export const ForbidAppIdQuery = z.object({ appId: z.coerce.number().int().positive() });

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
