import { Fleet } from '@beacon/fcm-emulator';
import type { SecretBox } from '../lib/secret-box';
import { DEMO_ACTIVITY, DEMO_BATTERY_KILLER, DEMO_PKG } from './demo';
import type { Sandbox } from './sandbox';

interface Log {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

/**
 * Starts every saved fleet against Beacon's own device API at `apiBaseUrl`; returns at once (registration runs in
 * the background and is logged) and gives back a stop function.
 */
export async function startFleets(
  sandbox: Sandbox,
  box: SecretBox,
  apiBaseUrl: string,
  log: Log,
): Promise<() => Promise<void>> {
  const fleets: Fleet[] = [];
  const apps = new Map((await sandbox.repo.appsWithServiceAccounts()).map((a) => [a.id, a]));
  for (const row of await sandbox.repo.fleets()) {
    const app = apps.get(row.appId);
    if (!app?.firebaseJsonEnc) continue;
    const sa = JSON.parse(box.open(app.firebaseJsonEnc)) as { project_id: string };
    const fleet = new Fleet({
      emulator: sandbox.emulator,
      projectId: sa.project_id,
      packageName: app.pkg,
      apiBaseUrl,
      appKey: app.appKey,
      appSecret: box.open(app.appSecretEnc),
      count: row.deviceCount,
      seed: row.seed,
      log,
      // the demo app's fleet has battery-killed devices, which missed-push recovery wins back (demo.ts), and signed-in
      // users with attributes and events of their own, for audiences, personalised content and event journeys; they
      // keep viewing items and abandoning carts (≈ 40 carts a minute of 20,000 devices), so a journey built on
      // cart_abandoned after the start gets entries within a minute
      ...(app.pkg === DEMO_PKG
        ? { batteryKiller: DEMO_BATTERY_KILLER, personal: { activity: DEMO_ACTIVITY } }
        : {}),
      alreadyRegistered: (await sandbox.repo.deviceCount(row.appId)) >= row.deviceCount,
    });
    fleets.push(fleet);
    const started = Date.now();
    fleet.start().then(
      ({ registered, failed }) =>
        log.info(
          { appId: row.appId, registered, failed, ms: Date.now() - started },
          'sandbox: simulated devices registered',
        ),
      (err: unknown) => log.warn({ err, appId: row.appId }, 'sandbox: the simulated fleet failed to start'),
    );
  }
  return async () => {
    await Promise.all(fleets.map((f) => f.stop()));
  };
}
