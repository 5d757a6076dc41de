import {
  ErrorCodes,
  errorWithDetail,
  isFileTargeting,
  MESSAGE_LIMITS,
  ScheduleType,
  TAG_FLAG_OF,
  type Condition,
} from '@beacon/shared';
import { scheduleInstant, wallClockUtc } from '../../delivery/engine';
import { checkDmpTarget } from './messages-dmp';
import { ApiError, fieldError } from '../../lib/api-error';
import type { AppRecord } from '../apps';
import type { OneMessage } from './messages-content';
import type { MessagesRepository } from './messages.repository';

/**
 * When a save sends: now (1), an instant (2; one already past is 90003 unless forced, then now), local time (3), or
 * each device's best hour within the next 24 hours (4: planned now, no date; @beacon/shared best-hour.ts).
 */
export function scheduleOf(
  app: AppRecord,
  input: OneMessage,
  now: Date,
): { type: ScheduleType; local: string | null; at: Date | null; zone: string } {
  if (input.scheduleType === ScheduleType.NOW)
    return { type: ScheduleType.NOW, local: null, at: null, zone: input.scheduleUTC };
  if (input.scheduleType === ScheduleType.BEST_HOUR)
    return { type: ScheduleType.BEST_HOUR, local: null, at: null, zone: input.scheduleUTC };
  if (!input.scheduleDate) throw fieldError('scheduleDate', 'is required for a scheduled message');
  if (input.scheduleType === ScheduleType.AT_TIME) {
    const at = scheduleInstant(input.scheduleDate, input.scheduleUTC);
    if (at.getTime() < now.getTime() + MESSAGE_LIMITS.scheduleLeadMs) {
      if (!input.forceCreate) throw new ApiError(ErrorCodes.SCHEDULE_PASSED);
      return { type: ScheduleType.NOW, local: null, at: null, zone: input.scheduleUTC };
    }
    return { type: ScheduleType.AT_TIME, local: input.scheduleDate, at, zone: input.scheduleUTC };
  }
  if (!app.localTimeEnable) throw fieldError('scheduleType', 'local-time sending is off for this app');
  if (isFileTargeting(input.targetingType))
    throw fieldError('scheduleType', 'local time cannot be used with file targeting');
  // the latest zone (UTC−12) reaches the wall-clock time 12 h after UTC does: some zone must still be ahead
  if (wallClockUtc(input.scheduleDate) + MESSAGE_LIMITS.localTimeWindowMs < now.getTime())
    throw new ApiError(ErrorCodes.SCHEDULE_PASSED);
  return { type: ScheduleType.LOCAL_TIME, local: input.scheduleDate, at: null, zone: '+0000' };
}

/**
 * The tags a targeting names must be the app's own, of the label's kind: a `tags` condition naming anything else is
 * 21031 (app tag illegal), an audience-package condition (dmpCustomize, dmpCustomizeGroup) 130000 (DMP tag
 * invalid). Without this, such a condition silently matched no device. A saved user group is checked as it is now
 * (a tag deleted since it was saved is named). While the app's DMP switch is off, any audience package is 130000
 * too (checkDmpTarget).
 */
export async function checkTags(
  repo: Pick<MessagesRepository, 'tagsOf' | 'dmpEnabled'>,
  appId: number,
  conditions: readonly Condition[] | undefined,
): Promise<void> {
  await checkDmpTarget(repo, appId, conditions);
  const tagged = (conditions ?? []).filter((c) => TAG_FLAG_OF[c.label] && c.allSelected !== 1);
  if (tagged.length === 0) return;
  const ids = tagged.flatMap((c) => c.values.map(Number)).filter((n) => Number.isSafeInteger(n) && n > 0);
  const known = await repo.tagsOf(appId, ids);
  for (const c of tagged) {
    const flag = TAG_FLAG_OF[c.label];
    const bad = c.values.filter((v) => known.get(Number(v)) !== flag);
    if (bad.length === 0) continue;
    const code = flag === 'GROUP' ? ErrorCodes.DMP_TAG_INVALID : ErrorCodes.APP_TAG_ILLEGAL;
    throw new ApiError(code, (lang) => errorWithDetail(code, lang, `${c.label}: ${bad.join(', ')}`), {
      label: c.label,
      values: bad,
    });
  }
}
