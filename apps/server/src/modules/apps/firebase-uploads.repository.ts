import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { firebaseUploads } from '../../db/schema';

export type FirebaseUploadRecord = typeof firebaseUploads.$inferSelect;

/** Uploaded (sealed) service-account JSON files waiting to be attached to an app. */
export class FirebaseUploadsRepository {
  constructor(private readonly db: Db) {}

  async insert(row: typeof firebaseUploads.$inferInsert): Promise<void> {
    await this.db.insert(firebaseUploads).values(row);
  }

  /** An upload of this user (uploads are private to their uploader). */
  async find(id: string, userId: number): Promise<FirebaseUploadRecord | undefined> {
    const [row] = await this.db
      .select()
      .from(firebaseUploads)
      .where(and(eq(firebaseUploads.id, id), eq(firebaseUploads.userId, userId)))
      .limit(1);
    return row;
  }

  /** Forgets uploads older than `before` (never attached to an app). */
  async pruneBefore(before: Date): Promise<void> {
    await this.db.delete(firebaseUploads).where(lt(firebaseUploads.createdAt, before));
  }
}
