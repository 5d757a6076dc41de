import type { Database } from '../../db/client';

export interface ForbiddenCountryRow {
  country: string;
  scope: 'platform' | 'app';
}

export interface ForbiddenTimeRow {
  country: string;
  startMinute: number;
  endMinute: number;
}

/** The control policy tables of migration 0007 (read side; the platform admin screens will write them). */
export class ForbidRepository {
  constructor(private readonly database: Database) {}

  /** Countries banned for the app: the platform-wide ones and the app's own (a country in both counts as platform). */
  async countries(appId: number): Promise<ForbiddenCountryRow[]> {
    return this.database.query<ForbiddenCountryRow>(
      `SELECT country, 'platform' AS scope FROM platform_forbidden_countries
       UNION ALL
       SELECT country, 'app' AS scope FROM app_forbidden_countries a
       WHERE a.app_id = $1 AND NOT EXISTS (SELECT 1 FROM platform_forbidden_countries p WHERE p.country = a.country)`,
      [appId],
    );
  }

  /** The app's banned windows, by country and start. */
  async times(appId: number): Promise<ForbiddenTimeRow[]> {
    return this.database.query<ForbiddenTimeRow>(
      `SELECT country, start_minute AS "startMinute", end_minute AS "endMinute"
       FROM app_forbidden_times WHERE app_id = $1 ORDER BY country, start_minute, end_minute`,
      [appId],
    );
  }
}
