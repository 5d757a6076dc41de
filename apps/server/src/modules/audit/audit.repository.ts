import type { PolicyAuditQuery, PolicyAuditRow } from '@beacon/shared';
import type { Database } from '../../db/client';

interface AuditDbRow extends Omit<PolicyAuditRow, 'at' | 'id'> {
  id: number | string;
  at: Date | string;
  total: number | string;
}

/** Reads the audit log (writes go through `record` of platform/audit-log.ts). */
export class AuditRepository {
  constructor(private readonly database: Database) {}

  /** A page of changes, newest first; `actor` matches part of the e-mail, case-insensitively. */
  async list(q: PolicyAuditQuery): Promise<{ list: PolicyAuditRow[]; total: number }> {
    const rows = await this.database.query<AuditDbRow>(
      `SELECT id, actor_id AS "actorId", actor_email AS "actorEmail", area, action, target,
              old_value AS "oldValue", new_value AS "newValue", at, count(*) OVER () AS total
       FROM policy_audit
       WHERE ($1::text IS NULL OR area = $1)
         AND ($2::text IS NULL OR strpos(lower(actor_email), lower($2)) > 0)
         AND ($3::timestamptz IS NULL OR at >= $3)
         AND ($4::timestamptz IS NULL OR at <= $4)
       ORDER BY at DESC, id DESC
       LIMIT $5 OFFSET $6`,
      [
        q.area || null,
        q.actor || null,
        q.from ?? null,
        q.to ?? null,
        q.pageSize,
        (q.pageNo - 1) * q.pageSize,
      ],
    );
    let total = Number(rows[0]?.total ?? 0);
    if (rows.length === 0 && q.pageNo > 1) {
      const [count] = await this.database.query<{ n: number | string }>(
        `SELECT count(*) AS n FROM policy_audit
         WHERE ($1::text IS NULL OR area = $1) AND ($2::text IS NULL OR strpos(lower(actor_email), lower($2)) > 0)
           AND ($3::timestamptz IS NULL OR at >= $3) AND ($4::timestamptz IS NULL OR at <= $4)`,
        [q.area || null, q.actor || null, q.from ?? null, q.to ?? null],
      );
      total = Number(count?.n ?? 0);
    }
    return {
      total,
      list: rows.map(({ total: _total, ...r }) => ({
        ...r,
        id: Number(r.id),
        at: (r.at instanceof Date ? r.at : new Date(r.at)).toISOString(),
      })),
    };
  }
}
