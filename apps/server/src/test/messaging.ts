import type { FcmEmulator } from '@beacon/fcm-emulator';
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
 * Returns the app, its secret and the SDK's Basic authorization header.
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
  return { app, appSecret, sdkAuth: `Basic ${Buffer.from(`${app.appKey}:${appSecret}`).toString('base64')}` };
}
