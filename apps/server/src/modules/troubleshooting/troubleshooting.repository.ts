import type { Database } from '../../db/client';

export interface DeviceLookupRow {
  status: number;
  invalidReason: number;
  model: string;
  brand: string;
  country: string;
  language: string;
  appVersion: string;
  appVersionCode: number;
  osVersion: number;
  timezone: string;
  notificationsEnabled: boolean;
  firstSeenAt: Date;
  lastActiveAt: Date;
  appActiveAt: Date;
  /** the app's new-device protection is on: a device first seen within 7 days gets nothing (reason 2) */
  protectsNew: boolean;
  /** the device's user (app_users), when it has one */
  user: { externalId: string | null; attributes: Record<string, unknown> } | null;
}

const asDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));

/** Reads one device of an app by its advertising id. */
export class TroubleshootingRepository {
  constructor(private readonly database: Database) {}

  async findByGaid(appId: number, gaid: string): Promise<DeviceLookupRow | undefined> {
    const [row] = await this.database.query<DeviceLookupRow>(
      `SELECT status, invalid_reason AS "invalidReason", model, brand, country, language, app_version AS "appVersion",
              app_version_code AS "appVersionCode", os_version AS "osVersion", timezone,
              notifications_enabled AS "notificationsEnabled", first_seen_at AS "firstSeenAt",
              last_active_at AS "lastActiveAt", app_active_at AS "appActiveAt",
              (SELECT new_device_protection FROM apps WHERE id = $1) AS "protectsNew",
              (SELECT jsonb_build_object('externalId', u.external_id, 'attributes', u.attributes)
               FROM app_users u WHERE u.id = d.user_id) AS "user"
       FROM devices d WHERE app_id = $1 AND gaid = $2::uuid`,
      [appId, gaid],
    );
    if (!row) return undefined;
    return {
      ...row,
      firstSeenAt: asDate(row.firstSeenAt),
      lastActiveAt: asDate(row.lastActiveAt),
      appActiveAt: asDate(row.appActiveAt),
    };
  }
}
