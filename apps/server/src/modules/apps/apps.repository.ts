import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appMembers, apps } from '../../db/schema';

export type AppRecord = typeof apps.$inferSelect;
export type NewApp = typeof apps.$inferInsert;

/** Apps and their members. */
export class AppsRepository {
  constructor(private readonly db: Db) {}

  async findByKey(appKey: string): Promise<Pick<AppRecord, 'id' | 'appSecretEnc' | 'destroy'> | undefined> {
    const [row] = await this.db
      .select({ id: apps.id, appSecretEnc: apps.appSecretEnc, destroy: apps.destroy })
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

  /** Inserts an app and its owner membership in one transaction. */
  async insertWithOwner(app: NewApp, owner: { userId: number; email: string }): Promise<AppRecord> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.insert(apps).values(app).returning();
      if (!row) throw new Error('app insert returned nothing');
      await tx.insert(appMembers).values({ appId: row.id, userId: owner.userId, email: owner.email, ulevel: 200, status: 0 });
      return row;
    });
  }
}
