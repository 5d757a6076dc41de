import type { FcmEmulator } from '@beacon/fcm-emulator';
import { sdkAuthOf } from './devices';
import { signedIn } from './fixtures/team';
import type { TestApp } from './test-app';

/** A valid system-design notification (msg/save `data`) for tests that only need one to send. */
export const NOTIFICATION = {
  noti_type: 1,
  noti_title: 'Flash sale',
  noti_desc: 'Everything 50% off today',
  noti_small_icon: '/files/icon.png',
  noti_ex_type: 1,
  noti_open_type: 1,
  noti_open_content: 'shop://home',
} as const;

/**
 * Creates an app of `owner` that sends through the emulator: a new service account of its project `projectId`.
 * Returns the app, its secret, the SDK's Basic authorization header, and its project and package (for
 * registerOnEmulator).
 */
export async function appOnEmulator(
  t: TestApp,
  emu: FcmEmulator,
  owner: { id: number; email: string },
  o: { title: string; pkg: string; projectId: string },
) {
  // token_uri on the emulator's h2c origin, the FCM_BASE_URL of these tests (the only other origin a key may name)
  const sa = emu.createServiceAccount(o.projectId, { tokenUri: emu.tokenUri('h2c') });
  const { app, appSecret } = await t.services.apps.create({
    title: o.title,
    pkg: o.pkg,
    owner: { userId: owner.id, email: owner.email },
    serviceAccount: {
      json: JSON.stringify(sa),
      projectId: sa.project_id,
      clientEmail: sa.client_email,
      fileName: 'sa.json',
    },
  });
  return { app, appSecret, sdkAuth: sdkAuthOf(app, appSecret), projectId: o.projectId, pkg: o.pkg };
}

/**
 * owner@example.com (password Owner#2024), an administrator of `level`, with an app on the emulator (appOnEmulator)
 * and a client signed in as them.
 */
export async function ownerAppOnEmulator(
  t: TestApp,
  emu: FcmEmulator,
  o: { title: string; pkg: string; projectId: string },
  level: 100 | 150 = 150,
) {
  await t.services.users.upsertAdmin('owner@example.com', 'Owner#2024', level);
  const user = (await t.repos.users.findByEmail('owner@example.com'))!;
  const created = await appOnEmulator(t, emu, user, o);
  return { ...created, owner: await signedIn(t, 'owner@example.com', 'Owner#2024') };
}
