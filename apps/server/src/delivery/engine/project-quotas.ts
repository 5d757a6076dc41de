import type { EngineRepository } from './engine.repository';
import type { DeliveryMetrics } from './ports';
import { SpeedLimiter } from './speed-limiter';

/**
 * A sender's reservation of its project's FCM quota, in seconds of the quota: a twentieth, so the slots a sender leaves
 * unused when its batch ends (wasted for every sender of the project) stay within 1 % of a busy minute's rate.
 */
const QUOTA_RESERVE_SECONDS = 0.05;

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
          this.repo.reserveProjectPace(
            projectId,
            Math.max(1, Math.round((spanMs * perMinute) / 60_000)),
            perMinute,
          ),
        QUOTA_RESERVE_SECONDS,
        QUOTA_STALE_MS,
      );
      this.paces.set(key, pace);
    }
    return pace;
  }

  /** A project-quota 429: lowers the project's shared rate, asked at most once a second from this process. */
  lower(projectId: string): void {
    const now = Date.now();
    if (!projectId || (this.lowered.get(projectId) ?? 0) > now - 1000) return;
    this.lowered.set(projectId, now);
    void this.repo.lowerProjectPace(projectId).catch((err: unknown) => this.onError(err, projectId));
  }
}
