import { isFileTargeting, MESSAGE_LIMITS, ScheduleType, UtcZone } from '@beacon/shared';

const HOUR = 3600 * 1000;
/** The picker disables dates older than this before now (part 2 §5). */
export const PICKER_BACK_MS = 48 * HOUR;

/** `±HHMM` → minutes east of UTC. */
export function zoneMinutes(zone: string): number {
  const m = /^([+-])(\d{2})(\d{2})$/.exec(zone);
  if (!m) return 0;
  const minutes = Number(m[2]) * 60 + Number(m[3]);
  return m[1] === '-' ? -minutes : minutes;
}

/** The zone to use: the chosen one when it is `±HHMM`, else the server's (part 2 §5). */
export function normalizeZone(zone: string, serverUTC: string): string {
  if (UtcZone.safeParse(zone).success) return zone;
  return UtcZone.safeParse(serverUTC).success ? serverUTC : '+0000';
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The instant of a wall time `YYYY-MM-DD HH:mm[:ss]` in a `±HHMM` zone, or NaN when it is not one. */
export function wallToEpoch(wall: string, zone: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(wall);
  if (!m) return Number.NaN;
  const utc = Date.UTC(
    Number(m[1]),
    Number(m[2]) - 1,
    Number(m[3]),
    Number(m[4]),
    Number(m[5]),
    Number(m[6] ?? 0),
  );
  return utc - zoneMinutes(zone) * 60_000;
}

/** The wall time `YYYY-MM-DD HH:mm:ss` of an instant in a `±HHMM` zone. */
export function epochToWall(ms: number, zone: string): string {
  const d = new Date(ms + zoneMinutes(zone) * 60_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** Whether the picker disables a day (`YYYY-MM-DD`): its end is older than 48 h before now in that zone. */
export function isDayDisabled(day: string, zone: string, now: number): boolean {
  return wallToEpoch(`${day} 23:59:59`, zone) < now - PICKER_BACK_MS;
}

export type ScheduleProblem = 'localWithFile' | 'scheduleRequired' | 'scheduleTooSoon' | 'localPast';

/**
 * The schedule rules of part 2 §5: local time (3) is refused with file targeting (6, 7); types 2 and 3 need a time;
 * type 2 must be more than 5 minutes ahead in its zone; type 3 (a wall time in each device's zone, sent as +0000)
 * must still be ahead somewhere, i.e. after now − 12 h.
 */
export function scheduleProblem(
  type: ScheduleType,
  date: string,
  zone: string,
  targetingType: number,
  now: number,
): ScheduleProblem | undefined {
  if (type === ScheduleType.NOW || type === ScheduleType.BEST_HOUR) return undefined;
  if (type === ScheduleType.LOCAL_TIME && isFileTargeting(targetingType)) return 'localWithFile';
  const at = wallToEpoch(date, type === ScheduleType.LOCAL_TIME ? '+0000' : zone);
  if (!date || Number.isNaN(at)) return 'scheduleRequired';
  if (type === ScheduleType.AT_TIME && at - now <= MESSAGE_LIMITS.scheduleLeadMs) return 'scheduleTooSoon';
  if (type === ScheduleType.LOCAL_TIME && at <= now - MESSAGE_LIMITS.localTimeWindowMs) return 'localPast';
  return undefined;
}

/**
 * For a valid local-time schedule: 'all' when the wall time is still ahead in every zone (after now + 12 h),
 * 'partial' when zones where it has passed will be skipped.
 */
export function localCoverage(date: string, now: number): 'all' | 'partial' {
  return wallToEpoch(date, '+0000') > now + MESSAGE_LIMITS.localTimeWindowMs ? 'all' : 'partial';
}

/** The UTC offsets a zone picker offers, `-1200` … `+1400`, in steps of 15 minutes where zones exist. */
export const ZONE_OPTIONS: string[] = (() => {
  const quarter = new Set([-570, -210, 210, 270, 330, 345, 390, 525, 570, 630, 765, 825]);
  const out: string[] = [];
  for (let m = -720; m <= 840; m += 15) {
    if (m % 60 !== 0 && !quarter.has(m)) continue;
    const a = Math.abs(m);
    out.push(`${m < 0 ? '-' : '+'}${pad(Math.floor(a / 60))}${pad(a % 60)}`);
  }
  return out;
})();
