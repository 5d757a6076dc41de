import { controlBuckets, ScheduleType } from '@beacon/shared';
import type { EngineRepository } from './engine.repository';
import type { CompiledAudience } from '../../audience/compile-conditions';
import { WaveStatus } from './kinds';

/** Minutes east of UTC of a `±HHMM` zone. */
export function zoneMinutes(zone: string): number {
  const m = /^([+-])(\d{2})(\d{2})$/.exec(zone);
  if (!m) return 0;
  const minutes = Number(m[2]) * 60 + Number(m[3]);
  return m[1] === '-' ? -minutes : minutes;
}

/** The wall-clock `YYYY-MM-DD HH:mm[:ss]` read as UTC, in epoch ms. */
export function wallClockUtc(local: string): number {
  const [date = '', time = '00:00:00'] = local.trim().split(/[ T]/);
  const [y, mo, d] = date.split('-').map(Number);
  const [h, mi, s] = time.split(':').map(Number);
  return Date.UTC(y ?? 1970, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0, s ?? 0);
}

/** The instant a schedule names: its wall-clock time in the zone `±HHMM`. */
export function scheduleInstant(local: string, zone: string): Date {
  return new Date(wallClockUtc(local) - zoneMinutes(zone) * 60_000);
}

export interface PlannedWave {
  waveId: number;
  runAt: Date;
}

/** What a best-hour wave holds (message_waves.best_minutes): the control group, sent at once. */
export const CONTROL_WAVE = -1;
/** The last best-hour wave's bound: every device of the audience not sent yet, wherever its hour moved meanwhile. */
export const LAST_BEST_WAVE = 1440;

/** The UTC minute of the day of an instant. */
export function minuteOfDay(at: Date): number {
  return at.getUTCHours() * 60 + at.getUTCMinutes();
}

/**
 * A best-hour message's waves (@beacon/shared best-hour.ts): its control share at once, then one wave per distinct
 * start of the devices' best local hours within the next 24 hours (a start less than graceMinutes past is now). The
 * fallback hour of devices with too little history (the app's best hour) and the plan's start minute are fixed on the
 * message, so that every wave assigns a device as the plan did. The last wave takes every device not sent by then.
 */
export async function planBestHourWaves(
  repo: EngineRepository,
  messageId: number,
  audience: CompiledAudience,
  now: Date,
): Promise<PlannedWave[]> {
  const msg = await repo.message(messageId);
  if (!msg) return [];
  const m = { id: messageId, controlShare: msg.controlShare };
  const fallbackHour = await repo.appBestHour(msg.appId);
  const startMin = minuteOfDay(now);
  await repo.setBestPlan(m.id, fallbackHour, startMin);
  const cut = controlBuckets(m.controlShare);
  const planned: PlannedWave[] = [];
  if (cut > 0)
    planned.push({
      waveId: await repo.insertWave(m.id, null, now, WaveStatus.QUEUED, CONTROL_WAVE),
      runAt: now,
    });
  const { slots } = await repo.bestSlots(audience, {
    seed: m.id,
    controlBuckets: cut,
    fallbackHour,
    startMin,
  });
  const at = new Set(slots.map((s) => Math.max(0, s.minutes)));
  const minutes = [...at].sort((a, b) => a - b);
  for (const [i, min] of minutes.entries()) {
    const runAt = new Date(now.getTime() + min * 60_000);
    const bound = i === minutes.length - 1 ? LAST_BEST_WAVE : min;
    planned.push({ waveId: await repo.insertWave(m.id, null, runAt, WaveStatus.QUEUED, bound), runAt });
  }
  return planned;
}

/**
 * The waves of a message (DESIGN §5 Schedule): now, once at the chosen instant, one per UTC offset present in the
 * audience at the same wall-clock time (local time; waves already past are recorded as skipped and not queued), or
 * at each device's best hour (planBestHourWaves). Returns the waves to queue.
 */
export async function planWaves(
  repo: EngineRepository,
  m: {
    id: number;
    scheduleType: number;
    scheduleLocal: string | null;
    scheduleUtc: string;
  },
  audience: CompiledAudience,
  now: Date,
): Promise<PlannedWave[]> {
  if (m.scheduleType === ScheduleType.BEST_HOUR) return planBestHourWaves(repo, m.id, audience, now);
  if (m.scheduleType === ScheduleType.NOW || !m.scheduleLocal) {
    return [{ waveId: await repo.insertWave(m.id, null, now, WaveStatus.QUEUED), runAt: now }];
  }
  if (m.scheduleType === ScheduleType.AT_TIME) {
    const runAt = scheduleInstant(m.scheduleLocal, m.scheduleUtc);
    return [{ waveId: await repo.insertWave(m.id, null, runAt, WaveStatus.QUEUED), runAt }];
  }
  const wall = wallClockUtc(m.scheduleLocal);
  const planned: PlannedWave[] = [];
  for (const offset of await repo.offsets(audience)) {
    const runAt = new Date(wall - offset * 60_000);
    if (runAt.getTime() < now.getTime()) {
      await repo.insertWave(m.id, offset, runAt, WaveStatus.SKIPPED);
      continue;
    }
    planned.push({ waveId: await repo.insertWave(m.id, offset, runAt, WaveStatus.QUEUED), runAt });
  }
  return planned;
}
