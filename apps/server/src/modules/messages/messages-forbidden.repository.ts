import type { Database } from '../../db/client';
import type { CompiledAudience } from '../../audience/compile-conditions';
import { loadPolicySnapshot, type PolicySnapshot } from '../../policy';

/** Devices of an audience in one country at one UTC offset; `reachable` pass the engine's own filters. */
export interface AudienceGroup {
  country: string;
  utcOffsetMin: number;
  devices: number;
  reachable: number;
}

const DAY_MS = 86_400_000;
/** The engine's own filters (filters.ts): installed, notifications on, active within 90 days. */
const REACHABLE = (p: string) =>
  `d.invalid_reason <> 3 AND d.notifications_enabled AND d.last_active_at >= ${p}`;

/** What the forbidden-country answer of msg/save reads: the control policies and the audience by country and offset. */
export class MessagesForbiddenRepository {
  constructor(private readonly database: Database) {}

  /** Banned countries and time windows of the platform and the app (the model and daily-limit parts are not needed). */
  snapshot(appId: number): Promise<PolicySnapshot> {
    return loadPolicySnapshot(this.database, appId, { dailyLimits: null });
  }

  /** The audience's devices in `countries`, by country and UTC offset. */
  async groups(audience: CompiledAudience, countries: string[], now: Date): Promise<AudienceGroup[]> {
    const params = [...audience.params, countries, new Date(now.getTime() - 90 * DAY_MS)];
    const n = audience.params.length;
    return this.database.query<AudienceGroup>(
      `SELECT d.country, d.utc_offset_min AS "utcOffsetMin", count(*)::int AS devices,
              count(*) FILTER (WHERE ${REACHABLE(`$${n + 2}::timestamptz`)})::int AS reachable
       FROM devices d WHERE ${audience.sql} AND d.country = ANY($${n + 1}::text[])
       GROUP BY 1, 2`,
      params,
    );
  }

  /** Reachable devices of the whole audience by UTC offset (what could be sent at all). */
  async reachableByOffset(
    audience: CompiledAudience,
    now: Date,
  ): Promise<Array<{ utcOffsetMin: number; reachable: number }>> {
    const n = audience.params.length;
    return this.database.query<{ utcOffsetMin: number; reachable: number }>(
      `SELECT d.utc_offset_min AS "utcOffsetMin", count(*)::int AS reachable
       FROM devices d WHERE ${audience.sql} AND ${REACHABLE(`$${n + 1}::timestamptz`)}
       GROUP BY 1`,
      [...audience.params, new Date(now.getTime() - 90 * DAY_MS)],
    );
  }
}
