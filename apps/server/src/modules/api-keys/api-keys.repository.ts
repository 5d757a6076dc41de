import type { ApiKeyRow, ApiKeyScope } from '@beacon/shared';
import type { Database } from '../../db/client';
import type { UserRecord } from '../../db/schema/users';
import { record, type AuditEntry } from '../../platform/audit-log';

/** A live key as the access guard sees it: its app, scopes, and the account it writes as (its creator). */
export interface LiveKey {
  id: number;
  appId: number;
  name: string;
  prefix: string;
  scopes: ApiKeyScope[];
  user: UserRecord;
}

interface KeyDbRow {
  id: number;
  name: string;
  prefix: string;
  scopes: ApiKeyScope[];
  createdBy: string;
  createdAt: Date | string;
  lastUsedAt: Date | string | null;
  revokedAt: Date | string | null;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const toRow = (r: KeyDbRow): ApiKeyRow => ({
  ...r,
  createdAt: iso(r.createdAt)!,
  lastUsedAt: iso(r.lastUsedAt),
  revokedAt: iso(r.revokedAt),
});

const ROW_COLUMNS = `id, name, prefix, scopes, created_by_email AS "createdBy", created_at AS "createdAt",
  last_used_at AS "lastUsedAt", revoked_at AS "revokedAt"`;

/** The app_api_keys table (migration 0044), and the audit rows of the keys' lives and calls. */
export class ApiKeysRepository {
  constructor(private readonly database: Database) {}

  async list(appId: number): Promise<ApiKeyRow[]> {
    const rows = await this.database.query<KeyDbRow>(
      `SELECT ${ROW_COLUMNS} FROM app_api_keys WHERE app_id = $1 ORDER BY id DESC`,
      [appId],
    );
    return rows.map(toRow);
  }

  async countLive(appId: number): Promise<number> {
    const [row] = await this.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM app_api_keys WHERE app_id = $1 AND revoked_at IS NULL',
      [appId],
    );
    return row?.n ?? 0;
  }

  /** Stores a key (its hash, hex) and audits its creation, in one transaction. */
  async insert(
    k: { appId: number; name: string; prefix: string; hashHex: string; scopes: ApiKeyScope[] },
    actor: { id: number; email: string },
  ): Promise<ApiKeyRow> {
    return this.database.transaction(async (tx) => {
      const [row] = await tx.query<KeyDbRow>(
        `INSERT INTO app_api_keys (app_id, name, prefix, hash, scopes, created_by, created_by_email)
         VALUES ($1, $2, $3, decode($4, 'hex'), $5::text[], $6, $7) RETURNING ${ROW_COLUMNS}`,
        [k.appId, k.name, k.prefix, k.hashHex, k.scopes, actor.id, actor.email],
      );
      await record(tx, {
        actor,
        area: 'api-keys',
        action: 'create',
        target: `app ${k.appId} key ${k.prefix}`,
        newValue: { id: row!.id, name: k.name, prefix: k.prefix, scopes: k.scopes },
      });
      return toRow(row!);
    });
  }

  /** Revokes a key of the app and audits it; a revoked key stays as it is; undefined when the app has no such key. */
  async revoke(
    appId: number,
    id: number,
    actor: { id: number; email: string },
  ): Promise<ApiKeyRow | undefined> {
    return this.database.transaction(async (tx) => {
      const [revoked] = await tx.query<KeyDbRow>(
        `UPDATE app_api_keys SET revoked_at = now() WHERE app_id = $1 AND id = $2 AND revoked_at IS NULL
         RETURNING ${ROW_COLUMNS}`,
        [appId, id],
      );
      if (!revoked) {
        const [was] = await tx.query<KeyDbRow>(
          `SELECT ${ROW_COLUMNS} FROM app_api_keys WHERE app_id = $1 AND id = $2`,
          [appId, id],
        );
        return was && toRow(was);
      }
      await record(tx, {
        actor,
        area: 'api-keys',
        action: 'revoke',
        target: `app ${appId} key ${revoked.prefix}`,
        oldValue: { id: revoked.id, name: revoked.name, prefix: revoked.prefix, scopes: revoked.scopes },
      });
      return toRow(revoked);
    });
  }

  /** The live key of this hash (hex) with its creator's account, or undefined (unknown, revoked, creator gone). */
  async findLive(hashHex: string): Promise<LiveKey | undefined> {
    const [row] = await this.database.query<Omit<LiveKey, 'user'> & { userId: number }>(
      `SELECT k.id, k.app_id AS "appId", k.name, k.prefix, k.scopes, k.created_by AS "userId"
       FROM app_api_keys k WHERE k.hash = decode($1, 'hex') AND k.revoked_at IS NULL AND k.created_by IS NOT NULL`,
      [hashHex],
    );
    if (!row) return undefined;
    const [user] = await this.database.query<UserRecord>(
      `SELECT id, email, password_hash AS "passwordHash", ulevel, source, description, organization,
              oidc_subject AS "oidcSubject", activated_at AS "activatedAt", created_at AS "createdAt",
              updated_at AS "updatedAt"
       FROM users WHERE id = $1`,
      [row.userId],
    );
    if (!user) return undefined;
    const { userId: _userId, ...key } = row;
    return { ...key, user };
  }

  /** Marks keys used now (one statement for the batch). */
  async touch(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.database.query('UPDATE app_api_keys SET last_used_at = now() WHERE id = ANY($1::int[])', [
      ids,
    ]);
  }

  /** One audit row (a key's mutating call). */
  async audit(entry: AuditEntry): Promise<void> {
    await record(this.database, entry);
  }
}
