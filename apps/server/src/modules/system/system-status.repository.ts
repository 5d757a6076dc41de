import { SYSTEM_STATUS_LIMITS, type FcmProjectStatus, type SystemProcess } from '@beacon/shared';
import type { Database } from '../../db/client';
import { projectRateShare } from '../../delivery/engine';

/** What the platform's System status reads from the database: the processes' rows, the server, the projects' paces. */
export class SystemStatusRepository {
  constructor(private readonly database: Pick<Database, 'query' | 'kind'>) {}

  /** Every process's row (migration 0065), the answering ones first, then by host and start. */
  async processes(selfId: string): Promise<SystemProcess[]> {
    const rows = await this.database.query<Omit<SystemProcess, 'self'>>(
      `SELECT id, host, pid, roles, version, started_at AS "startedAt", seen_at AS "seenAt",
              seen_at > now() - make_interval(secs => $1) AS alive
       FROM beacon_processes ORDER BY alive DESC, host, started_at`,
      [SYSTEM_STATUS_LIMITS.silentAfterSeconds],
    );
    return rows.map((r) => ({
      ...r,
      startedAt: new Date(r.startedAt).toISOString(),
      seenAt: new Date(r.seenAt).toISOString(),
      self: r.id === selfId,
    }));
  }

  /** The server's version, and its timeline on a PostgreSQL server (server_timeline, migration 0064). */
  async server(): Promise<{ version: string; timeline: number | null }> {
    const [row] = await this.database.query<{ version: string; timeline: string | null }>(
      `SELECT current_setting('server_version') AS version,
              ${this.database.kind === 'postgres' ? 'server_timeline()::text' : 'NULL::text'} AS timeline`,
    );
    return {
      version: row?.version ?? '',
      timeline: row?.timeline === null || row === undefined ? null : Number(row.timeline),
    };
  }

  /** The Firebase projects that have sent (fcm_project_pace), most recent first, with their apps and rate now. */
  async fcmProjects(): Promise<FcmProjectStatus[]> {
    const rows = await this.database.query<{
      project: string;
      apps: Array<{ id: number; title: string; quotaPerMinute: number }> | null;
      rateShare: number;
      loweredAt: Date | null;
      lastSendAt: Date;
    }>(
      `SELECT p.project_id AS project, ${projectRateShare('p')}::float8 AS "rateShare", p.lowered_at AS "loweredAt",
              p.touched_at AS "lastSendAt",
              (SELECT json_agg(json_build_object('id', a.id, 'title', a.title, 'quotaPerMinute', a.fcm_quota_per_min)
                               ORDER BY a.title, a.id)
               FROM apps a WHERE a.firebase_project_id = p.project_id) AS apps
       FROM fcm_project_pace p ORDER BY p.touched_at DESC, p.project_id`,
    );
    return rows.map((r) => ({
      project: r.project,
      apps: r.apps ?? [],
      rateShare: Math.round(r.rateShare * 1000) / 1000,
      loweredAt: r.loweredAt ? new Date(r.loweredAt).toISOString() : null,
      lastSendAt: new Date(r.lastSendAt).toISOString(),
    }));
  }
}
