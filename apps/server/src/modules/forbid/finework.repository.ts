import { and, eq, inArray } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import { appForbiddenCountries, appForbiddenTimes, apps, platformForbiddenCountries } from '../../db/schema';
import { record, type AuditEntry } from '../../platform/audit-log';

type Actor = AuditEntry['actor'];
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface AppRef {
  appId: number;
  title: string;
  pkg: string;
  logo: string;
}

export interface CountryBan {
  country: string;
  createdBy: string;
  createdAt: Date;
}

export interface WindowRow {
  id: number;
  country: string;
  startMinute: number;
  endMinute: number;
  createdBy: string;
  createdAt: Date;
}

export interface WindowMinutes {
  startMinute: number;
  endMinute: number;
}

/** One CSV line's facts: a ban with its app (null for a platform-wide ban). */
export interface ExportCountryRow extends CountryBan {
  app: AppRef | null;
}
export interface ExportWindowRow extends WindowRow {
  app: AppRef;
}

/** How the service describes a change in the audit log (target and snapshots); called inside the transaction. */
export type Describe<T> = (change: T) => Omit<AuditEntry, 'actor' | 'area'>;

const asDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));

interface RawBan {
  country: string;
  createdBy: string | null;
  createdAt: Date | string;
}
const toBan = (r: RawBan): CountryBan => ({
  country: r.country,
  createdBy: r.createdBy ?? '',
  createdAt: asDate(r.createdAt),
});

interface RawWindow extends RawBan {
  id: number;
  startMinute: number;
  endMinute: number;
}
const toWindow = (r: RawWindow): WindowRow => ({
  ...toBan(r),
  id: r.id,
  startMinute: r.startMinute,
  endMinute: r.endMinute,
});

const APP_COLUMNS = `a.id AS "appId", a.title, a.pkg, a.logo`;
const appOf = (r: {
  appId: number | null;
  title: string | null;
  pkg: string | null;
  logo: string | null;
}): AppRef | null =>
  r.appId === null ? null : { appId: r.appId, title: r.title ?? '', pkg: r.pkg ?? '', logo: r.logo ?? '' };

/** The fine-work tables of migration 0007 (write side); every change writes its audit row in the same transaction. */
export class FineworkRepository {
  constructor(private readonly database: Database) {}

  async app(appId: number): Promise<AppRef | undefined> {
    const [row] = await this.database.query<AppRef>(`SELECT ${APP_COLUMNS} FROM apps a WHERE a.id = $1`, [
      appId,
    ]);
    return row;
  }

  /** Every app with its counts of banned countries and windows, by title. */
  async summary(): Promise<Array<AppRef & { countries: number; windows: number }>> {
    return this.database.query(
      `SELECT ${APP_COLUMNS},
              (SELECT count(*)::int FROM app_forbidden_countries c WHERE c.app_id = a.id) AS countries,
              (SELECT count(*)::int FROM app_forbidden_times w WHERE w.app_id = a.id) AS windows
       FROM apps a ORDER BY lower(a.title), a.id`,
    );
  }

  async platformCount(): Promise<number> {
    const [row] = await this.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM platform_forbidden_countries`,
    );
    return row?.n ?? 0;
  }

  /** The countries banned for `appId`, or platform-wide with null. */
  async countries(appId: number | null): Promise<CountryBan[]> {
    const rows = await this.database.query<RawBan>(
      appId === null
        ? `SELECT f.country, u.email AS "createdBy", f.created_at AS "createdAt"
           FROM platform_forbidden_countries f LEFT JOIN users u ON u.id = f.created_by ORDER BY f.country`
        : `SELECT f.country, u.email AS "createdBy", f.created_at AS "createdAt"
           FROM app_forbidden_countries f LEFT JOIN users u ON u.id = f.created_by WHERE f.app_id = $1 ORDER BY f.country`,
      appId === null ? [] : [appId],
    );
    return rows.map(toBan);
  }

  /**
   * Bans the countries not banned yet for `app` (null: platform-wide), one audit row per country added, all in one
   * transaction; returns the codes added and those already banned.
   */
  async addCountries(
    app: AppRef | null,
    codes: string[],
    actor: Actor,
    describe: Describe<{ country: string }>,
  ): Promise<{ added: string[]; already: string[] }> {
    return this.database.db.transaction(async (tx) => {
      if (app) await this.lockApp(tx, app.appId);
      const existing = new Set(
        app
          ? (
              await tx
                .select({ c: appForbiddenCountries.country })
                .from(appForbiddenCountries)
                .where(
                  and(
                    eq(appForbiddenCountries.appId, app.appId),
                    inArray(appForbiddenCountries.country, codes),
                  ),
                )
            ).map((r) => r.c)
          : (
              await tx
                .select({ c: platformForbiddenCountries.country })
                .from(platformForbiddenCountries)
                .where(inArray(platformForbiddenCountries.country, codes))
            ).map((r) => r.c),
      );
      const added = codes.filter((c) => !existing.has(c));
      if (added.length > 0) {
        if (app) {
          await tx
            .insert(appForbiddenCountries)
            .values(added.map((country) => ({ appId: app.appId, country, createdBy: actor.id })))
            .onConflictDoNothing();
        } else {
          await tx
            .insert(platformForbiddenCountries)
            .values(added.map((country) => ({ country, createdBy: actor.id })))
            .onConflictDoNothing();
        }
        for (const country of added) await record(tx, { actor, area: 'forbid', ...describe({ country }) });
      }
      return { added, already: codes.filter((c) => existing.has(c)) };
    });
  }

  /** Lifts a country ban with its audit row; false when the country was not banned. */
  async removeCountry(
    appId: number | null,
    country: string,
    actor: Actor,
    describe: Describe<CountryBan>,
  ): Promise<boolean> {
    return this.database.db.transaction(async (tx) => {
      const removed =
        appId === null
          ? await tx
              .delete(platformForbiddenCountries)
              .where(eq(platformForbiddenCountries.country, country))
              .returning()
          : await tx
              .delete(appForbiddenCountries)
              .where(and(eq(appForbiddenCountries.appId, appId), eq(appForbiddenCountries.country, country)))
              .returning();
      const row = removed[0];
      if (!row) return false;
      await record(tx, {
        actor,
        area: 'forbid',
        ...describe({ country, createdBy: '', createdAt: asDate(row.createdAt) }),
      });
      return true;
    });
  }

  /** The app's windows, by country and start. */
  async windows(appId: number): Promise<WindowRow[]> {
    const rows = await this.database.query<RawWindow>(
      `SELECT w.id, w.country, w.start_minute AS "startMinute", w.end_minute AS "endMinute", u.email AS "createdBy", w.created_at AS "createdAt"
       FROM app_forbidden_times w LEFT JOIN users u ON u.id = w.created_by
       WHERE w.app_id = $1 ORDER BY w.country, w.start_minute, w.end_minute, w.id`,
      [appId],
    );
    return rows.map(toWindow);
  }

  /**
   * Adds windows for one app and country in one transaction (the app row locked, so concurrent edits of the app
   * queue): `check` sees the country's current windows and throws to refuse (nothing is written); one audit row.
   */
  async addWindows(
    appId: number,
    country: string,
    windows: WindowMinutes[],
    actor: Actor,
    check: (existing: WindowMinutes[]) => void,
    describe: Describe<{ before: WindowMinutes[]; after: WindowMinutes[] }>,
  ): Promise<number[]> {
    return this.database.db.transaction(async (tx) => {
      await this.lockApp(tx, appId);
      const before = await this.countryWindows(tx, appId, country);
      check(before);
      const inserted = await tx
        .insert(appForbiddenTimes)
        .values(
          windows.map((w) => ({
            appId,
            country,
            startMinute: w.startMinute,
            endMinute: w.endMinute,
            createdBy: actor.id,
          })),
        )
        .returning({ id: appForbiddenTimes.id });
      const after = await this.countryWindows(tx, appId, country);
      await record(tx, { actor, area: 'forbid', ...describe({ before, after }) });
      return inserted.map((r) => r.id);
    });
  }

  /**
   * Deletes one window (`id`) or all windows of a country of the app, with one audit row per country touched;
   * returns the countries touched (empty: nothing matched).
   */
  async removeWindows(
    appId: number,
    by: { id?: number | undefined; country?: string | undefined },
    actor: Actor,
    describe: Describe<{ country: string; before: WindowMinutes[]; after: WindowMinutes[] }>,
  ): Promise<string[]> {
    return this.database.db.transaction(async (tx) => {
      await this.lockApp(tx, appId);
      const conditions = [eq(appForbiddenTimes.appId, appId)];
      if (by.id !== undefined) conditions.push(eq(appForbiddenTimes.id, by.id));
      if (by.country !== undefined) conditions.push(eq(appForbiddenTimes.country, by.country));
      const removed = await tx
        .delete(appForbiddenTimes)
        .where(and(...conditions))
        .returning();
      const countries = [...new Set(removed.map((r) => r.country))];
      for (const country of countries) {
        const after = await this.countryWindows(tx, appId, country);
        const before = [...after, ...removed.filter((r) => r.country === country)].sort(
          (a, b) => a.startMinute - b.startMinute || a.endMinute - b.endMinute,
        );
        await record(tx, { actor, area: 'forbid', ...describe({ country, before, after }) });
      }
      return countries;
    });
  }

  /** Country bans for the CSV: platform-wide ones, then the apps' (one app with `appId`), by app and country. */
  async exportCountries(appId: number | undefined): Promise<ExportCountryRow[]> {
    const rows = await this.database.query<
      RawBan & { appId: number | null; title: string | null; pkg: string | null; logo: string | null }
    >(
      `SELECT NULL::int AS "appId", NULL AS title, NULL AS pkg, NULL AS logo, f.country, u.email AS "createdBy", f.created_at AS "createdAt"
       FROM platform_forbidden_countries f LEFT JOIN users u ON u.id = f.created_by
       UNION ALL
       SELECT ${APP_COLUMNS}, f.country, u.email, f.created_at
       FROM app_forbidden_countries f JOIN apps a ON a.id = f.app_id LEFT JOIN users u ON u.id = f.created_by
       WHERE $1::int IS NULL OR f.app_id = $1
       ORDER BY 1 NULLS FIRST, 5`,
      [appId ?? null],
    );
    return rows.map((r) => ({ ...toBan(r), app: appOf(r) }));
  }

  /** Windows for the CSV (one app with `appId`), by app, country and start. */
  async exportWindows(appId: number | undefined): Promise<ExportWindowRow[]> {
    const rows = await this.database.query<
      RawWindow & { appId: number; title: string; pkg: string; logo: string }
    >(
      `SELECT ${APP_COLUMNS}, w.id, w.country, w.start_minute AS "startMinute", w.end_minute AS "endMinute", u.email AS "createdBy", w.created_at AS "createdAt"
       FROM app_forbidden_times w JOIN apps a ON a.id = w.app_id LEFT JOIN users u ON u.id = w.created_by
       WHERE $1::int IS NULL OR w.app_id = $1
       ORDER BY a.id, w.country, w.start_minute, w.end_minute`,
      [appId ?? null],
    );
    return rows.map((r) => ({
      ...toWindow(r),
      app: { appId: r.appId, title: r.title, pkg: r.pkg, logo: r.logo },
    }));
  }

  private async lockApp(tx: Tx, appId: number): Promise<void> {
    await tx.select({ id: apps.id }).from(apps).where(eq(apps.id, appId)).for('update');
  }

  private async countryWindows(tx: Tx, appId: number, country: string): Promise<WindowMinutes[]> {
    return tx
      .select({ startMinute: appForbiddenTimes.startMinute, endMinute: appForbiddenTimes.endMinute })
      .from(appForbiddenTimes)
      .where(and(eq(appForbiddenTimes.appId, appId), eq(appForbiddenTimes.country, country)))
      .orderBy(appForbiddenTimes.startMinute, appForbiddenTimes.endMinute);
  }
}
