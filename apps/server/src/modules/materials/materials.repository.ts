import { MaterialStatus as S, MessageType, type MultiLangEntry } from '@beacon/shared';
import type { Database } from '../../db/client';
import { MaterialsWriter } from './materials.writer';

/** A material as the lists and the detail read it, with the counters of the messages sent from it. */
export interface MaterialRecord {
  id: number;
  appId: number;
  materialType: number;
  title: string;
  attribute: string;
  data: Record<string, unknown>;
  multiLangEnable: boolean;
  multiLangContent: MultiLangEntry[];
  pushCountrySet: string[];
  notPushCountrySet: string[];
  contentCreateType: number;
  createType: number;
  status: number;
  statusBeforeDelete: number | null;
  rejectReason: string;
  ownerEmail: string;
  msgId: number | null;
  contentHash: string;
  createdAt: Date;
  /** the messages sent from it and the sums of their list counters (messages.dispatch_count, reach_count, …) */
  messages: number;
  dispatch: number;
  reach: number;
  show: number;
  click: number;
}

/** The list's filters: the statuses shown, the creation range as instants (the service reads the days in `tz`). */
export interface MaterialFilter {
  materialType: number;
  statuses: readonly number[];
  title?: string | undefined;
  ownerEmail?: string | undefined;
  createType?: number | undefined;
  materialId?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  order: '' | 'clickRate-asc' | 'clickRate-desc';
  pageNo: number;
  pageSize: number;
}

/** One message sent from a material, with its list counters. */
export interface MaterialMessage {
  id: number;
  msgType: number;
  title: string;
  status: number;
  scheduleType: number;
  scheduleLocal: string | null;
  createdAt: Date;
  dispatchCount: number;
  reachCount: number;
  showCount: number;
  clickCount: number;
}

/**
 * The messages a material's counters and report read: its notifications and cross messages that are not deleted —
 * the messages the message lists show (previews and recalls are not).
 */
const ITS_MESSAGES = `m.material_id = mt.id AND m.app_id = mt.app_id AND NOT m.deleted
  AND m.msg_type IN (${MessageType.NOTIFICATION}, ${MessageType.PASS_THROUGH})`;

const COLUMNS = `mt.id::int AS id, mt.app_id AS "appId", mt.material_type AS "materialType", mt.title, mt.attribute,
  mt.data, mt.multi_lang_enable AS "multiLangEnable", mt.multi_lang_content AS "multiLangContent",
  mt.push_country_set AS "pushCountrySet", mt.not_push_country_set AS "notPushCountrySet",
  mt.content_create_type AS "contentCreateType", mt.create_type AS "createType", mt.status,
  mt.status_before_delete AS "statusBeforeDelete", mt.reject_reason AS "rejectReason", mt.owner_email AS "ownerEmail",
  mt.msg_id::int AS "msgId", mt.content_hash AS "contentHash", mt.created_at AS "createdAt",
  c.messages, c.dispatch, c.reach, c.show, c.click`;

/** The sums of the message list's counter columns over the material's messages (float8: a sum may pass 2^31). */
const COUNTERS = `LEFT JOIN LATERAL (
    SELECT count(*)::int AS messages, COALESCE(sum(m.dispatch_count), 0)::float8 AS dispatch,
      COALESCE(sum(m.reach_count), 0)::float8 AS reach, COALESCE(sum(m.show_count), 0)::float8 AS show,
      COALESCE(sum(m.click_count), 0)::float8 AS click
    FROM messages m WHERE ${ITS_MESSAGES}
  ) c ON true`;

/** A LIKE pattern matching `term` literally anywhere. */
const contains = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Materials: the lists with their counters, the detail, the report, and the writes (MaterialsWriter). */
export class MaterialsRepository {
  constructor(private readonly database: Database) {}

  /** Runs `fn` in one transaction with a writer on it. */
  async write<T>(fn: (w: MaterialsWriter) => Promise<T>): Promise<T> {
    return this.database.transaction((tx) => fn(new MaterialsWriter(tx)));
  }

  /** The app's material `id` at any status but 100 (purged), with its counters. */
  async find(appId: number, id: number): Promise<MaterialRecord | undefined> {
    const [row] = await this.database.query<MaterialRecord>(
      `SELECT ${COLUMNS} FROM materials mt ${COUNTERS} WHERE mt.app_id = $1 AND mt.id = $2 AND mt.status <> ${S.PURGED}`,
      [appId, id],
    );
    return row;
  }

  async list(appId: number, f: MaterialFilter): Promise<{ rows: MaterialRecord[]; total: number }> {
    const params: unknown[] = [appId, f.materialType, f.statuses];
    const where = ['mt.app_id = $1', 'mt.material_type = $2', 'mt.status = ANY($3::int[])'];
    const add = (sql: string, value: unknown) => {
      params.push(value);
      where.push(sql.replace('?', `$${params.length}`));
    };
    if (f.materialId) add('mt.id = ?::bigint', f.materialId);
    if (f.title) add('mt.title ILIKE ?', contains(f.title));
    if (f.ownerEmail) add('mt.owner_email ILIKE ?', contains(f.ownerEmail));
    if (f.createType) add('mt.create_type = ?', f.createType);
    if (f.from) add('mt.created_at >= ?::timestamptz', f.from);
    if (f.to) add('mt.created_at < ?::timestamptz', f.to);
    const clause = where.join(' AND ');
    // the click rate of the list (statRate: click over show, 0 without shows); newest first among equals
    const clickRate = 'CASE WHEN c.show > 0 THEN c.click / c.show ELSE 0 END';
    const order =
      f.order === 'clickRate-asc'
        ? `${clickRate} ASC, mt.id DESC`
        : f.order === 'clickRate-desc'
          ? `${clickRate} DESC, mt.id DESC`
          : 'mt.id DESC';
    const [rows, [count]] = await Promise.all([
      this.database.query<MaterialRecord>(
        `SELECT ${COLUMNS} FROM materials mt ${COUNTERS} WHERE ${clause} ORDER BY ${order}
         LIMIT ${f.pageSize} OFFSET ${(f.pageNo - 1) * f.pageSize}`,
        params,
      ),
      this.database.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM materials mt WHERE ${clause}`,
        params,
      ),
    ]);
    return { rows, total: count?.n ?? 0 };
  }

  /** The messages sent from material `id` (of its app), newest first, a page of them and how many there are. */
  async messages(
    appId: number,
    id: number,
    page: { pageNo: number; pageSize: number },
  ): Promise<{ rows: MaterialMessage[]; total: number }> {
    const from = `FROM materials mt JOIN messages m ON ${ITS_MESSAGES} WHERE mt.app_id = $1 AND mt.id = $2`;
    const [rows, [count]] = await Promise.all([
      this.database.query<MaterialMessage>(
        `SELECT m.id::int AS id, m.msg_type AS "msgType", m.title, m.status, m.schedule_type AS "scheduleType",
           m.schedule_local AS "scheduleLocal", m.created_at AS "createdAt", m.dispatch_count AS "dispatchCount",
           m.reach_count AS "reachCount", m.show_count AS "showCount", m.click_count AS "clickCount"
         ${from} ORDER BY m.id DESC LIMIT ${page.pageSize} OFFSET ${(page.pageNo - 1) * page.pageSize}`,
        [appId, id],
      ),
      this.database.query<{ n: number }>(`SELECT count(*)::int AS n ${from}`, [appId, id]),
    ]);
    return { rows, total: count?.n ?? 0 };
  }

  /** Whether `msgId` is a message of the app (a material built from a message names it). */
  async messageOfApp(appId: number, msgId: number): Promise<boolean> {
    const rows = await this.database.query(
      'SELECT 1 FROM messages WHERE id = $1 AND app_id = $2 AND NOT deleted',
      [msgId, appId],
    );
    return rows.length > 0;
  }

  /** The material a message may use: the app's, passed (1). */
  async usable(
    appId: number,
    id: number,
  ): Promise<
    { id: number; materialType: number; pushCountrySet: string[]; notPushCountrySet: string[] } | undefined
  > {
    const [row] = await this.database.query<{
      id: number;
      materialType: number;
      pushCountrySet: string[];
      notPushCountrySet: string[];
    }>(
      `SELECT id::int AS id, material_type AS "materialType", push_country_set AS "pushCountrySet",
         not_push_country_set AS "notPushCountrySet"
       FROM materials WHERE app_id = $1 AND id = $2 AND status = ${S.PASSED}`,
      [appId, id],
    );
    return row;
  }
}
