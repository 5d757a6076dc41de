import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files } from '../../db/schema';

export type FileRecord = typeof files.$inferSelect;

/** Uploaded files, content-addressed: storing the same bytes twice keeps one row. */
export class FilesRepository {
  constructor(private readonly db: Db) {}

  async put(file: typeof files.$inferInsert): Promise<void> {
    await this.db.insert(files).values(file).onConflictDoNothing({ target: files.sha256 });
  }

  async get(sha256: string): Promise<FileRecord | undefined> {
    const [row] = await this.db.select().from(files).where(eq(files.sha256, sha256)).limit(1);
    return row;
  }

  async meta(sha256: string): Promise<Omit<FileRecord, 'data'> | undefined> {
    const [row] = await this.db
      .select({
        sha256: files.sha256,
        ext: files.ext,
        mime: files.mime,
        size: files.size,
        width: files.width,
        height: files.height,
        name: files.name,
        createdBy: files.createdBy,
        createdAt: files.createdAt,
      })
      .from(files)
      .where(eq(files.sha256, sha256))
      .limit(1);
    return row;
  }
}
