import { and, asc, count, eq, ilike, or, sql } from 'drizzle-orm';
import type { AppLimitListRequest, AppLimitRow, RestrictOption } from '@beacon/shared';
import type { Database } from '../../db/client';
import { apps, globalRestricts, globalSettings } from '../../db/schema';
import { record } from '../../platform/audit-log';
import {
  readSettingsWith as readSettings,
  type StoredGlobalSettings,
} from '../../platform/platform-settings';

export interface Actor {
  id: number;
  email: string;
}

/** The global settings row, the per-user daily limits and the per-app daily message limits; every write is audited. */
export class GlobalSettingsRepository {
  constructor(private readonly database: Database) {}

  get(): Promise<StoredGlobalSettings> {
    return readSettings(this.database.db);
  }

  /** Sets one switch; returns false when it already had that value (nothing written, nothing audited). */
  async setSwitch(which: 'limitSwitch' | 'tagSwitch', value: boolean, actor: Actor): Promise<boolean> {
    return this.database.db.transaction(async (tx) => {
      const before = await readSettings(tx);
      if (before[which] === value) return false;
      await tx
        .update(globalSettings)
        .set({ [which]: value, updatedAt: new Date() })
        .where(eq(globalSettings.id, 1));
      await record(tx, {
        actor,
        area: 'global-settings',
        action: 'update',
        target: which === 'limitSwitch' ? 'limit switch' : 'tag switch',
        oldValue: before[which],
        newValue: value,
      });
      return true;
    });
  }

  async setRestrict(
    option: RestrictOption,
    change: { enable: boolean } | { number: number },
    actor: Actor,
  ): Promise<void> {
    await this.database.db.transaction(async (tx) => {
      const before = (await readSettings(tx)).restricts.find((r) => r.option === option);
      const after = { option, enable: before?.enable ?? false, number: before?.number ?? 0, ...change };
      if (before && before.enable === after.enable && before.number === after.number) return;
      await tx
        .insert(globalRestricts)
        .values({ option, enable: after.enable, number: after.number })
        .onConflictDoUpdate({
          target: globalRestricts.option,
          set: { enable: after.enable, number: after.number, updatedAt: new Date() },
        });
      await tx.update(globalSettings).set({ updatedAt: new Date() }).where(eq(globalSettings.id, 1));
      await record(tx, {
        actor,
        area: 'daily-limits',
        action: 'update',
        target: `restrict ${option}`,
        oldValue: before,
        newValue: after,
      });
    });
  }

  async setDayBoundary(timezone: string, time: string, actor: Actor): Promise<void> {
    await this.database.db.transaction(async (tx) => {
      const before = await readSettings(tx);
      if (before.timezone === timezone && before.time === time) return;
      await tx
        .update(globalSettings)
        .set({ timezone, dayTime: time, updatedAt: new Date() })
        .where(eq(globalSettings.id, 1));
      await record(tx, {
        actor,
        area: 'daily-limits',
        action: 'update',
        target: 'day boundary',
        oldValue: { timezone: before.timezone, time: before.time },
        newValue: { timezone, time },
      });
    });
  }

  async appLimits(filter: AppLimitListRequest): Promise<{ results: AppLimitRow[]; total: number }> {
    const term = filter.title ? `%${filter.title.replace(/[\\%_]/g, '\\$&')}%` : undefined;
    const where = term ? or(ilike(apps.title, term), ilike(apps.pkg, term)) : undefined;
    const rows = await this.database.db
      .select({
        appId: apps.id,
        title: apps.title,
        pkg: apps.pkg,
        logo: apps.logo,
        limitEnable: apps.limitEnable,
        limitCount: apps.limitCount,
      })
      .from(apps)
      .where(where)
      .orderBy(asc(apps.title), asc(apps.id))
      .limit(filter.pageSize)
      .offset((filter.pageNo - 1) * filter.pageSize);
    const [total] = await this.database.db.select({ n: count() }).from(apps).where(where);
    return { results: rows, total: total?.n ?? 0 };
  }

  /** Sets one app's daily message limit; false when the app does not exist. */
  async setAppLimit(appId: number, limitEnable: boolean, limitCount: number, actor: Actor): Promise<boolean> {
    return this.database.db.transaction(async (tx) => {
      const [before] = await tx
        .select({ title: apps.title, limitEnable: apps.limitEnable, limitCount: apps.limitCount })
        .from(apps)
        .where(eq(apps.id, appId))
        .for('update');
      if (!before) return false;
      if (before.limitEnable === limitEnable && before.limitCount === limitCount) return true;
      await tx.update(apps).set({ limitEnable, limitCount, updatedAt: new Date() }).where(eq(apps.id, appId));
      await record(tx, {
        actor,
        area: 'daily-limits',
        action: 'update',
        target: `app ${appId} ${before.title}`,
        oldValue: { limitEnable: before.limitEnable, limitCount: before.limitCount },
        newValue: { limitEnable, limitCount },
      });
      return true;
    });
  }

  /** Sets the daily message limit switch or count of every app at once; returns how many apps changed. */
  async setAllAppLimits(
    change: { limitEnable: boolean } | { limitCount: number },
    actor: Actor,
  ): Promise<number> {
    return this.database.db.transaction(async (tx) => {
      const differs =
        'limitEnable' in change
          ? sql`${apps.limitEnable} <> ${change.limitEnable}`
          : sql`${apps.limitCount} <> ${change.limitCount}`;
      const changed = await tx
        .update(apps)
        .set({ ...change, updatedAt: new Date() })
        .where(and(differs))
        .returning({ appId: apps.id });
      if (changed.length > 0) {
        await record(tx, {
          actor,
          area: 'daily-limits',
          action: 'update',
          target: `all apps (${changed.length})`,
          oldValue: { appIds: changed.map((c) => c.appId) },
          newValue: change,
        });
      }
      return changed.length;
    });
  }
}
