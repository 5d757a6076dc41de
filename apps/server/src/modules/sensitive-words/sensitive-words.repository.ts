import type { SensitiveAddResult, SensitiveList, SensitiveListRequest } from '@beacon/shared';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sensitiveWords } from '../../db/schema';
import { record } from '../../platform/audit-log';

export interface Actor {
  id: number;
  email: string;
}

/** A word list: the platform's (`null`) or an app's. */
export type ListScope = number | null;

const scopeTarget = (appId: ListScope) => (appId === null ? 'platform' : `app ${appId}`);

interface WordDbRow {
  id: number;
  word: string;
  createdBy: string | null;
  createdAt: Date | string;
  total: number | string;
}

/** The sensitive word lists (migration 0010); every change is audited in the same transaction. */
export class SensitiveWordsRepository {
  constructor(private readonly database: Database) {}

  async appExists(appId: number): Promise<boolean> {
    const rows = await this.database.query('SELECT 1 FROM apps WHERE id = $1', [appId]);
    return rows.length > 0;
  }

  async list(appId: ListScope, filter: SensitiveListRequest): Promise<SensitiveList> {
    const rows = await this.database.query<WordDbRow>(
      `SELECT s.id, s.word, u.email AS "createdBy", s.created_at AS "createdAt", count(*) OVER () AS total
       FROM sensitive_words s LEFT JOIN users u ON u.id = s.created_by
       WHERE COALESCE(s.app_id, 0) = $1 AND ($2 = '' OR strpos(lower(s.word), lower($2)) > 0)
       ORDER BY s.created_at DESC, s.id DESC
       LIMIT $3 OFFSET $4`,
      [appId ?? 0, filter.word, filter.pageSize, (filter.pageNo - 1) * filter.pageSize],
    );
    let total = Number(rows[0]?.total ?? 0);
    if (rows.length === 0 && filter.pageNo > 1) {
      const [c] = await this.database.query<{ n: string | number }>(
        `SELECT count(*) AS n FROM sensitive_words WHERE COALESCE(app_id, 0) = $1 AND ($2 = '' OR strpos(lower(word), lower($2)) > 0)`,
        [appId ?? 0, filter.word],
      );
      total = Number(c?.n ?? 0);
    }
    return {
      total,
      results: rows.map((r) => ({
        id: r.id,
        word: r.word,
        createdBy: r.createdBy ?? '',
        createTime: (r.createdAt instanceof Date ? r.createdAt : new Date(r.createdAt)).toISOString(),
      })),
    };
  }

  /** Which of `ids` are words of this list. */
  async idsIn(appId: ListScope, ids: number[]): Promise<number[]> {
    const rows = await this.database.query<{ id: number | string }>(
      'SELECT id FROM sensitive_words WHERE COALESCE(app_id, 0) = $1 AND id = ANY($2::bigint[])',
      [appId ?? 0, ids],
    );
    return rows.map((r) => Number(r.id));
  }

  /** Every word of a list (for the content check). */
  async words(appId: ListScope): Promise<string[]> {
    const rows = await this.database.query<{ word: string }>(
      'SELECT word FROM sensitive_words WHERE COALESCE(app_id, 0) = $1 ORDER BY id',
      [appId ?? 0],
    );
    return rows.map((r) => r.word);
  }

  /** Adds the words not yet listed (case-insensitively), in one transaction with its audit row. */
  async add(
    appId: ListScope,
    words: string[],
    action: 'create' | 'import',
    actor: Actor,
  ): Promise<SensitiveAddResult> {
    if (words.length === 0) return { added: 0, duplicates: 0 };
    return this.database.db.transaction(async (tx) => {
      const added = await tx
        .insert(sensitiveWords)
        .values(words.map((word) => ({ appId, word, createdBy: actor.id })))
        .onConflictDoNothing()
        .returning({ word: sensitiveWords.word });
      if (added.length > 0) {
        await record(tx, {
          actor,
          area: 'sensitive-words',
          action,
          target: scopeTarget(appId),
          newValue: added.map((a) => a.word),
        });
      }
      return { added: added.length, duplicates: words.length - added.length };
    });
  }

  /** Removes words of one list by id; returns how many went. */
  async remove(appId: ListScope, ids: number[], actor: Actor): Promise<number> {
    return this.database.db.transaction(async (tx) => {
      const removed = await tx
        .delete(sensitiveWords)
        .where(
          and(
            appId === null ? isNull(sensitiveWords.appId) : eq(sensitiveWords.appId, appId),
            inArray(sensitiveWords.id, ids),
          ),
        )
        .returning({ word: sensitiveWords.word });
      if (removed.length > 0) {
        await record(tx, {
          actor,
          area: 'sensitive-words',
          action: 'delete',
          target: scopeTarget(appId),
          oldValue: removed.map((r) => r.word),
        });
      }
      return removed.length;
    });
  }
}
