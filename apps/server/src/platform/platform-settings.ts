import { eq } from 'drizzle-orm';
import { RESTRICT_OPTIONS, type Restrict } from '@beacon/shared';
import type { Database, Db } from '../db/client';
import { globalRestricts, globalSettings } from '../db/schema';

/**
 * The platform's global settings, read by several parts of the server: the switches, the per-user daily limits and
 * the day they count in. modules/global-settings writes them (audited); user groups, dictionaries, troubleshooting
 * and the delivery engine's policy binding (wired in app.ts) read them here.
 */
export interface StoredGlobalSettings {
  limitSwitch: boolean;
  tagSwitch: boolean;
  timezone: string;
  time: string;
  restricts: Restrict[];
  updatedAt: Date;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The settings through a Drizzle handle or a transaction (the global-settings repository reads them before a write). */
export async function readSettingsWith(db: Db | Tx): Promise<StoredGlobalSettings> {
  const [row] = await db.select().from(globalSettings).where(eq(globalSettings.id, 1));
  const restrictRows = await db.select().from(globalRestricts);
  const byOption = new Map(restrictRows.map((r) => [r.option, r]));
  return {
    limitSwitch: row?.limitSwitch ?? true,
    tagSwitch: row?.tagSwitch ?? true,
    timezone: row?.timezone ?? '+00:00',
    time: row?.dayTime ?? '00:00',
    updatedAt: row?.updatedAt ?? new Date(0),
    restricts: RESTRICT_OPTIONS.map((option) => ({
      option,
      enable: byOption.get(option)?.enable ?? false,
      number: byOption.get(option)?.number ?? 0,
    })),
  };
}

/**
 * Whether the platform's global tag switch is on (advanced labels allowed in targeting): user groups, dictionaries,
 * the audience compiler.
 */
export async function isGlobalTagSwitchOn(database: Database): Promise<boolean> {
  const [row] = await database.db
    .select({ on: globalSettings.tagSwitch })
    .from(globalSettings)
    .where(eq(globalSettings.id, 1));
  return row?.on ?? true;
}

/**
 * Every global setting (switches, per-user daily limits, day boundary), e.g. for the delivery engine: pass the
 * result to `dailyWindow(settings, now)` of @beacon/shared to get the current day of the per-user limits.
 */
export async function readGlobalSettings(database: Database): Promise<StoredGlobalSettings> {
  return readSettingsWith(database.db);
}
