import type { Database, Db } from '../db/client';
import { policyAudit } from '../db/schema';

/** Where an audit row is written: a Drizzle handle or transaction (`database.db`, `tx`), or a raw SQL connection. */
export type AuditWriter = Pick<Db, 'insert'> | Pick<Database, 'query'>;

/** One policy change. Values are JSON snapshots of the thing before and after (omit or null when absent). */
export interface AuditEntry {
  actor: { id: number | null; email: string };
  /** The policy family: one of POLICY_AUDIT_AREAS of @beacon/shared (`models`, `apps`, `global-settings`, …). */
  area: string;
  /** What happened: `create`, `update`, `delete`, `import`, `replace`, … */
  action: string;
  /** What inside the area changed, readable: `ad SAMSUNG SMG991B`, `app 12`, `restrict ad`. */
  target?: string;
  oldValue?: unknown;
  newValue?: unknown;
}

/**
 * Writes one audit row with `writer` (the platform's policy audit log; modules/audit reads it). Call it inside the
 * same transaction as the change so that both land or neither does:
 *
 *   await database.db.transaction(async (tx) => {
 *     await tx.update(...);
 *     await record(tx, { actor: { id: user.id, email: user.email }, area: 'global-settings', action: 'update',
 *                        target: 'restrict ad', oldValue: before, newValue: after });
 *   });
 *
 * Outside a transaction pass `database.db`; with `database.withConnection` pass the connection (raw SQL).
 */
export async function record(writer: AuditWriter, entry: AuditEntry): Promise<void> {
  const values = {
    actorId: entry.actor.id,
    actorEmail: entry.actor.email,
    area: entry.area,
    action: entry.action,
    target: entry.target ?? '',
    oldValue: entry.oldValue ?? null,
    newValue: entry.newValue ?? null,
  };
  if ('insert' in writer) {
    await writer.insert(policyAudit).values(values);
    return;
  }
  await writer.query(
    `INSERT INTO policy_audit (actor_id, actor_email, area, action, target, old_value, new_value)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb)`,
    [
      values.actorId,
      values.actorEmail,
      values.area,
      values.action,
      values.target,
      JSON.stringify(values.oldValue),
      JSON.stringify(values.newValue),
    ],
  );
}
