import {
  countryName,
  ErrorCodes,
  errorWithDetail,
  formatClockMinutes,
  type MessageLang,
} from '@beacon/shared';
import type { CompiledAudience } from '../../audience/compile-conditions';
import { wallClockUtc } from '../../delivery/engine';
import { ApiError } from '../../lib/api-error';
import { evaluate, nextAllowedTime, type PolicySnapshot } from '../../policy';
import type { AudienceGroup, MessagesForbiddenRepository } from './messages-forbidden.repository';

/** A message's schedule as save resolved it: now (1), one instant (2), or each device's wall-clock time (3). */
export interface ForbiddenSchedule {
  type: number;
  local: string | null;
  at: Date | null;
  /** The message's time to live: a device inside a banned window waits for its end when it comes within it. */
  ttlSeconds?: number;
}

/** One row of the forbidden-send dialog (part 2 §2): a country banned all day, or its banned windows the schedule hits. */
export interface ForbiddenCountry {
  countryCode: string;
  countryName: string;
  allDay: boolean;
  windows: Array<{ start: string; end: string }>;
  /** 6 platform ban, 104 app ban, 105 banned window. */
  lossCode: number;
  /** Devices of the audience it would drop. */
  devices: number;
}

/** Throws 201 or 202 when sending is forbidden for part of the audience; resolves when the save may go on. */
export type ForbiddenCheck = (
  appId: number,
  audience: CompiledAudience,
  schedule: ForbiddenSchedule,
  now: Date,
  force: boolean,
) => Promise<void>;

const ZERO = { total: 0, ad: 0, distribute: 0, content: 0 };

/** When the devices at `utcOffsetMin` would be sent to; null when their local-time wave is already past (skipped). */
export function sendInstant(schedule: ForbiddenSchedule, utcOffsetMin: number, now: Date): Date | null {
  if (schedule.type === 2 && schedule.at) return schedule.at;
  if (schedule.type === 3 && schedule.local) {
    const at = new Date(wallClockUtc(schedule.local) - utcOffsetMin * 60_000);
    return at.getTime() < now.getTime() ? null : at;
  }
  return now;
}

/**
 * The audience groups that the country policies drop at their send instant (platform ban 6, app ban 104, a banned
 * window of the country in the device's local time that does not end within the time to live 105), folded into one row per country, most devices first; and
 * how many of the dropped devices could otherwise have been sent to. The evaluator decides, so this answer and the
 * filter stage agree.
 */
export function forbiddenOf(
  groups: AudienceGroup[],
  snapshot: PolicySnapshot,
  schedule: ForbiddenSchedule,
  now: Date,
): { rows: ForbiddenCountry[]; reachable: number } {
  const countriesOnly: PolicySnapshot = { ...snapshot, isNotificationControlApp: false, dailyLimits: null };
  const byCountry = new Map<string, ForbiddenCountry>();
  let reachable = 0;
  for (const g of groups) {
    const at = sendInstant(schedule, g.utcOffsetMin, now);
    if (!at) continue;
    const verdict = evaluate(
      {
        country: g.country,
        brand: '',
        model: '',
        utcOffsetMin: g.utcOffsetMin,
        firstSeenAt: at,
        sentToday: ZERO,
      },
      { appId: snapshot.appId, kind: 1 },
      countriesOnly,
      at,
    );
    if (!verdict.drop || (verdict.lossCode === 105 && waitsInTime(g, snapshot, at, schedule.ttlSeconds)))
      continue;
    const code = g.country.toUpperCase();
    const row = byCountry.get(code) ?? {
      countryCode: code,
      countryName: countryName(code, 'en'),
      allDay: verdict.lossCode !== 105,
      windows:
        verdict.lossCode === 105
          ? (snapshot.bannedWindows.get(code) ?? []).map((w) => ({
              start: formatClockMinutes(w.startMinute),
              end: formatClockMinutes(w.endMinute),
            }))
          : [],
      lossCode: verdict.lossCode,
      devices: 0,
    };
    row.devices += g.devices;
    reachable += g.reachable;
    byCountry.set(code, row);
  }
  const rows = [...byCountry.values()].sort(
    (a, b) => b.devices - a.devices || a.countryCode.localeCompare(b.countryCode),
  );
  return { rows, reachable };
}

/** Whether devices inside a banned window can wait for its end within the message's time to live (delayed, not lost). */
function waitsInTime(
  g: AudienceGroup,
  snapshot: PolicySnapshot,
  at: Date,
  ttlSeconds: number | undefined,
): boolean {
  if (ttlSeconds === undefined) return false;
  const end = nextAllowedTime({ country: g.country, utcOffsetMin: g.utcOffsetMin }, snapshot, at);
  return end !== null && end.getTime() - at.getTime() <= ttlSeconds * 1000;
}

const names = (rows: ForbiddenCountry[], lang: MessageLang) =>
  rows.map((r) => `${countryName(r.countryCode, lang)} (${r.countryCode})`).join(', ');

/**
 * msg/save's forbidden-country answer (part 2 §2, §8; issue 5's policy table): when the audience has devices in
 * countries banned for the app (6, 104) or in banned windows the schedule hits and that do not end within the
 * message's time to live (105; devices whose window ends in time only wait), the save answers
 * - 201 when no device outside them could receive the message: it cannot be created (even with the force flag);
 * - 202 when others could: it is created only with `countryMsgforceCreate`, and the filter stage drops those devices.
 * Nothing is saved before this check passes. Data: `{forbidden: ForbiddenCountry[]}`.
 */
export function forbiddenCheck(repo: MessagesForbiddenRepository): ForbiddenCheck {
  return async (appId, audience, schedule, now, force) => {
    const snapshot = await repo.snapshot(appId);
    const countries = [
      ...new Set([
        ...snapshot.platformBannedCountries,
        ...snapshot.appBannedCountries,
        ...snapshot.bannedWindows.keys(),
      ]),
    ];
    if (countries.length === 0) return;
    const { rows, reachable } = forbiddenOf(
      await repo.groups(audience, countries, now),
      snapshot,
      schedule,
      now,
    );
    if (rows.length === 0) return;
    const total = (await repo.reachableByOffset(audience, now))
      .filter((g) => sendInstant(schedule, g.utcOffsetMin, now) !== null)
      .reduce((sum, g) => sum + g.reachable, 0);
    const code =
      total - reachable > 0 ? ErrorCodes.AUDIENCE_FORBIDDEN_MAY_CONTINUE : ErrorCodes.AUDIENCE_FORBIDDEN;
    if (code === ErrorCodes.AUDIENCE_FORBIDDEN_MAY_CONTINUE && force) return;
    throw new ApiError(code, (lang) => errorWithDetail(code, lang, names(rows, lang)), {
      forbidden: rows,
    });
  };
}
