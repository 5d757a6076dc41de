import { type QuotaSettings } from './types';

const WINDOW_SECONDS = 60;

/** A per-project counter over a rolling 60-second window, one bucket per second: O(1) per message. */
export class RollingMinute {
  private readonly buckets = new Uint32Array(WINDOW_SECONDS);
  private total = 0;
  private lastSecond = 0;

  constructor(public limit: number) {}

  /** 0 when one more message fits, else the seconds until it will. */
  check(nowMs: number): number {
    const second = Math.floor(nowMs / 1000);
    this.advance(second);
    if (this.total < this.limit) return 0;
    let remaining = this.total;
    for (let j = 0; j < WINDOW_SECONDS; j++) {
      remaining -= this.buckets[(second + 1 + j) % WINDOW_SECONDS] ?? 0;
      if (remaining < this.limit) return j + 1;
    }
    return WINDOW_SECONDS;
  }

  /** Counts one message in the current second (call after {@link check}). */
  consume(nowMs: number): void {
    const i = Math.floor(nowMs / 1000) % WINDOW_SECONDS;
    this.buckets[i] = (this.buckets[i] ?? 0) + 1;
    this.total++;
  }

  private advance(second: number): void {
    if (second <= this.lastSecond) return;
    const steps = Math.min(WINDOW_SECONDS, second - this.lastSecond);
    for (let k = 1; k <= steps; k++) {
      const i = (this.lastSecond + k) % WINDOW_SECONDS;
      this.total -= this.buckets[i] ?? 0;
      this.buckets[i] = 0;
    }
    this.lastSecond = second;
  }
}

/** Fixed per-device windows (a minute and an hour, each starting at the device's first message in it). */
export interface DeviceCounters {
  minuteStart: number;
  minuteCount: number;
  hourStart: number;
  hourCount: number;
}

export type Limits = Required<QuotaSettings>;

export const DEFAULT_LIMITS: Limits = { perMinute: 600_000, perDevicePerMinute: 240, perDevicePerHour: 5000 };

/** The limit a device has hit (rolling its windows forward first), or undefined when it may receive one more. */
export function checkDevice(
  d: DeviceCounters,
  nowMs: number,
  limits: Limits,
): { retryAfter: number; window: 'minute' | 'hour' } | undefined {
  if (nowMs - d.minuteStart >= 60_000) {
    d.minuteStart = nowMs;
    d.minuteCount = 0;
  }
  if (nowMs - d.hourStart >= 3_600_000) {
    d.hourStart = nowMs;
    d.hourCount = 0;
  }
  if (d.minuteCount >= limits.perDevicePerMinute) {
    return { retryAfter: Math.max(1, Math.ceil((d.minuteStart + 60_000 - nowMs) / 1000)), window: 'minute' };
  }
  if (d.hourCount >= limits.perDevicePerHour) {
    return { retryAfter: Math.max(1, Math.ceil((d.hourStart + 3_600_000 - nowMs) / 1000)), window: 'hour' };
  }
  return undefined;
}

/** Counts one message to the device (after {@link checkDevice}). */
export function countDevice(d: DeviceCounters): void {
  d.minuteCount++;
  d.hourCount++;
}

/** Project limits (defaults overridden per project) and the project rolling windows. */
export class QuotaBook {
  private readonly limits = new Map<string, Limits>();
  private readonly windows = new Map<string, RollingMinute>();

  constructor(private readonly defaults: Limits) {}

  limitsOf(projectId: string): Limits {
    return this.limits.get(projectId) ?? this.defaults;
  }

  set(projectId: string, q: QuotaSettings): void {
    const next: Limits = { ...this.limitsOf(projectId) };
    if (q.perMinute !== undefined) next.perMinute = q.perMinute;
    if (q.perDevicePerMinute !== undefined) next.perDevicePerMinute = q.perDevicePerMinute;
    if (q.perDevicePerHour !== undefined) next.perDevicePerHour = q.perDevicePerHour;
    this.limits.set(projectId, next);
    const w = this.windows.get(projectId);
    if (w !== undefined) w.limit = next.perMinute;
  }

  window(projectId: string): RollingMinute {
    let w = this.windows.get(projectId);
    if (w === undefined) {
      w = new RollingMinute(this.limitsOf(projectId).perMinute);
      this.windows.set(projectId, w);
    }
    return w;
  }
}
