import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appMembers, apps } from '../../db/schema';

export type AppRecord = typeof apps.$inferSelect;
export type NewApp = typeof apps.$inferInsert;
export type AppChanges = Partial<Omit<NewApp, 'id' | 'pkg' | 'ownerId' | 'appKey' | 'createdAt'>>;

export interface AppListRow {
  id: number;
  title: string;
  pkg: string;
  logo: string;
  reviewEnable: boolean;
  ownerId: number | null;
  level: number;
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** `%`, `_` and `\` typed by a user match themselves in ILIKE. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Apps and their members. */
export class AppsRepository {
  constructor(private readonly db: Db) {}

  async findByKey(
    appKey: string,
  ): Promise<Pick<AppRecord, 'id' | 'appSecretEnc' | 'destroy' | 'pushRecovery'> | undefined> {
    const [row] = await this.db
      .select({
        id: apps.id,
        appSecretEnc: apps.appSecretEnc,
        destroy: apps.destroy,
        pushRecovery: apps.pushRecovery,
      })
      .from(apps)
      .where(eq(apps.appKey, appKey))
      .limit(1);
    return row;
  }

  async findById(id: number): Promise<AppRecord | undefined> {
    const [row] = await this.db.select().from(apps).where(eq(apps.id, id)).limit(1);
    return row;
  }

  async findByPkg(pkg: string): Promise<AppRecord | undefined> {
    const [row] = await this.db.select().from(apps).where(eq(apps.pkg, pkg)).limit(1);
    return row;
  }

  /** The active member level of a user on an app (pending invitations grant nothing). */
  async memberLevel(appId: number, userId: number): Promise<number | undefined> {
    const [row] = await this.db
      .select({ ulevel: appMembers.ulevel })
      .from(appMembers)
      .where(and(eq(appMembers.appId, appId), eq(appMembers.userId, userId), eq(appMembers.status, 0)))
      .limit(1);
    return row?.ulevel;
  }

  async exists(appId: number): Promise<boolean> {
    const [row] = await this.db.select({ id: apps.id }).from(apps).where(eq(apps.id, appId)).limit(1);
    return row !== undefined;
  }

  /** Inserts an app and its owner membership in one transaction; undefined when the package is taken meanwhile. */
  async insertWithOwner(
    app: NewApp,
    owner: { userId: number; email: string },
  ): Promise<AppRecord | undefined> {
    try {
      return await this.db.transaction(async (tx) => {
        const [row] = await tx.insert(apps).values(app).returning();
        if (!row) throw new Error('app insert returned nothing');
        await tx
          .insert(appMembers)
          .values({ appId: row.id, userId: owner.userId, email: owner.email, ulevel: 200, status: 0 });
        return row;
      });
    } catch (err) {
      if (isUniqueViolation(err)) return undefined;
      throw err;
    }
  }

  /**
   * One page of the apps a user sees: every app for `all` (level-100 users, level 100 on each), otherwise the apps
   * where the user has an active role; the user's own apps first, then the newest.
   */
  async listFor(
    user: { id: number; all: boolean },
    search: string,
    offset: number,
    limit: number,
  ): Promise<{ rows: AppListRow[]; total: number }> {
    const match: SQL | undefined = search
      ? or(ilike(apps.title, likePattern(search)), ilike(apps.pkg, likePattern(search)))
      : undefined;
    const columns = {
      id: apps.id,
      title: apps.title,
      pkg: apps.pkg,
      logo: apps.logo,
      reviewEnable: apps.reviewEnable,
      ownerId: apps.ownerId,
    };
    const order = [desc(sql`(${apps.ownerId} IS NOT DISTINCT FROM ${user.id})`), desc(apps.id)];
    if (user.all) {
      const [rows, [totalRow]] = await Promise.all([
        this.db
          .select(columns)
          .from(apps)
          .where(match)
          .orderBy(...order)
          .limit(limit)
          .offset(offset),
        this.db.select({ n: count() }).from(apps).where(match),
      ]);
      return { rows: rows.map((r) => ({ ...r, level: 100 })), total: totalRow?.n ?? 0 };
    }
    const member = and(
      eq(appMembers.appId, apps.id),
      eq(appMembers.userId, user.id),
      eq(appMembers.status, 0),
    );
    const [rows, [totalRow]] = await Promise.all([
      this.db
        .select({ ...columns, level: appMembers.ulevel })
        .from(apps)
        .innerJoin(appMembers, member)
        .where(match)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
      this.db.select({ n: count() }).from(apps).innerJoin(appMembers, member).where(match),
    ]);
    return { rows, total: totalRow?.n ?? 0 };
  }

  /** How many apps a user owns (administrators who own apps cannot be deleted). */
  async countOwned(userId: number): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(apps).where(eq(apps.ownerId, userId));
    return row?.n ?? 0;
  }

  async update(appId: number, changes: AppChanges): Promise<void> {
    await this.db
      .update(apps)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(apps.id, appId));
  }

  /** Deletes an app; its members, devices and everything else keyed on it go with it (ON DELETE CASCADE). */
  async delete(appId: number): Promise<boolean> {
    const rows = await this.db.delete(apps).where(eq(apps.id, appId)).returning({ id: apps.id });
    return rows.length > 0;
  }
}
