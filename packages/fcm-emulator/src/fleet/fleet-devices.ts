import {
  API_LEVELS,
  APP_VERSIONS,
  BRANDS_BY_REGION,
  COUNTRIES,
  MODELS,
  NO_OPERATOR_PCT,
  versionCode,
  type CountryProfile,
} from './fleet-data';
import { deriveSeed, fcmToken, mulberry32, pick, pickWeighted, uniform, uuidV4, type Random } from './prng';

/** What a device reports to POST /sdk/v1/register, apart from its token, gaid and notification switch. */
export interface FleetAttributes {
  country: string;
  language: string;
  brand: string;
  model: string;
  osVersion: number;
  appVersion: string;
  appVersionCode: number;
  operator: string;
  timezone: string;
}

export interface FleetDevice {
  index: number;
  gaid: string;
  token: string;
  attributes: FleetAttributes;
  notificationsEnabled: boolean;
  /** registered, then its token unregistered in the emulator (the app was uninstalled) */
  uninstalled: boolean;
  /** offline in the emulator at start; comes online after `offlineForMs` (× delayScale) */
  offline: boolean;
  offlineForMs: number;
}

export interface FleetShares {
  notificationsOffPct?: number;
  uninstalledPct?: number;
  offlinePct?: number;
}

export const FLEET_SHARE_DEFAULTS = {
  notificationsOffPct: 0.06,
  uninstalledPct: 0.03,
  offlinePct: 0.05,
} as const;

const COUNTRY_WEIGHTS = COUNTRIES.map((c) => [c, c.weight] as const);

/** An API level drawn from the global shares, restricted to what the model runs. */
function apiLevel(rnd: Random, minApi: number, maxApi: number): number {
  const allowed = API_LEVELS.filter(([level]) => level >= minApi && level <= maxApi);
  return allowed.length ? pickWeighted(rnd, allowed) : maxApi;
}

function attributesOf(rnd: Random): FleetAttributes {
  const c: CountryProfile = pickWeighted(rnd, COUNTRY_WEIGHTS);
  const brand = pickWeighted(rnd, BRANDS_BY_REGION[c.region]);
  const [model, minApi, maxApi] = pick(rnd, MODELS[brand] ?? [['Generic', 30, 34] as const]);
  const appVersion = pickWeighted(rnd, APP_VERSIONS);
  const operator = pickWeighted(rnd, c.operators);
  return {
    country: c.code,
    language: pickWeighted(rnd, c.languages),
    brand,
    model,
    osVersion: apiLevel(rnd, minApi, maxApi),
    appVersion,
    appVersionCode: versionCode(appVersion),
    operator: rnd() < NO_OPERATOR_PCT ? '' : operator,
    timezone: pickWeighted(rnd, c.zones),
  };
}

/**
 * A deterministic fleet: the same seed gives the same gaids, tokens, attributes and flags, and device i does not
 * depend on `count` (a larger fleet extends a smaller one). Pure: touches no emulator and no network.
 */
export function generateFleetDevices(count: number, seed: number, shares: FleetShares = {}): FleetDevice[] {
  const pct = { ...FLEET_SHARE_DEFAULTS, ...shares };
  const devices: FleetDevice[] = [];
  for (let index = 0; index < count; index++) {
    const ids = mulberry32(deriveSeed(seed, index, 0));
    const attrs = mulberry32(deriveSeed(seed, index, 1));
    const flags = mulberry32(deriveSeed(seed, index, 2));
    const gaid = uuidV4(ids);
    const token = fcmToken(ids);
    const notificationsEnabled = flags() >= pct.notificationsOffPct;
    const uninstalled = flags() < pct.uninstalledPct;
    const offlineDraw = flags() < pct.offlinePct;
    const offlineForMs = Math.round(uniform(flags, 30_000, 600_000));
    devices.push({
      index,
      gaid,
      token,
      attributes: attributesOf(attrs),
      notificationsEnabled,
      uninstalled,
      offline: offlineDraw && !uninstalled,
      offlineForMs,
    });
  }
  return devices;
}

/** The body of POST /sdk/v1/register (the DeviceRegister contract of @beacon/shared). */
export interface RegisterBody extends FleetAttributes {
  token: string;
  gaid: string;
  notificationsEnabled: boolean;
}

export function registerBody(d: FleetDevice): RegisterBody {
  return { token: d.token, gaid: d.gaid, ...d.attributes, notificationsEnabled: d.notificationsEnabled };
}
