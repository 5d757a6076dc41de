import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apps } from '../../db/schema';

/** The app's default notification icon columns. */
export class IconRepository {
  constructor(private readonly db: Db) {}

  async get(appId: number): Promise<{ icon: string; color: string } | undefined> {
    const [row] = await this.db
      .select({ icon: apps.notiSmallIcon, color: apps.notiSmallIconColor })
      .from(apps)
      .where(eq(apps.id, appId))
      .limit(1);
    return row;
  }

  async set(appId: number, icon: string, color: string): Promise<void> {
    await this.db
      .update(apps)
      .set({ notiSmallIcon: icon, notiSmallIconColor: color, updatedAt: sql`now()` })
      .where(eq(apps.id, appId));
  }
}
