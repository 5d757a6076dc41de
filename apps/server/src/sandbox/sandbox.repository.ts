import { eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { apps, sandboxFleets } from '../db/schema';

/** What the sandbox reads at start: apps with service accounts, fleets, and known device tokens. */
export class SandboxRepository {
  constructor(private readonly database: Database) {}

  appsWithServiceAccounts() {
    return this.database.db
      .select({
        id: apps.id,
        pkg: apps.pkg,
        appKey: apps.appKey,
        appSecretEnc: apps.appSecretEnc,
        firebaseJsonEnc: apps.firebaseJsonEnc,
      })
      .from(apps)
      .where(isNotNull(apps.firebaseJsonEnc));
  }

  fleets() {
    return this.database.db.select().from(sandboxFleets);
  }

  async saveFleet(appId: number, deviceCount: number, seed: number): Promise<void> {
    await this.database.db
      .insert(sandboxFleets)
      .values({ appId, deviceCount, seed })
      .onConflictDoUpdate({ target: sandboxFleets.appId, set: { deviceCount, seed } });
  }

  async fleetOf(appId: number) {
    const [row] = await this.database.db.select().from(sandboxFleets).where(eq(sandboxFleets.appId, appId));
    return row;
  }

  async deviceCount(appId: number): Promise<number> {
    const [row] = await this.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM devices WHERE app_id = $1',
      [appId],
    );
    return row?.n ?? 0;
  }

  /** Adds test devices (name, gaid) to an app, keeping the ones it has. */
  async addTestDevices(
    appId: number,
    devices: Array<{ name: string; description: string; gaid: string }>,
    createdBy: number,
  ): Promise<void> {
    await this.database.query(
      `INSERT INTO test_devices (app_id, name, description, gaid, created_by)
       SELECT $1, t.name, t.description, t.gaid, $5 FROM unnest($2::text[], $3::text[], $4::uuid[]) AS t(name, description, gaid)
       ON CONFLICT (app_id, gaid) DO NOTHING`,
      [
        appId,
        devices.map((d) => d.name),
        devices.map((d) => d.description),
        devices.map((d) => d.gaid),
        createdBy,
      ],
    );
  }

  /** Tokens of installed devices of one app, so the emulator knows them again after a restart. */
  async deviceTokens(appId: number, limit: number): Promise<string[]> {
    const rows = await this.database.query<{ token: string }>(
      `SELECT k.token FROM devices d JOIN device_tokens k ON k.device_id = d.id
       WHERE d.app_id = $1 AND d.invalid_reason <> 3 ORDER BY d.id LIMIT $2`,
      [appId, limit],
    );
    return rows.map((r) => r.token);
  }
}
