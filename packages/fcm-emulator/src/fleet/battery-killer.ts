import { type FleetDevice } from './fleet-devices';
import { deriveSeed, mulberry32, uniform } from './prng';

/**
 * The battery killer (issue 32 §1): phone makers' power savers that stop an app while the phone sleeps, so the
 * pushes it is sent are dropped (FCM accepted them; the device never reports them) until the user opens the app,
 * whose SDK then sends a heartbeat and shows what missed-push recovery answers.
 */
export interface BatteryKiller {
  /** brands whose devices may be battery-killed, as the fleet's devices report them (case-insensitive) */
  brands: string[];
  /** share of those devices that drop pushes while asleep, 0–1 */
  share: number;
  /**
   * simulated seconds from a dropped push until the app is opened, drawn per device in [min, max] (× delayScale);
   * none: the app opens only when asked (Fleet.openApp)
   */
  openAfterSeconds?: [number, number];
}

/** The battery-killed devices' gaids, with when each opens its app after a dropped push (s); the same seed, the same. */
export function batteryKilled(
  devices: readonly FleetDevice[],
  killer: BatteryKiller | undefined,
  seed: number,
): Map<string, number | undefined> {
  const out = new Map<string, number | undefined>();
  if (!killer || killer.share <= 0) return out;
  const brands = new Set(killer.brands.map((b) => b.toUpperCase()));
  for (const d of devices) {
    if (d.uninstalled || !brands.has(d.attributes.brand.toUpperCase())) continue;
    // a stream of its own: the devices' other draws stay as they were without the killer
    const rnd = mulberry32(deriveSeed(seed, d.index, 7));
    if (rnd() >= killer.share) continue;
    const range = killer.openAfterSeconds;
    out.set(d.gaid, range ? uniform(rnd, range[0], range[1]) : undefined);
  }
  return out;
}
