import type { Database } from '../db/client';
import { modelKey } from './policy-evaluator';
import type { DailyLimits, ModelShieldRule, PolicySnapshot, TimeWindow } from './policy-types';

export interface LoadPolicyOptions {
  /**
   * The per-user daily limits of the global settings (`restricts`: total, ad, distribute, content), or null when
   * the global limit switch is off. They live in the global settings tables of migration 0010 (another module):
   * the caller reads them there and passes them in, so that this loader needs no change when they land.
   */
  dailyLimits: DailyLimits | null;
}

/**
 * Loads everything `evaluate` needs for messages of `appId`, in one round of queries — call it once per message
 * (or per wave), not per device:
 * - platform_forbidden_countries, app_forbidden_countries, app_forbidden_times (migration 0007, module forbid);
 * - app_control_entries (0009): whether the app is notification-control (1) and/or global-whitelist (2);
 * - model_control_entries (0009): the ad (1) and global (2) shield lists, keyed by `modelKey(brand, model)`;
 * - model_control_countries (0009): the new-market countries (market 1);
 * - `options.dailyLimits`: from the global settings (migration 0010), see LoadPolicyOptions.
 * Model lists are only read when the app is a notification-control app (they apply to no other app).
 */
export async function loadPolicySnapshot(
  database: Pick<Database, 'query'>,
  appId: number,
  options: LoadPolicyOptions,
): Promise<PolicySnapshot> {
  const [platform, app, times, control] = await Promise.all([
    database.query<{ country: string }>(`SELECT country FROM platform_forbidden_countries`),
    database.query<{ country: string }>(`SELECT country FROM app_forbidden_countries WHERE app_id = $1`, [
      appId,
    ]),
    database.query<{ country: string; startMinute: number; endMinute: number }>(
      `SELECT country, start_minute AS "startMinute", end_minute AS "endMinute" FROM app_forbidden_times WHERE app_id = $1 ORDER BY start_minute`,
      [appId],
    ),
    database.query<{ controlType: number }>(
      `SELECT control_type AS "controlType" FROM app_control_entries WHERE app_id = $1`,
      [appId],
    ),
  ]);
  const isNotificationControlApp = control.some((c) => Number(c.controlType) === 1);
  const isGlobalWhitelistApp = control.some((c) => Number(c.controlType) === 2);

  const bannedWindows = new Map<string, TimeWindow[]>();
  for (const t of times) {
    const list = bannedWindows.get(t.country) ?? [];
    list.push({ startMinute: Number(t.startMinute), endMinute: Number(t.endMinute) });
    bannedWindows.set(t.country, list);
  }

  const adShield = new Map<string, ModelShieldRule>();
  const globalShield = new Map<string, ModelShieldRule>();
  const newMarketCountries = new Set<string>();
  if (isNotificationControlApp) {
    const [models, markets] = await Promise.all([
      database.query<{
        shieldType: number;
        brand: string;
        model: string;
        protectDefault: number;
        protectNewMarket: number;
      }>(
        `SELECT shield_type AS "shieldType", brand, model, protect_default AS "protectDefault", protect_new_market AS "protectNewMarket"
         FROM model_control_entries`,
      ),
      database.query<{ country: string }>(`SELECT country FROM model_control_countries WHERE market = 1`),
    ]);
    for (const m of models) {
      const rule = { protectDefault: Number(m.protectDefault), protectNewMarket: Number(m.protectNewMarket) };
      (Number(m.shieldType) === 1 ? adShield : globalShield).set(modelKey(m.brand, m.model), rule);
    }
    for (const c of markets) newMarketCountries.add(c.country);
  }

  return {
    appId,
    platformBannedCountries: new Set(platform.map((r) => r.country)),
    appBannedCountries: new Set(app.map((r) => r.country)),
    bannedWindows,
    isNotificationControlApp,
    isGlobalWhitelistApp,
    adShield,
    globalShield,
    newMarketCountries,
    dailyLimits: options.dailyLimits,
  };
}
