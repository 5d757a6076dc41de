import { and, eq, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import { modelControlCountries, modelControlEntries, modelControlUploads } from '../../db/schema';
import { record, type AuditEntry } from '../../platform/audit-log';

export interface ModelValues {
  shieldType: 1 | 2;
  type: 1 | 2 | 3;
  brand: string;
  model: string;
  protectDefault: number;
  protectNewMarket: number;
}

export interface ModelRow extends ModelValues {
  id: number;
  updatedAt: Date;
}

export type Actor = AuditEntry['actor'];

const columns = {
  id: modelControlEntries.id,
  shieldType: modelControlEntries.shieldType,
  type: modelControlEntries.tier,
  brand: modelControlEntries.brand,
  model: modelControlEntries.model,
  protectDefault: modelControlEntries.protectDefault,
  protectNewMarket: modelControlEntries.protectNewMarket,
  updatedAt: modelControlEntries.updatedAt,
};

const asRow = (
  r: { shieldType: number; type: number } & Omit<ModelRow, 'shieldType' | 'type'>,
): ModelRow => ({
  ...r,
  shieldType: r.shieldType as 1 | 2,
  type: r.type as 1 | 2 | 3,
});

/** The audit snapshot of an entry. */
export const snapshot = ({
  shieldType,
  type,
  brand,
  model,
  protectDefault,
  protectNewMarket,
}: ModelValues) => ({
  shieldType,
  type,
  brand,
  model,
  protectDefault,
  protectNewMarket,
});

const targetOf = (v: Pick<ModelValues, 'shieldType' | 'brand' | 'model'>) =>
  `${v.shieldType === 1 ? 'ad' : 'global'} ${v.brand} ${v.model}`;

const dbValues = (v: ModelValues) => ({
  shieldType: v.shieldType,
  tier: v.type,
  brand: v.brand,
  model: v.model,
  protectDefault: v.protectDefault,
  protectNewMarket: v.protectNewMarket,
});

/** The model shielding lists, their market countries and pending uploads; every change writes its audit row. */
export class ModelControlRepository {
  constructor(private readonly database: Database) {}

  private get db(): Db {
    return this.database.db;
  }

  /** A page of one list, searched by part of the brand or model (case-insensitive), by brand then model. */
  async list(
    shieldType: 1 | 2,
    keyword: string,
    limit: number,
    offset: number,
  ): Promise<{ rows: ModelRow[]; total: number }> {
    const pattern = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const where = and(
      eq(modelControlEntries.shieldType, shieldType),
      keyword
        ? sql`(${modelControlEntries.brand} ILIKE ${pattern} OR ${modelControlEntries.model} ILIKE ${pattern} OR ${modelControlEntries.brand} || ' ' || ${modelControlEntries.model} ILIKE ${pattern})`
        : undefined,
    );
    const [rows, [count]] = await Promise.all([
      this.db
        .select(columns)
        .from(modelControlEntries)
        .where(where)
        .orderBy(modelControlEntries.brand, modelControlEntries.model)
        .limit(limit)
        .offset(offset),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(modelControlEntries)
        .where(where),
    ]);
    return { rows: rows.map(asRow), total: count?.n ?? 0 };
  }

  /** Every entry of one list (download, upload comparison). */
  async all(shieldType: 1 | 2): Promise<ModelRow[]> {
    const rows = await this.db
      .select(columns)
      .from(modelControlEntries)
      .where(eq(modelControlEntries.shieldType, shieldType))
      .orderBy(modelControlEntries.brand, modelControlEntries.model);
    return rows.map(asRow);
  }

  async find(id: number): Promise<ModelRow | undefined> {
    const [row] = await this.db
      .select(columns)
      .from(modelControlEntries)
      .where(eq(modelControlEntries.id, id));
    return row && asRow(row);
  }

  async findByKey(v: Pick<ModelValues, 'shieldType' | 'brand' | 'model'>): Promise<ModelRow | undefined> {
    const [row] = await this.db
      .select(columns)
      .from(modelControlEntries)
      .where(
        and(
          eq(modelControlEntries.shieldType, v.shieldType),
          eq(modelControlEntries.brand, v.brand),
          eq(modelControlEntries.model, v.model),
        ),
      );
    return row && asRow(row);
  }

  /** Adds an entry; undefined when the list already holds the brand and model. */
  async insert(values: ModelValues, actor: Actor): Promise<number | undefined> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(modelControlEntries)
        .values({ ...dbValues(values), createdBy: actor.id })
        .onConflictDoNothing()
        .returning({ id: modelControlEntries.id });
      if (!row) return undefined;
      await record(tx, {
        actor,
        area: 'models',
        action: 'create',
        target: targetOf(values),
        newValue: snapshot(values),
      });
      return row.id;
    });
  }

  /** Replaces an entry's values; false when another entry of the list holds the new brand and model. */
  async update(before: ModelRow, values: ModelValues, actor: Actor): Promise<boolean> {
    try {
      await this.db.transaction(async (tx) => {
        await tx
          .update(modelControlEntries)
          .set({ ...dbValues(values), updatedAt: new Date() })
          .where(eq(modelControlEntries.id, before.id));
        await record(tx, {
          actor,
          area: 'models',
          action: 'update',
          target: targetOf(values),
          oldValue: snapshot(before),
          newValue: snapshot(values),
        });
      });
      return true;
    } catch (err) {
      if (isUniqueViolation(err)) return false;
      throw err;
    }
  }

  async delete(before: ModelRow, actor: Actor): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(modelControlEntries).where(eq(modelControlEntries.id, before.id));
      await record(tx, {
        actor,
        area: 'models',
        action: 'delete',
        target: targetOf(before),
        oldValue: snapshot(before),
      });
    });
  }

  /** Keeps a parsed upload for its confirmation; drops the user's older previews and any older than a day. */
  async saveUpload(id: string, shieldType: 1 | 2, rows: ModelValues[], userId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .delete(modelControlUploads)
        .where(
          sql`${modelControlUploads.createdBy} = ${userId} OR ${modelControlUploads.createdAt} < now() - interval '1 day'`,
        );
      await tx.insert(modelControlUploads).values({ id, shieldType, rows, createdBy: userId });
    });
  }

  /**
   * Applies the user's upload `id` in one transaction: each row is added, or replaces the entry with its brand and
   * model, with one audit row each; the upload is consumed. Undefined when there is no such upload.
   */
  async applyUpload(
    id: string,
    userId: number,
    actor: Actor,
  ): Promise<{ added: number; changed: number } | undefined> {
    return this.db.transaction(async (tx) => {
      const [upload] = await tx
        .delete(modelControlUploads)
        .where(and(eq(modelControlUploads.id, id), eq(modelControlUploads.createdBy, userId)))
        .returning({ rows: modelControlUploads.rows });
      if (!upload) return undefined;
      const rows = upload.rows as ModelValues[];
      let added = 0;
      let changed = 0;
      const audits: AuditEntry[] = [];
      for (const values of rows) {
        const [old] = await tx
          .select(columns)
          .from(modelControlEntries)
          .where(
            and(
              eq(modelControlEntries.shieldType, values.shieldType),
              eq(modelControlEntries.brand, values.brand),
              eq(modelControlEntries.model, values.model),
            ),
          );
        if (old) {
          await tx
            .update(modelControlEntries)
            .set({ ...dbValues(values), updatedAt: new Date() })
            .where(eq(modelControlEntries.id, old.id));
          changed++;
          audits.push({
            actor,
            area: 'models',
            action: 'import-update',
            target: targetOf(values),
            oldValue: snapshot(asRow(old)),
            newValue: snapshot(values),
          });
        } else {
          await tx.insert(modelControlEntries).values({ ...dbValues(values), createdBy: actor.id });
          added++;
          audits.push({
            actor,
            area: 'models',
            action: 'import-create',
            target: targetOf(values),
            newValue: snapshot(values),
          });
        }
      }
      for (const entry of audits) await record(tx, entry);
      return { added, changed };
    });
  }

  /** Both market lists: country code → market (1 new, 2 old). */
  async countries(): Promise<Array<{ country: string; market: number }>> {
    return this.db
      .select({ country: modelControlCountries.country, market: modelControlCountries.market })
      .from(modelControlCountries)
      .orderBy(modelControlCountries.country);
  }

  /** Replaces one market's countries (taking them out of the other market) with one audit row. */
  async replaceMarket(
    market: 1 | 2,
    codes: string[],
    before: { newMarket: string[]; oldMarket: string[] },
    actor: Actor,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(modelControlCountries).where(eq(modelControlCountries.market, market));
      if (codes.length > 0) {
        await tx
          .insert(modelControlCountries)
          .values(codes.map((country) => ({ country, market, createdBy: actor.id })))
          .onConflictDoUpdate({
            target: modelControlCountries.country,
            set: { market, createdBy: actor.id, createdAt: new Date() },
          });
      }
      const name = market === 1 ? 'newMarket' : 'oldMarket';
      await record(tx, {
        actor,
        area: 'model-countries',
        action: 'replace',
        target: name,
        oldValue: before[name],
        newValue: codes,
      });
    });
  }
}

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
