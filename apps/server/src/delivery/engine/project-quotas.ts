import type { EngineRepository } from './engine.repository';
import type { DeliveryMetrics } from './ports';
import { SpeedLimiter } from './speed-limiter';

/**
 * A sender's reservation of its project's FCM quota, in seconds of the quota: a tenth. Smaller, the slots a sender
 * leaves unused when its batch ends (wasted for every sender of the project) are fewer, but a window of requests freed
 * at once uses up a reservation before the next one is back: at a twentieth (500 slots at FCM's default 10,000 a
 * second) one worker host sent 3,300–3,440 a second at 190–196 µs of CPU a send, at a tenth 4,113 at 164 — as with the
 * quota raised out of the way (bench/README.md "scale", 2026-12-05).
 */
const QUOTA_RESERVE_SECONDS = 0.1;

/**
 * A sender's quota slots this late are dropped: a process starved of CPU (a loaded host) that sent its late slots at
 * once went 3 % past the quota with three others on time (hosts.test); it wastes them instead.
 */
const QUOTA_STALE_MS = 100;

/**
 * The FCM quotas of the Firebase projects this process sends for: one pace per project and quota, its slots reserved
 * in the database's timeline of the project (fcm_project_pace), which every sending process on every host shares.
 */
export class ProjectQuotas {
  private readonly paces = new Map<string, SpeedLimiter>();
  private readonly lowered = new Map<string, number>();
  private readonly clock = new ClockOffset();

  constructor(
    private readonly repo: Pick<EngineRepository, 'reserveProjectPace' | 'lowerProjectPace'>,
    private readonly onError: (err: unknown, projectId: string) => void,
    private readonly metrics?: DeliveryMetrics,
  ) {}

  /** The pace of `projectId` at `perMinute`; none without a project (no credentials) or a quota. */
  paceOf(projectId: string, perMinute: number): SpeedLimiter | undefined {
    if (!projectId || !(perMinute > 0)) return undefined;
    const key = `${projectId}\n${perMinute}`;
    let pace = this.paces.get(key);
    if (!pace) {
      const metrics = this.metrics;
      pace = new SpeedLimiter(
        perMinute / 60,
        metrics ? (seconds) => metrics.tokenWait('fcm_quota', seconds) : undefined,
        (spanMs) =>
          this.reserve(projectId, Math.max(1, Math.round((spanMs * perMinute) / 60_000)), perMinute),
        QUOTA_RESERVE_SECONDS,
        QUOTA_STALE_MS,
      );
      this.paces.set(key, pace);
    }
    return pace;
  }

  /**
   * Reserves slots of the project's timeline and says when they start on this process's clock. The database answers
   * on its own clock; the answer read late (a process starved of CPU, a busy event loop) must not push the span later
   * by that delay: a span pushed later by a varying delay overlaps the spans reserved after it, and the senders
   * together go past the quota for as long as the delays grow (hosts.test saw 5 % over on a loaded CI run). The
   * span's start is the database's, less the clocks' offset (`ClockOffset`), whatever the answer's delay.
   */
  private async reserve(projectId: string, slots: number, perMinute: number) {
    const sentAt = Date.now();
    const answer = await this.repo.reserveProjectPace(projectId, slots, perMinute);
    const offset = this.clock.sample(answer.dbNowMs, sentAt, Date.now());
    const startAt = answer.dbNowMs + answer.waitMs - offset;
    return { waitMs: startAt - Date.now(), spanMs: answer.spanMs };
  }

  /** A project-quota 429: lowers the project's shared rate, asked at most once a second from this process. */
  lower(projectId: string): void {
    const now = Date.now();
    if (!projectId || (this.lowered.get(projectId) ?? 0) > now - 1000) return;
    this.lowered.set(projectId, now);
    void this.repo.lowerProjectPace(projectId).catch((err: unknown) => this.onError(err, projectId));
  }
}

/**
 * The database's clock less this process's, estimated as NTP does: each round trip gives the offset within half its
 * length, and the shortest recent round trip is kept. A kept sample's bound grows by 1 ms a second (clocks drift,
 * slews), so that a fresh sample replaces it in time. Answers in ms.
 */
export class ClockOffset {
  private best: { offset: number; bound: number; at: number } | undefined;

  /** A round trip sent at `sentAt` and read at `readAt` (this clock) that the database answered at `dbNow`. */
  sample(dbNow: number, sentAt: number, readAt: number): number {
    const bound = (readAt - sentAt) / 2;
    const kept = this.best ? this.best.bound + (readAt - this.best.at) / 1000 : Number.POSITIVE_INFINITY;
    if (bound <= kept) this.best = { offset: dbNow - (sentAt + readAt) / 2, bound, at: readAt };
    return this.best!.offset;
  }
}
