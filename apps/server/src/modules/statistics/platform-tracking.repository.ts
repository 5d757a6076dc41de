import type { TrackingAction, TrackingEventName } from '@beacon/shared';
import type { Database } from '../../db/client';

export interface TrackingFilter {
  /** the first and last UTC day */
  begin: string;
  end: string;
  /** only this domain; a record without one belongs to `host` */
  domain: string | undefined;
  host: string;
  ev: TrackingEventName | undefined;
  action: TrackingAction | undefined;
}

export interface TrackingRow {
  id: number;
  ts: Date | string;
  ev: TrackingEventName;
  action: string;
  source: string;
  appId: number | null;
  title: string;
  email: string;
  domain: string;
}

const DOMAIN = "COALESCE(NULLIF(domain, ''), $3)";
/** The UTC days begin…end (timestamps compared in UTC whatever the session's time zone). */
const DAYS =
  "ts >= ($1::date::timestamp AT TIME ZONE 'UTC') AND ts < (($2::date + 1)::timestamp AT TIME ZONE 'UTC')";
const RANGE = `${DAYS} AND ($4::text IS NULL OR ${DOMAIN} = $4)`;

/** The tracking records (platform/tracking.ts writes them). */
export class PlatformTrackingRepository {
  constructor(private readonly database: Database) {}

  private params(f: TrackingFilter) {
    return [f.begin, f.end, f.host, f.domain ?? null];
  }

  /** One page of the records, newest first, and how many match. */
  async page(
    f: TrackingFilter,
    limit: number,
    offset: number,
  ): Promise<{ rows: TrackingRow[]; total: number }> {
    const where = `${RANGE} AND ($5::text IS NULL OR ev = $5) AND ($6::text IS NULL OR action = $6)`;
    const params = [...this.params(f), f.ev ?? null, f.action ?? null];
    const [rows, count] = await Promise.all([
      this.database.query<TrackingRow>(
        `SELECT id::float8 AS id, ts, ev, action, source, app_id AS "appId", title, email, ${DOMAIN} AS domain
         FROM tracking_events WHERE ${where} ORDER BY ts DESC, id DESC LIMIT $7 OFFSET $8`,
        [...params, limit, offset],
      ),
      this.database.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM tracking_events WHERE ${where}`,
        params,
      ),
    ]);
    return { rows, total: count[0]?.n ?? 0 };
  }

  /** How many records of each event or action the range holds. */
  async counts(f: TrackingFilter): Promise<Array<{ key: string; n: number }>> {
    return this.database.query<{ key: string; n: number }>(
      `SELECT CASE WHEN ev = 'action' THEN action ELSE ev END AS key, count(*)::int AS n
       FROM tracking_events WHERE ${RANGE} GROUP BY 1`,
      this.params(f),
    );
  }

  /** The domains of the range's records (without the domain filter), for the filter's choices. */
  async domains(f: TrackingFilter): Promise<string[]> {
    const rows = await this.database.query<{ domain: string }>(
      `SELECT DISTINCT ${DOMAIN} AS domain FROM tracking_events WHERE ${DAYS} ORDER BY 1`,
      [f.begin, f.end, f.host],
    );
    return rows.map((r) => r.domain);
  }
}
