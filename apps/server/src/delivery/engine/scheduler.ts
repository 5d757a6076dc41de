import { ScheduleType } from '@beacon/shared';
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

/**
 * The waves of a message (DESIGN §5 Schedule): now, once at the chosen instant, or one per UTC offset present in
 * the audience at the same wall-clock time (local time); local-time waves already past are recorded as skipped and
 * not queued. Returns the waves to queue.
 */
export async function planWaves(
  repo: EngineRepository,
  m: { id: number; scheduleType: number; scheduleLocal: string | null; scheduleUtc: string },
  audience: CompiledAudience,
  now: Date,
): Promise<PlannedWave[]> {
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
