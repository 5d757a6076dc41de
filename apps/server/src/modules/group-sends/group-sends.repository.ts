import type { Database } from '../../db/client';
import { MESSAGE_COLUMNS, type MessageRecord } from '../messages';

/** The reads of app-group sends (0022_group-sends.sql): a group's members, apps and children. */
export class GroupSendsRepository {
  constructor(private readonly database: Database) {}

  /** Every message of the app-group send rooted at `rootId`: the parent first, then its children. */
  async groupMembers(rootId: number): Promise<MessageRecord[]> {
    return this.database.query<MessageRecord>(
      `SELECT ${MESSAGE_COLUMNS} FROM messages m WHERE (m.id = $1 OR m.app_group_parent_id = $1) AND NOT m.deleted
       ORDER BY m.app_group_parent_id NULLS FIRST, m.id`,
      [rootId],
    );
  }

  /** The apps of each group send rooted at `rootIds` (the parent's and every child's). */
  async groupApps(rootIds: number[]): Promise<Map<number, number[]>> {
    if (rootIds.length === 0) return new Map();
    const rows = await this.database.query<{ root: number; apps: number[] }>(
      `SELECT COALESCE(m.app_group_parent_id, m.id)::int AS root, array_agg(DISTINCT m.app_id) AS apps FROM messages m
       WHERE (m.id = ANY($1::bigint[]) OR m.app_group_parent_id = ANY($1::bigint[])) AND NOT m.deleted
       GROUP BY 1`,
      [rootIds],
    );
    return new Map(rows.map((r) => [r.root, r.apps]));
  }

  /** The children of group-send parents, with their app, limited to `appIds` (the apps the reader belongs to). */
  async groupChildren(
    parentIds: number[],
    appIds: readonly number[] | null,
  ): Promise<Array<MessageRecord & { appTitle: string; pkg: string }>> {
    if (parentIds.length === 0) return [];
    return this.database.query(
      `SELECT ${MESSAGE_COLUMNS}, a.title AS "appTitle", a.pkg FROM messages m JOIN apps a ON a.id = m.app_id
       WHERE m.app_group_parent_id = ANY($1::bigint[]) AND NOT m.deleted AND ($2::int[] IS NULL OR m.app_id = ANY($2::int[]))
       ORDER BY m.app_group_parent_id, lower(a.title), m.id`,
      [parentIds, appIds],
    );
  }
}
