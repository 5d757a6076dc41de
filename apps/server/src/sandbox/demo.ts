import { generateKeyPairSync, randomBytes } from 'node:crypto';
import {
  batteryKilled,
  generateFleetDevices,
  type ActivityOptions,
  type BatteryKiller,
} from '@beacon/fcm-emulator';
import type { ModuleContext } from '../modules/context';
import { IMAGE_RULES } from '@beacon/shared';
import { demoSmallIcon } from './demo-icon';
import type { Sandbox } from './sandbox';
import { SANDBOX_TOKEN_PATH } from './sandbox';
import type { SandboxRepository } from './sandbox.repository';

export const DEMO_PKG = 'com.example.demoshop';
export const DEMO_TITLE = 'Demo Shop';
const DEMO_PROJECT = 'demo-shop-sandbox';
const DEMO_SEED = 20_240_601;

/**
 * The demo fleet's battery killer (issue 32 §1): 40 % of the devices of the brands known for aggressive power savers
 * drop pushes while asleep and open the app 2 minutes to 16 hours later — within a 12-hour TTL most of them, so the
 * demo's missed-push recovery (on for the demo app) wins back what they missed, and the rest show what it cannot.
 */
export const DEMO_BATTERY_KILLER: BatteryKiller = {
  brands: ['XIAOMI', 'HUAWEI', 'OPPO', 'VIVO', 'REALME'],
  share: 0.4,
  openAfterSeconds: [120, 16 * 3600],
};

/**
 * The demo fleet's people keep using the app (issue 33 §7): every 10 s about 0.05 % of them abandon a cart and 0.2 %
 * view an item — of the ≈ 13,600 signed-in people of 20,000 devices, ≈ 40 carts and ≈ 160 views a minute, so a journey
 * built on cart_abandoned gets its first entries within a minute without flooding the device API.
 */
export const DEMO_ACTIVITY: ActivityOptions = { everySeconds: 10, cartPct: 0.0005, viewPct: 0.002 };

/** A service-account JSON for the sandbox: a real RSA key, and Beacon's own sandbox token endpoint as token_uri. */
export function sandboxServiceAccount(publicUrl: string, projectId: string): string {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const email = `beacon-sandbox@${projectId}.iam.gserviceaccount.com`;
  return JSON.stringify(
    {
      type: 'service_account',
      project_id: projectId,
      private_key_id: randomBytes(20).toString('hex'),
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      client_email: email,
      client_id: String(100_000_000_000_000_000_000n + BigInt(`0x${randomBytes(8).toString('hex')}`)),
      auth_uri: 'https://accounts.google.com/o/oauth2/auth',
      token_uri: `${publicUrl}${SANDBOX_TOKEN_PATH}`,
      auth_provider_x509_cert_url: 'https://www.googleapis.com/oauth2/v1/certs',
      client_x509_cert_url: `https://www.googleapis.com/robot/v1/metadata/x509/${encodeURIComponent(email)}`,
    },
    null,
    2,
  );
}

/**
 * `beacon demo`: the app "Demo Shop" (created once, owned by the first super admin) with a sandbox service account,
 * and its simulated fleet of `devices` devices, which registers through the device API whenever `beacon serve` runs.
 */
export async function createDemo(
  ctx: Pick<ModuleContext, 'config' | 'services' | 'repos'>,
  sandboxRepo: SandboxRepository,
  devices: number,
  sandbox?: Sandbox,
): Promise<{ appId: number; created: boolean }> {
  const owner = await ctx.repos.users.firstByLevel(100);
  if (!owner) throw new Error('create the first super admin before the demo');
  let app = await ctx.repos.apps.findByPkg(DEMO_PKG);
  const created = !app;
  if (!app) {
    const json = sandboxServiceAccount(ctx.config.publicUrl, DEMO_PROJECT);
    app = (
      await ctx.services.apps.create({
        title: DEMO_TITLE,
        pkg: DEMO_PKG,
        description: 'Sample shop app with a simulated fleet of devices (sandbox)',
        owner: { userId: owner.id, email: owner.email },
        serviceAccount: {
          json,
          projectId: DEMO_PROJECT,
          clientEmail: `beacon-sandbox@${DEMO_PROJECT}.iam.gserviceaccount.com`,
          fileName: 'demo-shop-sandbox.json',
        },
      })
    ).app;
    sandbox?.registerServiceAccount(app.id, app.pkg, json);
    const icon = await ctx.services.files.storeImage(
      demoSmallIcon(),
      IMAGE_RULES.smallIcon,
      'icon',
      'demo-bell.png',
      owner.id,
    );
    await ctx.repos.apps.update(app.id, {
      notiSmallIcon: icon.url,
      notiSmallIconColor: '#1A73E8',
      // its battery-killed devices (DEMO_BATTERY_KILLER) get back what they missed when their app opens
      pushRecovery: { enabled: true, maxAgeHours: 12, maxCount: 3 },
    });
  }
  await sandboxRepo.saveFleet(app.id, devices, DEMO_SEED);
  // three of the fleet's installed devices with notifications on (and awake) serve as test devices
  const generated = generateFleetDevices(Math.min(devices, 200), DEMO_SEED);
  const killed = batteryKilled(generated, DEMO_BATTERY_KILLER, DEMO_SEED);
  const testers = generated
    .filter((d) => d.notificationsEnabled && !d.uninstalled && !d.offline && !killed.has(d.gaid))
    .slice(0, 3);
  await sandboxRepo.addTestDevices(
    app.id,
    testers.map((d, i) => ({
      name: `Test phone ${i + 1}`,
      description: `${d.attributes.brand} ${d.attributes.model}`.slice(0, 30),
      gaid: d.gaid,
    })),
    owner.id,
  );
  return { appId: app.id, created };
}
