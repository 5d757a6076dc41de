import type { Database } from '../../db/client';

/** What the app dictionaries read from an app's devices and tags. */
export class DictionariesRepository {
  constructor(private readonly database: Pick<Database, 'query'>) {}

  /** Distinct (brand, model) pairs of the app's devices, brand then model order, at most `limit`. */
  async brandModels(appId: number, limit = 5000): Promise<Array<{ brand: string; model: string }>> {
    return this.database.query<{ brand: string; model: string }>(
      'SELECT DISTINCT brand, model FROM devices WHERE app_id = $1 ORDER BY brand, model LIMIT $2',
      [appId, limit],
    );
  }

  async operators(appId: number, limit = 1000): Promise<string[]> {
    const rows = await this.database.query<{ operator: string }>(
      "SELECT DISTINCT operator FROM devices WHERE app_id = $1 AND operator <> '' ORDER BY operator LIMIT $2",
      [appId, limit],
    );
    return rows.map((r) => r.operator);
  }

  /** App versions of the app's devices, newest (highest version code) first. */
  async appVersions(appId: number, limit = 500): Promise<string[]> {
    const rows = await this.database.query<{ app_version: string }>(
      'SELECT app_version FROM devices WHERE app_id = $1 GROUP BY app_version ORDER BY max(app_version_code) DESC, app_version LIMIT $2',
      [appId, limit],
    );
    return rows.map((r) => r.app_version);
  }

  async tags(
    appId: number,
  ): Promise<Array<{ id: number; code: string; name: string; name_en: string; flag: 'LABEL' | 'GROUP' }>> {
    return this.database.query(
      'SELECT id, code, name, name_en, flag FROM tags WHERE app_id = $1 ORDER BY code',
      [appId],
    );
  }

  async advanceTarget(appId: number): Promise<boolean | undefined> {
    const [row] = await this.database.query<{ advance_target: boolean }>(
      'SELECT advance_target FROM apps WHERE id = $1',
      [appId],
    );
    return row?.advance_target;
  }
}
