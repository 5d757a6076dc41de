import { UserLevel } from '@beacon/shared';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { appGroupApps, appGroups } from '../../db/schema';

/** An app the user has an active role on, with that role's level (100 on every app for level-100 users). */
export interface UserAppRow {
  appId: number;
  title: string;
  logo: string;
  pkg: string;
  reviewEnable: boolean;
  projectLevel: number;
}

export interface GroupAppRow {
  appId: number;
  title: string;
  logo: string;
  pkg: string;
}

export interface GroupRow {
  id: number;
  name: string;
  description: string;
  createdBy: number;
  creatorEmail: string;
  updatedAt: Date;
  apps: GroupAppRow[];
}

export interface GroupValues {
  name: string;
  description: string;
  appIds: number[];
}

const GROUP_SELECT = `
  SELECT g.id, g.name, g.description, g.created_by AS "createdBy", u.email AS "creatorEmail", g.updated_at AS "updatedAt",
         COALESCE(json_agg(json_build_object('appId', a.id, 'title', a.title, 'logo', a.logo, 'pkg', a.pkg)
                           ORDER BY ga.position, a.id) FILTER (WHERE a.id IS NOT NULL), '[]') AS apps
  FROM app_groups g
  JOIN users u ON u.id = g.created_by
  LEFT JOIN app_group_apps ga ON ga.group_id = g.id
  LEFT JOIN apps a ON a.id = ga.app_id`;

const asDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));

/** App groups and the apps a user may put in them. */
export class AppGroupsRepository {
  constructor(private readonly database: Database) {}

  /** The apps where the user has an active role; every app for a level-100 user. */
  async userApps(user: { id: number; ulevel: number }): Promise<UserAppRow[]> {
    const columns = `a.id AS "appId", a.title, a.logo, a.pkg, a.review_enable AS "reviewEnable"`;
    if (user.ulevel === UserLevel.SUPER_ADMIN) {
      return this.database.query<UserAppRow>(
        `SELECT ${columns}, 100 AS "projectLevel" FROM apps a ORDER BY lower(a.title), a.id`,
      );
    }
    return this.database.query<UserAppRow>(
      `SELECT ${columns}, m.ulevel AS "projectLevel"
       FROM app_members m JOIN apps a ON a.id = m.app_id
       WHERE m.user_id = $1 AND m.status = 0
       ORDER BY lower(a.title), a.id`,
      [user.id],
    );
  }

  /** The groups made by `createdBy` (every group when undefined), newest change first. */
  async list(createdBy: number | undefined): Promise<GroupRow[]> {
    const rows = await this.database.query<GroupRow>(
      `${GROUP_SELECT}
       WHERE $1::int IS NULL OR g.created_by = $1
       GROUP BY g.id, u.email
       ORDER BY g.updated_at DESC, g.id DESC`,
      [createdBy ?? null],
    );
    return rows.map((r) => ({ ...r, updatedAt: asDate(r.updatedAt) }));
  }

  async find(id: number): Promise<GroupRow | undefined> {
    const [row] = await this.database.query<GroupRow>(
      `${GROUP_SELECT} WHERE g.id = $1 GROUP BY g.id, u.email`,
      [id],
    );
    return row ? { ...row, updatedAt: asDate(row.updatedAt) } : undefined;
  }

  /** Creates a group with its apps in one transaction; returns its id. */
  async insert(createdBy: number, values: GroupValues): Promise<number> {
    return this.database.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(appGroups)
        .values({ name: values.name, description: values.description, createdBy })
        .returning({ id: appGroups.id });
      if (!row) throw new Error('app group insert returned nothing');
      await tx
        .insert(appGroupApps)
        .values(values.appIds.map((appId, position) => ({ groupId: row.id, appId, position })));
      return row.id;
    });
  }

  /** Replaces a group's name, description and apps in one transaction. */
  async update(id: number, values: GroupValues): Promise<void> {
    await this.database.db.transaction(async (tx) => {
      await tx
        .update(appGroups)
        .set({ name: values.name, description: values.description, updatedAt: new Date() })
        .where(eq(appGroups.id, id));
      await tx.delete(appGroupApps).where(eq(appGroupApps.groupId, id));
      await tx
        .insert(appGroupApps)
        .values(values.appIds.map((appId, position) => ({ groupId: id, appId, position })));
    });
  }

  async delete(id: number): Promise<void> {
    await this.database.db.delete(appGroups).where(eq(appGroups.id, id));
  }
}
