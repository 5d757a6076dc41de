import { MaterialStatus as S, type MultiLangEntry } from '@beacon/shared';
import type { Queryable } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { record, type AuditEntry } from '../../platform/audit-log';

/** What create, edit and the import store: the content checked and normalised, its hash, the national attributes. */
export interface MaterialContent {
  materialType: number;
  title: string;
  attribute: string;
  data: Record<string, unknown>;
  multiLangEnable: boolean;
  multiLangContent: MultiLangEntry[];
  pushCountrySet: string[];
  notPushCountrySet: string[];
  contentCreateType: number;
  contentHash: string;
}

export interface NewMaterial extends MaterialContent {
  appId: number;
  createType: number;
  status: number;
  ownerId: number;
  ownerEmail: string;
  msgId: number | null;
}

/** What a state change reads of the material it changes. */
export interface LockedMaterial {
  id: number;
  materialType: number;
  title: string;
  status: number;
  statusBeforeDelete: number | null;
  contentHash: string;
}

/** The statuses a material is live at (lists, edit, duplicates): passed, waiting for review, rejected. */
export const LIVE_STATUSES = [S.PASSED, S.AWAITING_AUDIT, S.REJECTED] as const;

/** A change would give an app two live materials of one type with the same content (materials_live_content_idx). */
export class DuplicateContent extends Error {}

/** The writes of one transaction: each state change and its audit row land together or not at all. */
export class MaterialsWriter {
  constructor(private readonly tx: Queryable) {}

  /** A live material (1, 3, 4) of the app and type with this content, other than `exceptId`. */
  async duplicateOf(
    appId: number,
    materialType: number,
    contentHash: string,
    exceptId = 0,
  ): Promise<number | undefined> {
    const [row] = await this.tx.query<{ id: number }>(
      `SELECT id::int AS id FROM materials WHERE app_id = $1 AND material_type = $2 AND content_hash = $3
         AND status = ANY($4::int[]) AND id <> $5 ORDER BY id LIMIT 1`,
      [appId, materialType, contentHash, LIVE_STATUSES, exceptId],
    );
    return row?.id;
  }

  /** The material's state, locked for this transaction; undefined when it is not the app's or was purged. */
  async lock(appId: number, id: number): Promise<LockedMaterial | undefined> {
    const [row] = await this.tx.query<LockedMaterial>(
      `SELECT id::int AS id, material_type AS "materialType", title, status,
         status_before_delete AS "statusBeforeDelete", content_hash AS "contentHash"
       FROM materials WHERE id = $1 AND app_id = $2 AND status <> ${S.PURGED} FOR UPDATE`,
      [id, appId],
    );
    return row;
  }

  async insert(m: NewMaterial): Promise<number> {
    const [row] = await this.guard(() =>
      this.tx.query<{ id: number }>(
        `INSERT INTO materials (app_id, material_type, title, attribute, data, multi_lang_enable, multi_lang_content,
           push_country_set, not_push_country_set, content_create_type, create_type, status, owner_id, owner_email,
           msg_id, content_hash)
         VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7::jsonb, $8::text[], $9::text[], $10, $11, $12, $13, $14, $15, $16)
         RETURNING id::int AS id`,
        [
          m.appId,
          m.materialType,
          m.title,
          m.attribute,
          JSON.stringify(m.data),
          m.multiLangEnable,
          JSON.stringify(m.multiLangContent),
          m.pushCountrySet,
          m.notPushCountrySet,
          m.contentCreateType,
          m.createType,
          m.status,
          m.ownerId,
          m.ownerEmail,
          m.msgId,
          m.contentHash,
        ],
      ),
    );
    return row!.id;
  }

  /** Replaces a material's content (an edit) and sets its status; the reviewer's reason is cleared. */
  async replace(id: number, m: MaterialContent, status: number): Promise<void> {
    await this.guard(() =>
      this.tx.query(
        `UPDATE materials SET title = $2, attribute = $3, data = $4::jsonb, multi_lang_enable = $5,
           multi_lang_content = $6::jsonb, push_country_set = $7::text[], not_push_country_set = $8::text[],
           content_create_type = $9, content_hash = $10, status = $11, reject_reason = '', reviewed_by = NULL,
           reviewed_at = NULL, updated_at = now()
         WHERE id = $1`,
        [
          id,
          m.title,
          m.attribute,
          JSON.stringify(m.data),
          m.multiLangEnable,
          JSON.stringify(m.multiLangContent),
          m.pushCountrySet,
          m.notPushCountrySet,
          m.contentCreateType,
          m.contentHash,
          status,
        ],
      ),
    );
  }

  /** Moves a material to `status`; `before` is what a restore returns it to (kept only at status 2). */
  async move(id: number, status: number, before: number | null = null): Promise<void> {
    await this.guard(() =>
      this.tx.query(
        `UPDATE materials SET status = $2, status_before_delete = $3, updated_at = now() WHERE id = $1`,
        [id, status, before],
      ),
    );
  }

  /** A review's decision: the status, the reason ('' on a pass), who and when. */
  async decide(id: number, status: number, reason: string, reviewerId: number): Promise<void> {
    await this.tx.query(
      `UPDATE materials SET status = $2, reject_reason = $3, reviewed_by = $4, reviewed_at = now(), updated_at = now()
       WHERE id = $1`,
      [id, status, reason, reviewerId],
    );
  }

  async audit(entry: AuditEntry): Promise<void> {
    await record(this.tx, entry);
  }

  /** Runs a write that may break the one-live-content rule (a race the service's check did not see). */
  private async guard<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (isUniqueViolation(err)) throw new DuplicateContent();
      throw err;
    }
  }
}
