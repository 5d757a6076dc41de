import { z } from 'zod';
import { defineCall, EmptyBody } from '../call';
import { isIanaZone } from '../dictionaries/timezones';
import { numberInput } from '../numbers';
import { singleLineText } from '../text';

/** The per-user daily limit kinds of the global settings (`restricts`); dictionary kinds 1 ad, 2 distribute, 3 content. */
export const RESTRICT_OPTIONS = ['total', 'ad', 'distribute', 'content'] as const;
export const RestrictOption = z.enum(RESTRICT_OPTIONS);
export type RestrictOption = z.infer<typeof RestrictOption>;

/** Ranges of the per-user daily limits: the total is 0–100 (part 1 §5, §9); the kinds are bounded for sanity. */
export const RESTRICT_LIMITS = { totalMax: 100, kindMax: 10_000 } as const;

/** The highest number a per-user daily limit of `option` may hold. */
export function restrictMax(option: RestrictOption): number {
  return option === 'total' ? RESTRICT_LIMITS.totalMax : RESTRICT_LIMITS.kindMax;
}

/**
 * Checks a per-user daily limit as typed: digits only (an integer ≥ 0) and within the option's range. Returns the
 * number, or an error text naming what to fix.
 */
export function parseRestrictNumber(
  option: RestrictOption,
  raw: string | number,
): { ok: true; value: number } | { ok: false; error: string } {
  const text = String(raw).trim();
  if (!/^\d+$/.test(text)) return { ok: false, error: 'must be a whole number of at least 0' };
  const value = Number(text);
  const max = restrictMax(option);
  if (value > max) return { ok: false, error: `must be at most ${max}` };
  return { ok: true, value };
}

export const Restrict = z.object({ option: RestrictOption, enable: z.boolean(), number: z.number().int() });
export type Restrict = z.infer<typeof Restrict>;

const OFFSET_PATTERN = /^([+-])(\d{2}):(\d{2})$/;

/** The offset in minutes of a `±HH:MM` zone (−12:00 to +14:00, minutes 00/15/30/45), or undefined. */
export function parseFixedOffset(zone: string): number | undefined {
  const m = OFFSET_PATTERN.exec(zone);
  if (!m) return undefined;
  const minutes = Number(m[2]) * 60 + Number(m[3]);
  if (Number(m[3]) % 15 !== 0 || minutes > 14 * 60) return undefined;
  const signed = m[1] === '-' ? -minutes : minutes;
  return signed < -12 * 60 ? undefined : signed;
}

/** Whether `zone` is a day-boundary timezone: a `±HH:MM` offset or an IANA name. */
export function isDayBoundaryZone(zone: string): boolean {
  return parseFixedOffset(zone) !== undefined || isIanaZone(zone);
}

export const DAY_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

export const DayBoundaryTimezone = z
  .string()
  .trim()
  .refine(isDayBoundaryZone, 'must be a UTC offset like +08:00 or a time-zone name like Asia/Shanghai');
export const DayBoundaryTime = z
  .string()
  .trim()
  .regex(DAY_TIME_PATTERN, 'must be a time HH:mm, like 00:00 or 08:30');

export const DayBoundary = z.object({ timezone: DayBoundaryTimezone, time: DayBoundaryTime });
export type DayBoundary = z.infer<typeof DayBoundary>;

/** Every global setting at once (`getAllGlobalSettings`, part 1 §3 "Global settings"). */
export const GlobalSettings = z.object({
  timezone: z.string(),
  time: z.string(),
  globalTagSwitcher: z.boolean(),
  limitSwitcher: z.boolean(),
  restricts: z.array(Restrict),
  updateTime: z.string(),
});
export type GlobalSettings = z.infer<typeof GlobalSettings>;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's UTC offset in minutes at `at` (formatters cached: the delivery engine calls this per batch). */
function zoneOffset(zone: string, at: Date): number {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(zone, format);
  }
  const parts = format.formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return Math.round((asUtc - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000);
}

const offsetAt = (timezone: string, at: Date): number =>
  parseFixedOffset(timezone) ?? zoneOffset(timezone, at);

/** The UTC instant of a local wall-clock time (ms since the epoch, read as UTC) in `timezone`. */
function localToUtc(timezone: string, localMs: number): number {
  let utc = localMs - offsetAt(timezone, new Date(localMs)) * 60_000;
  utc = localMs - offsetAt(timezone, new Date(utc)) * 60_000;
  return utc;
}

const DAY_MS = 86_400_000;

/**
 * The current "day" of the per-user daily limits: the window [start, end) that contains `now`, where each day begins
 * at `settings.time` (HH:mm) in `settings.timezone` (`±HH:MM` or IANA). With an IANA zone a day across a daylight-saving
 * change lasts 23 or 25 hours. Guarantees start ≤ now < end.
 */
export function dailyWindow(
  settings: Pick<DayBoundary, 'timezone' | 'time'>,
  now: Date,
): { start: Date; end: Date } {
  const [h = 0, m = 0] = settings.time.split(':').map(Number);
  const boundary = (h * 60 + m) * 60_000;
  const localNow = now.getTime() + offsetAt(settings.timezone, now) * 60_000;
  let dayStartLocal = Math.floor((localNow - boundary) / DAY_MS) * DAY_MS + boundary;
  let start = localToUtc(settings.timezone, dayStartLocal);
  // daylight-saving edges can put the computed start after now, or the next start at or before now
  if (start > now.getTime()) {
    dayStartLocal -= DAY_MS;
    start = localToUtc(settings.timezone, dayStartLocal);
  }
  let end = localToUtc(settings.timezone, dayStartLocal + DAY_MS);
  if (end <= now.getTime()) {
    start = end;
    end = localToUtc(settings.timezone, dayStartLocal + 2 * DAY_MS);
  }
  return { start: new Date(start), end: new Date(end) };
}

const Flag = z.enum(['0', '1']).transform((v) => v === '1');
const Done = z.object({});

export const SwitchValueParams = z.object({ value: Flag });
export const TagSwitchParams = z.object({ tagSwitcher: Flag });
export const RestrictEnableParams = z.object({ option: RestrictOption, value: Flag });
export const RestrictNumberParams = z
  .object({
    option: RestrictOption,
    value: z.string().regex(/^\d+$/, 'must be a whole number of at least 0').transform(Number),
  })
  .superRefine((p, ctx) => {
    const max = restrictMax(p.option);
    if (p.value > max)
      ctx.addIssue({ code: 'custom', path: ['value'], message: `${p.option} must be at most ${max}` });
  });

/** Per-app daily message limits (apps.limit_enable / limit_count): the app may create at most N messages a day. */
export const AppLimitRow = z.object({
  appId: z.number().int(),
  title: z.string(),
  pkg: z.string(),
  logo: z.string(),
  limitEnable: z.boolean(),
  limitCount: z.number().int(),
});
export type AppLimitRow = z.infer<typeof AppLimitRow>;

export const APP_LIMIT_COUNT_MAX = 1_000_000;
export const AppLimitCount = numberInput(
  z
    .number('must be a whole number')
    .int('must be a whole number')
    .min(1, 'must be above 0')
    .max(APP_LIMIT_COUNT_MAX, `must be at most ${APP_LIMIT_COUNT_MAX}`),
  'must be a whole number',
);

export const AppLimitListRequest = z.object({
  title: singleLineText({ max: 100 }).optional().default(''),
  pageNo: numberInput(z.number().int().min(1)).default(1),
  pageSize: numberInput(z.number().int().min(1).max(9999)).default(20),
});
export type AppLimitListRequest = z.infer<typeof AppLimitListRequest>;

export const AppLimitUpdate = z.object({ limitEnable: z.boolean(), limitCount: AppLimitCount });
export type AppLimitUpdate = z.infer<typeof AppLimitUpdate>;

const countParam = z
  .string()
  .regex(/^\d+$/, 'must be digits')
  .transform(Number)
  .pipe(
    z
      .number()
      .int()
      .min(1, 'must be above 0')
      .max(APP_LIMIT_COUNT_MAX, `must be at most ${APP_LIMIT_COUNT_MAX}`),
  );

/** The calls of the daily settings tab and /globalsettings (part 1 §7 "Global"). */
export const globalSettingsCalls = {
  aggregation: defineCall({
    method: 'GET',
    path: '/tcm/global/conf/aggregation',
    summary: 'Every global setting (getAllGlobalSettings)',
    data: GlobalSettings,
  }),
  limitSwitcher: defineCall({
    method: 'GET',
    path: '/tcm/global/conf/limit/switcher',
    summary: 'The global limit switch',
    data: z.object({ limitSwitcher: z.boolean() }),
  }),
  setLimitSwitcher: defineCall({
    method: 'POST',
    path: '/tcm/global/conf/limit/switcher/:value',
    summary: 'Global limit switch on (1) or off (0)',
    params: SwitchValueParams,
    body: EmptyBody,
    data: Done,
  }),
  setTagSwitcher: defineCall({
    method: 'POST',
    path: '/tcm/global/conf/tag/switcher/:tagSwitcher',
    summary: 'Global tag switch on (1) or off (0)',
    params: TagSwitchParams,
    body: EmptyBody,
    data: Done,
  }),
  setRestrictEnable: defineCall({
    method: 'POST',
    path: '/tcm/global/conf/restrict/update/:option/enable/:value',
    summary: 'A per-user daily limit on (1) or off (0)',
    params: RestrictEnableParams,
    body: EmptyBody,
    data: Done,
  }),
  setRestrictNumber: defineCall({
    method: 'POST',
    path: '/tcm/global/conf/restrict/update/:option/number/:value',
    summary: 'A per-user daily limit (integer ≥ 0; total 0–100)',
    params: RestrictNumberParams,
    body: EmptyBody,
    data: Done,
  }),
  setDayBoundary: defineCall({
    method: 'POST',
    path: '/tcm/global/conf/day',
    summary: 'The day boundary of the daily limits (setGlobalData): timezone and time',
    body: DayBoundary,
    data: Done,
  }),
  appLimits: defineCall({
    method: 'POST',
    path: '/tcm/global/conf/app/limit/list',
    summary: 'Per-app daily message limits (getMsgLimit)',
    body: AppLimitListRequest,
    data: z.object({ results: z.array(AppLimitRow), total: z.number().int() }),
  }),
  setAppLimit: defineCall({
    method: 'POST',
    path: '/tcm/global/conf/app/limit/:appId',
    summary: 'One app’s daily message limit (setMsgLimit)',
    params: z.object({ appId: numberInput(z.number().int().positive()) }),
    body: AppLimitUpdate,
    data: Done,
  }),
  setAllAppLimitEnable: defineCall({
    method: 'POST',
    path: '/tcm/global/conf/app/limit/all/enable/:value',
    summary: 'Every app’s daily limit on or off (setAllDailyLimitActive)',
    params: SwitchValueParams,
    body: EmptyBody,
    data: z.object({ updated: z.number().int() }),
  }),
  setAllAppLimitCount: defineCall({
    method: 'POST',
    path: '/tcm/global/conf/app/limit/all/count/:value',
    summary: 'Every app’s daily limit count (setAllDailyLimitValue)',
    params: z.object({ value: countParam }),
    body: EmptyBody,
    data: z.object({ updated: z.number().int() }),
  }),
};
