import {
  APP_SWITCH_FIELDS,
  type AppSwitch,
  type GlobalAppList,
  type GlobalAppListRequest,
} from '@beacon/shared';
import { asc, count, eq, ilike, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { apps, users } from '../../db/schema';
import { record } from '../../platform/audit-log';

export interface Actor {
  id: number;
  email: string;
}

/** The apps table columns each /appsettings switch writes. */
const COLUMNS = {
  review: apps.reviewEnable,
  'material-review': apps.materialReviewEnable,
  'advance-target': apps.advanceTarget,
  'local-time': apps.localTimeEnable,
  'multi-lang': apps.multiLangEnable,
  dmp: apps.commercialEnable,
  'new-device': apps.newDeviceProtection,
} as const satisfies Record<AppSwitch, unknown>;

/** Every app's configuration for /appsettings, and its switches (audited). */
export class AppSettingsRepository {
  constructor(private readonly database: Database) {}

  async list(filter: GlobalAppListRequest): Promise<GlobalAppList> {
    const term = filter.title ? `%${filter.title.replace(/[\\%_]/g, '\\$&')}%` : undefined;
    const where = term ? or(ilike(apps.title, term), ilike(apps.pkg, term)) : undefined;
    const rows = await this.database.db
      .select({
        appId: apps.id,
        title: apps.title,
        pkg: apps.pkg,
        logo: apps.logo,
        ownerEmail: users.email,
        reviewEnable: apps.reviewEnable,
        materialReviewEnable: apps.materialReviewEnable,
        advanceTarget: apps.advanceTarget,
        localTimeEnable: apps.localTimeEnable,
        multiLangEnable: apps.multiLangEnable,
        commercialEnable: apps.commercialEnable,
        newDeviceProtection: apps.newDeviceProtection,
        limitEnable: apps.limitEnable,
        limitCount: apps.limitCount,
        firebaseProjectId: apps.firebaseProjectId,
        updatedAt: apps.updatedAt,
      })
      .from(apps)
      .leftJoin(users, eq(users.id, apps.ownerId))
      .where(where)
      .orderBy(asc(apps.title), asc(apps.id))
      .limit(filter.pageSize)
      .offset((filter.pageNo - 1) * filter.pageSize);
    const [total] = await this.database.db.select({ n: count() }).from(apps).where(where);
    return {
      total: total?.n ?? 0,
      results: rows.map(({ firebaseProjectId, updatedAt, ownerEmail, ...r }) => ({
        ...r,
        ownerEmail: ownerEmail ?? '',
        hasServiceAccount: firebaseProjectId !== '',
        updateTime: updatedAt.toISOString(),
      })),
    };
  }

  /** Sets one switch of an app with its audit row; false when the app does not exist. */
  async setSwitch(appId: number, which: AppSwitch, enable: boolean, actor: Actor): Promise<boolean> {
    const column = COLUMNS[which];
    return this.database.db.transaction(async (tx) => {
      const [before] = await tx
        .select({ title: apps.title, value: column })
        .from(apps)
        .where(eq(apps.id, appId))
        .for('update');
      if (!before) return false;
      if (before.value === enable) return true;
      await tx
        .update(apps)
        .set({ [APP_SWITCH_FIELDS[which]]: enable, updatedAt: new Date() })
        .where(eq(apps.id, appId));
      await record(tx, {
        actor,
        area: 'app-settings',
        action: 'update',
        target: `app ${appId} ${before.title} ${which}`,
        oldValue: before.value,
        newValue: enable,
      });
      return true;
    });
  }
}
