import type { Database } from '../../db/client';

export interface TestDeviceRow {
  id: number;
  name: string;
  description: string;
  gaid: string;
  valid: boolean;
  updated_at: Date | string;
}

export interface TestDeviceInput {
  name: string;
  description: string;
  gaid: string;
}

/** A unique-violation from either backend (PostgreSQL code 23505). */
function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
}

// validity is computed on read, so a device that registers after its test entry was made becomes valid at once
const SELECT = `SELECT t.id, t.name, t.description, t.gaid::text AS gaid, t.updated_at,
         EXISTS (SELECT 1 FROM devices d WHERE d.app_id = t.app_id AND d.gaid = t.gaid) AS valid
    FROM test_devices t`;

/** The test devices of an app. */
export class TestDevicesRepository {
  constructor(private readonly database: Database) {}

  async list(
    appId: number,
    keyword: string,
    offset: number,
    limit: number,
  ): Promise<{ rows: TestDeviceRow[]; total: number }> {
    const like = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const where = `t.app_id = $1 AND ($2 = '' OR t.name ILIKE $3 OR t.gaid::text ILIKE $3 OR t.description ILIKE $3)`;
    const [rows, totals] = await Promise.all([
      this.database.query<TestDeviceRow>(`${SELECT} WHERE ${where} ORDER BY t.id DESC OFFSET $4 LIMIT $5`, [
        appId,
        keyword,
        like,
        offset,
        limit,
      ]),
      this.database.query<{ n: string }>(`SELECT count(*)::text AS n FROM test_devices t WHERE ${where}`, [
        appId,
        keyword,
        like,
      ]),
    ]);
    return { rows, total: Number(totals[0]?.n ?? 0) };
  }

  async find(appId: number, id: number): Promise<TestDeviceRow | undefined> {
    const [row] = await this.database.query<TestDeviceRow>(`${SELECT} WHERE t.app_id = $1 AND t.id = $2`, [
      appId,
      id,
    ]);
    return row;
  }

  /** Inserts a test device; undefined when the app already has one with this GAID. */
  async insert(appId: number, input: TestDeviceInput, userId: number): Promise<number | undefined> {
    try {
      const [row] = await this.database.query<{ id: number }>(
        `INSERT INTO test_devices (app_id, name, description, gaid, created_by) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (app_id, gaid) DO NOTHING RETURNING id`,
        [appId, input.name, input.description, input.gaid, userId],
      );
      return row?.id;
    } catch (err) {
      if (isUniqueViolation(err)) return undefined;
      throw err;
    }
  }

  /** Updates a test device: 'missing' when there is no such row, 'duplicate' when the GAID is another row's. */
  async update(appId: number, id: number, input: TestDeviceInput): Promise<'ok' | 'missing' | 'duplicate'> {
    try {
      const rows = await this.database.query<{ id: number }>(
        `UPDATE test_devices SET name = $3, description = $4, gaid = $5, updated_at = now() WHERE app_id = $1 AND id = $2 RETURNING id`,
        [appId, id, input.name, input.description, input.gaid],
      );
      return rows.length > 0 ? 'ok' : 'missing';
    } catch (err) {
      if (isUniqueViolation(err)) return 'duplicate';
      throw err;
    }
  }

  async delete(appId: number, id: number): Promise<boolean> {
    const rows = await this.database.query<{ id: number }>(
      'DELETE FROM test_devices WHERE app_id = $1 AND id = $2 RETURNING id',
      [appId, id],
    );
    return rows.length > 0;
  }
}
