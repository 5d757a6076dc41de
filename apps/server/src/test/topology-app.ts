import type { TestApp } from './test-app';

/**
 * The app of a test on the host topology (entrypoints/hosts.test.ts, exactly-once.test.ts): the emulator's service
 * account for `projectId` (its token endpoint on the FCM host), an owner (owner@example.com / Owner#2024, platform
 * level 150) and the app, written through the test's own app on the primary.
 */
export async function topologyApp(
  t: TestApp,
  control: (path: string, body: unknown) => Promise<Record<string, unknown>>,
  o: { title: string; pkg: string; projectId: string; fcmAddress: string },
) {
  const sa = await control(`/projects/${o.projectId}/serviceAccounts`, {
    tokenUri: `http://${o.fcmAddress}:4000/token`,
  });
  await t.services.users.upsertAdmin('owner@example.com', 'Owner#2024', 150);
  const owner = (await t.repos.users.findByEmail('owner@example.com'))!;
  return t.services.apps.create({
    title: o.title,
    pkg: o.pkg,
    owner: { userId: owner.id, email: owner.email },
    serviceAccount: {
      json: JSON.stringify(sa),
      projectId: o.projectId,
      clientEmail: String(sa.client_email),
      fileName: 'sa.json',
    },
  });
}
