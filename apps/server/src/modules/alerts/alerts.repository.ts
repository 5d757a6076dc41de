import { ALERT_LIMITS, ALERT_SEVERITY, type AlertKind, type AlertParams } from '@beacon/shared';
import type { Database } from '../../db/client';

export interface RaiseAlertInput {
  /** The app concerned, or null for a platform-wide alert. */
  appId: number | null;
  kind: AlertKind;
  /** Values the text is rendered from: `reason`, `messageId`, `minutes`, … */
  params?: AlertParams;
}

export interface StoredAlert {
  id: number;
  appId: number | null;
  appTitle: string | null;
  kind: AlertKind;
  severity: 'error' | 'warning';
  params: AlertParams;
  firstAt: Date;
  lastAt: Date;
  count: number;
  resolvedAt: Date | null;
}

const asDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));

/**
 * Raises an admin alert from any module (the delivery engine, workers): when an open alert of the same app and kind
 * exists, its count goes up and its last time and params are refreshed instead of opening a second one. Atomic
 * under concurrency (a partial unique index holds one open alert per app and kind). Returns the alert id and count.
 */
export async function raiseAlert(
  database: Pick<Database, 'query'>,
  input: RaiseAlertInput,
): Promise<{ id: number; count: number }> {
  const [row] = await database.query<{ id: number; count: number }>(
    `INSERT INTO alerts (app_id, kind, severity, params) VALUES ($1, $2, $3, $4::jsonb)
     ON CONFLICT ((COALESCE(app_id, 0)), kind) WHERE resolved_at IS NULL
     DO UPDATE SET count = alerts.count + 1, last_at = now(), params = EXCLUDED.params
     RETURNING id, count`,
    [input.appId, input.kind, ALERT_SEVERITY[input.kind], JSON.stringify(input.params ?? {})],
  );
  if (!row) throw new Error('raiseAlert returned nothing');
  return { id: row.id, count: row.count };
}

/** The admin alerts screen's reads and the resolve action. */
export class AlertsRepository {
  constructor(private readonly database: Database) {}

  /** The open alerts, newest first (the first 100), and how many are open in all. */
  async open(): Promise<{ rows: StoredAlert[]; total: number }> {
    const rows = await this.database.query<
      Omit<StoredAlert, 'firstAt' | 'lastAt'> & { firstAt: Date | string; lastAt: Date | string }
    >(
      `SELECT a.id, a.app_id AS "appId", p.title AS "appTitle", a.kind, a.severity, a.params,
              a.first_at AS "firstAt", a.last_at AS "lastAt", a.count, a.resolved_at AS "resolvedAt"
       FROM alerts a LEFT JOIN apps p ON p.id = a.app_id
       WHERE a.resolved_at IS NULL
       ORDER BY a.last_at DESC, a.id DESC
       LIMIT $1`,
      [ALERT_LIMITS.shown],
    );
    const [c] = await this.database.query<{ n: number | string }>(
      'SELECT count(*) AS n FROM alerts WHERE resolved_at IS NULL',
    );
    return {
      total: Number(c?.n ?? 0),
      rows: rows.map((r) => ({
        ...r,
        firstAt: asDate(r.firstAt),
        lastAt: asDate(r.lastAt),
        resolvedAt: null,
      })),
    };
  }

  /** Closes an open alert; false when there is no open alert with that id. */
  async resolve(id: number, userId: number): Promise<boolean> {
    const rows = await this.database.query(
      'UPDATE alerts SET resolved_at = now(), resolved_by = $2 WHERE id = $1 AND resolved_at IS NULL RETURNING id',
      [id, userId],
    );
    return rows.length > 0;
  }
}
