import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { appControlEntries } from '../../db/schema';
import { record, type AuditEntry } from '../../platform/audit-log';

export interface AppControlRow {
  id: number;
  appId: number;
  title: string;
  pkg: string;
  logo: string;
  appControlType: 1 | 2;
  createdAt: Date;
}

export interface AppRef {
  appId: number;
  title: string;
  pkg: string;
  logo: string;
}

const AREA_TARGET = { 1: 'notification-control', 2: 'global-whitelist' } as const;

const asDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));

/** The notification-control (1) and global-whitelist (2) app lists; every change writes its audit row. */
export class AppControlRepository {
  constructor(private readonly database: Database) {}

  async list(type: 1 | 2): Promise<AppControlRow[]> {
    const rows = await this.database.query<AppControlRow>(
      `SELECT e.id, e.app_id AS "appId", a.title, a.pkg, a.logo, e.control_type AS "appControlType", e.created_at AS "createdAt"
       FROM app_control_entries e JOIN apps a ON a.id = e.app_id
       WHERE e.control_type = $1 ORDER BY lower(a.title), a.id`,
      [type],
    );
    return rows.map((r) => ({ ...r, createdAt: asDate(r.createdAt) }));
  }

  async find(
    type: 1 | 2,
    by: { id?: number | undefined; appId?: number | undefined },
  ): Promise<AppControlRow | undefined> {
    const rows = await this.database.query<AppControlRow>(
      `SELECT e.id, e.app_id AS "appId", a.title, a.pkg, a.logo, e.control_type AS "appControlType", e.created_at AS "createdAt"
       FROM app_control_entries e JOIN apps a ON a.id = e.app_id
       WHERE e.control_type = $1 AND ($2::int IS NULL OR e.id = $2) AND ($3::int IS NULL OR e.app_id = $3)`,
      [type, by.id ?? null, by.appId ?? null],
    );
    const row = rows[0];
    return row && { ...row, createdAt: asDate(row.createdAt) };
  }

  async app(appId: number): Promise<AppRef | undefined> {
    const [row] = await this.database.query<AppRef>(
      `SELECT id AS "appId", title, pkg, logo FROM apps WHERE id = $1`,
      [appId],
    );
    return row;
  }

  async allApps(): Promise<AppRef[]> {
    return this.database.query<AppRef>(
      `SELECT id AS "appId", title, pkg, logo FROM apps ORDER BY lower(title), id`,
    );
  }

  /** Adds the app to a list; false when it is already there. */
  async add(type: 1 | 2, app: AppRef, actor: AuditEntry['actor']): Promise<boolean> {
    return this.database.withConnection(async (conn) => {
      await conn.exec('BEGIN');
      try {
        const inserted = await conn.query<{ id: number }>(
          `INSERT INTO app_control_entries (app_id, control_type, created_by) VALUES ($1, $2, $3)
           ON CONFLICT (control_type, app_id) DO NOTHING RETURNING id`,
          [app.appId, type, actor.id],
        );
        if (inserted.length > 0) {
          await record(conn, {
            actor,
            area: 'apps',
            action: 'create',
            target: `${AREA_TARGET[type]} app ${app.appId}`,
            newValue: { appControlType: type, ...app },
          });
        }
        await conn.exec('COMMIT');
        return inserted.length > 0;
      } catch (err) {
        await conn.exec('ROLLBACK');
        throw err;
      }
    });
  }

  async remove(row: AppControlRow, actor: AuditEntry['actor']): Promise<void> {
    await this.database.db.transaction(async (tx) => {
      await tx.delete(appControlEntries).where(eq(appControlEntries.id, row.id));
      await record(tx, {
        actor,
        area: 'apps',
        action: 'delete',
        target: `${AREA_TARGET[row.appControlType]} app ${row.appId}`,
        oldValue: {
          appControlType: row.appControlType,
          appId: row.appId,
          title: row.title,
          pkg: row.pkg,
          logo: row.logo,
        },
      });
    });
  }
}
