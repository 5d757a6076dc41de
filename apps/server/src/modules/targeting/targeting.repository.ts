import type { GaidListInfo } from '@beacon/shared';
import type { Database } from '../../db/client';

export interface NewGaidList {
  id: string;
  appId: number;
  source: 6 | 7;
  name: string;
  link: string;
  createdBy: number | null;
}

const INFO = `id::text AS origin, name, link, source, gaid_count AS count, duplicate_count AS duplicates, size_bytes::int AS size`;

/** GAID lists: a header per list and its ids, written in batches and made usable in one statement at the end. */
export class TargetingRepository {
  constructor(private readonly database: Database) {}

  async create(list: NewGaidList): Promise<void> {
    await this.database.query(
      'INSERT INTO message_gaid_uploads (id, app_id, source, name, link, created_by) VALUES ($1, $2, $3, $4, $5, $6)',
      [list.id, list.appId, list.source, list.name, list.link, list.createdBy],
    );
  }

  /** Adds ids to an unfinished list; answers how many were new (the rest repeat ids already listed). */
  async addGaids(listId: string, gaids: string[]): Promise<number> {
    if (gaids.length === 0) return 0;
    const [row] = await this.database.query<{ n: number }>(
      `WITH ins AS (
         INSERT INTO message_gaid_lists (list_id, gaid) SELECT $1::uuid, g FROM unnest($2::uuid[]) AS g
         ON CONFLICT DO NOTHING RETURNING 1
       ) SELECT count(*)::int AS n FROM ins`,
      [listId, gaids],
    );
    return row?.n ?? 0;
  }

  /** Makes the list usable, with its counts. */
  async finish(
    listId: string,
    done: { name: string; count: number; duplicates: number; size: number },
  ): Promise<void> {
    await this.database.query(
      'UPDATE message_gaid_uploads SET ready = true, name = $2, gaid_count = $3, duplicate_count = $4, size_bytes = $5 WHERE id = $1',
      [listId, done.name, done.count, done.duplicates, done.size],
    );
  }

  /** Removes a list and its ids (a refused or broken file). */
  async discard(listId: string): Promise<void> {
    await this.database.query('DELETE FROM message_gaid_uploads WHERE id = $1', [listId]);
  }

  /** A usable list of the app. */
  async find(appId: number, listId: string): Promise<GaidListInfo | undefined> {
    const [row] = await this.database.query<GaidListInfo>(
      `SELECT ${INFO} FROM message_gaid_uploads WHERE id = $1::uuid AND app_id = $2 AND ready`,
      [listId, appId],
    );
    return row;
  }

  /**
   * Forgets lists nobody will use: unfinished ones older than an hour (a crash mid-upload) and finished ones older
   * than a week that no message names.
   */
  async prune(appId: number): Promise<void> {
    await this.database.query(
      `DELETE FROM message_gaid_uploads u
       WHERE u.app_id = $1
         AND ((NOT u.ready AND u.created_at < now() - interval '1 hour')
           OR (u.created_at < now() - interval '7 days'
               AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.app_id = u.app_id AND m.file_origin = u.id::text)))`,
      [appId],
    );
  }
}
