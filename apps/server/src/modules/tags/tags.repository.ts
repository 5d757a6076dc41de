import { and, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { tags } from '../../db/schema';

export type TagRecord = typeof tags.$inferSelect;
export type NewTag = typeof tags.$inferInsert;
export type TagWithCount = TagRecord & { deviceCount: number };

export interface TagQuery {
  name: string;
  flag?: 'LABEL' | 'GROUP' | undefined;
  id?: number | undefined;
  pageNo: number;
  pageSize: number;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Tags of apps, and which devices carry them. */
export class TagsRepository {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.db;
  }

  async list(appId: number, q: TagQuery): Promise<{ rows: TagWithCount[]; total: number }> {
    const where: SQL[] = [eq(tags.appId, appId)];
    if (q.name) {
      const like = `%${escapeLike(q.name)}%`;
      where.push(or(ilike(tags.name, like), ilike(tags.nameEn, like), ilike(tags.code, like)) as SQL);
    }
    if (q.flag) where.push(eq(tags.flag, q.flag));
    if (q.id) where.push(eq(tags.id, q.id));
    const [totalRow] = await this.db
      .select({ n: count() })
      .from(tags)
      .where(and(...where));
    const rows = await this.db
      .select({
        tag: tags,
        deviceCount: sql<number>`(SELECT count(*) FROM device_tags dt WHERE dt.tag_id = ${tags.id})::int`,
      })
      .from(tags)
      .where(and(...where))
      .orderBy(desc(tags.updatedAt), desc(tags.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize);
    return {
      rows: rows.map((r) => ({ ...r.tag, deviceCount: Number(r.deviceCount) })),
      total: Number(totalRow?.n ?? 0),
    };
  }

  async findById(appId: number, id: number): Promise<TagRecord | undefined> {
    const [row] = await this.db
      .select()
      .from(tags)
      .where(and(eq(tags.appId, appId), eq(tags.id, id)))
      .limit(1);
    return row;
  }

  /** Whether another tag of the app uses the code (case-insensitively). */
  async codeTaken(appId: number, code: string, exceptId?: number): Promise<boolean> {
    const where = [eq(tags.appId, appId), sql`lower(${tags.code}) = lower(${code})`];
    if (exceptId) where.push(ne(tags.id, exceptId));
    const [row] = await this.db
      .select({ id: tags.id })
      .from(tags)
      .where(and(...where))
      .limit(1);
    return row !== undefined;
  }

  async insert(tag: NewTag): Promise<TagRecord> {
    const [row] = await this.db.insert(tags).values(tag).returning();
    if (!row) throw new Error('tag insert returned nothing');
    return row;
  }

  async update(appId: number, id: number, fields: Partial<NewTag>): Promise<TagRecord | undefined> {
    const [row] = await this.db
      .update(tags)
      .set({ ...fields, updatedAt: new Date() })
      .where(and(eq(tags.appId, appId), eq(tags.id, id)))
      .returning();
    return row;
  }

  async remove(appId: number, id: number): Promise<boolean> {
    const rows = await this.db
      .delete(tags)
      .where(and(eq(tags.appId, appId), eq(tags.id, id)))
      .returning({ id: tags.id });
    return rows.length > 0;
  }

  /** The ids among `ids` that are tags of the app with this flag. */
  async existingIds(appId: number, ids: number[], flag: 'LABEL' | 'GROUP'): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .select({ id: tags.id })
      .from(tags)
      .where(and(eq(tags.appId, appId), eq(tags.flag, flag), inArray(tags.id, ids)));
    return new Set(rows.map((r) => r.id));
  }

  async byFlag(appId: number, flag: 'LABEL' | 'GROUP'): Promise<TagRecord[]> {
    return this.db
      .select()
      .from(tags)
      .where(and(eq(tags.appId, appId), eq(tags.flag, flag)))
      .orderBy(tags.code);
  }

  /**
   * Tags the app's devices with these GAIDs in one transaction, in chunks of set-based inserts. Returns how many
   * GAIDs are devices of the app and how many of those newly got the tag.
   */
  async tagDevices(
    appId: number,
    tagId: number,
    gaids: string[],
  ): Promise<{ matched: number; inserted: number }> {
    return this.database.withConnection(async (conn) => {
      await conn.exec('BEGIN');
      try {
        let matched = 0;
        let inserted = 0;
        for (let i = 0; i < gaids.length; i += 5000) {
          const [row] = await conn.query<{ matched: string; inserted: string }>(
            `WITH m AS (SELECT id FROM devices WHERE app_id = $1 AND gaid = ANY($3::uuid[])),
                  ins AS (INSERT INTO device_tags (device_id, tag_id, app_id) SELECT id, $2, $1 FROM m
                          ON CONFLICT DO NOTHING RETURNING 1)
             SELECT (SELECT count(*) FROM m)::text AS matched, (SELECT count(*) FROM ins)::text AS inserted`,
            [appId, tagId, gaids.slice(i, i + 5000)],
          );
          matched += Number(row?.matched ?? 0);
          inserted += Number(row?.inserted ?? 0);
        }
        await conn.query('UPDATE tags SET updated_at = now() WHERE id = $1', [tagId]);
        await conn.exec('COMMIT');
        return { matched, inserted };
      } catch (error) {
        await conn.exec('ROLLBACK');
        throw error;
      }
    });
  }
}
