import { and, count, desc, eq, ilike, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userGroups } from '../../db/schema';

export type UserGroupRecord = typeof userGroups.$inferSelect;
export type NewUserGroup = typeof userGroups.$inferInsert;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Saved audiences of apps. */
export class UserGroupsRepository {
  constructor(private readonly db: Db) {}

  async list(
    appId: number,
    q: { name: string; id?: number | undefined; pageNo: number; pageSize: number },
  ): Promise<{ rows: UserGroupRecord[]; total: number }> {
    const where: SQL[] = [eq(userGroups.appId, appId)];
    if (q.name) where.push(ilike(userGroups.name, `%${escapeLike(q.name)}%`));
    if (q.id) where.push(eq(userGroups.id, q.id));
    const [totalRow] = await this.db
      .select({ n: count() })
      .from(userGroups)
      .where(and(...where));
    const rows = await this.db
      .select()
      .from(userGroups)
      .where(and(...where))
      .orderBy(desc(userGroups.updatedAt), desc(userGroups.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize);
    return { rows, total: Number(totalRow?.n ?? 0) };
  }

  async nameTaken(appId: number, name: string, exceptId?: number): Promise<boolean> {
    const where = [eq(userGroups.appId, appId), sql`lower(${userGroups.name}) = lower(${name})`];
    if (exceptId) where.push(ne(userGroups.id, exceptId));
    const [row] = await this.db
      .select({ id: userGroups.id })
      .from(userGroups)
      .where(and(...where))
      .limit(1);
    return row !== undefined;
  }

  async insert(group: NewUserGroup): Promise<UserGroupRecord> {
    const [row] = await this.db.insert(userGroups).values(group).returning();
    if (!row) throw new Error('user group insert returned nothing');
    return row;
  }

  async update(
    appId: number,
    id: number,
    fields: Pick<NewUserGroup, 'name' | 'description' | 'conditions' | 'open'>,
  ): Promise<UserGroupRecord | undefined> {
    const [row] = await this.db
      .update(userGroups)
      .set({ ...fields, updatedAt: new Date() })
      .where(and(eq(userGroups.appId, appId), eq(userGroups.id, id)))
      .returning();
    return row;
  }

  async remove(appId: number, id: number): Promise<boolean> {
    const rows = await this.db
      .delete(userGroups)
      .where(and(eq(userGroups.appId, appId), eq(userGroups.id, id)))
      .returning({ id: userGroups.id });
    return rows.length > 0;
  }
}
