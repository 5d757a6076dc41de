/**
 * The platform's global tag switch (spec part 1 §3 Global settings, `globalTagSwitcher`). The setting has no storage
 * yet, so it is on; when the global settings land, read it here and every caller follows.
 */
export function isGlobalTagSwitchOn(): boolean {
  return true;
}
