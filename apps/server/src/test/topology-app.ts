import http from 'node:http';
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

/** A JSON call on a connection of its own, so the balancer hands successive calls to the API hosts in turn. */
export function call<T>(
  base: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ json: T; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${path}`,
      { method: 'POST', agent: false, headers: { 'content-type': 'application/json', ...headers } },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => {
          try {
            resolve({ json: JSON.parse(text) as T, headers: res.headers });
          } catch {
            reject(new Error(`${path}: HTTP ${res.statusCode} ${text.slice(0, 300)}`));
          }
        });
      },
    );
    req.on('error', reject);
    req.setTimeout(20_000, () => req.destroy(new Error(`${path}: no answer in 20 s`)));
    req.end(JSON.stringify(body));
  });
}
