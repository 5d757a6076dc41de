import { TestClient, type TestApp } from '../test/test-app';

export type Role = 'root' | 'owner' | 'manager' | 'operator' | 'tester' | 'stranger';
export const ROLE_LEVEL: Record<Role, number | undefined> = { root: 100, owner: 200, manager: 300, operator: 400, tester: 500, stranger: undefined };

export interface AudienceFixture {
  appId: number;
  /** HTTP Basic header for the device API of the app. */
  sdkAuth: string;
  clients: Record<Role, TestClient>;
}

const PASSWORD = 'Member#2024';

/** An app with a signed-in client per project level (100, owner, 300, 400, 500) and one for a stranger. */
export async function seedAppWithMembers(t: TestApp, pkg = 'com.example.audience'): Promise<AudienceFixture> {
  await t.services.users.upsertAdmin('root@example.com', PASSWORD, 100);
  const root = (await t.repos.users.findByEmail('root@example.com'))!;
  const emails: Record<Exclude<Role, 'root'>, string> = {
    owner: 'owner@example.com',
    manager: 'manager@example.com',
    operator: 'operator@example.com',
    tester: 'tester@example.com',
    stranger: 'stranger@example.com',
  };
  for (const email of Object.values(emails)) await t.services.users.save({ email, source: 2, ulevel: 0, description: '', password: PASSWORD }, root);
  const owner = (await t.repos.users.findByEmail(emails.owner))!;
  const { app, appSecret } = await t.services.apps.create({ title: 'Audience', pkg, owner: { userId: owner.id, email: owner.email } });
  for (const role of ['manager', 'operator', 'tester'] as const) {
    const user = (await t.repos.users.findByEmail(emails[role]))!;
    await t.database.query('INSERT INTO app_members (app_id, user_id, email, ulevel, status) VALUES ($1, $2, $3, $4, 0)', [app.id, user.id, user.email, ROLE_LEVEL[role]]);
  }
  const clients = {} as Record<Role, TestClient>;
  for (const [role, email] of Object.entries({ root: 'root@example.com', ...emails }) as Array<[Role, string]>) {
    clients[role] = new TestClient(t.app);
    const res = await clients[role].login(email, PASSWORD);
    if (res.json<{ status: number }>().status !== 200) throw new Error(`login ${email}: ${res.body}`);
  }
  return { appId: app.id, sdkAuth: `Basic ${Buffer.from(`${app.appKey}:${appSecret}`).toString('base64')}`, clients };
}

/** Registers a device through the real device API. */
export async function registerDevice(t: TestApp, sdkAuth: string, device: Record<string, unknown>): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/sdk/v1/register',
    headers: { authorization: sdkAuth },
    payload: {
      token: `tok-${String(device.gaid)}`,
      country: 'NG',
      language: 'en',
      brand: 'Tecno',
      model: 'Spark 10',
      osVersion: 33,
      appVersion: '3.0.0',
      appVersionCode: 300,
      operator: 'MTN',
      timezone: 'Africa/Lagos',
      notificationsEnabled: true,
      ...device,
    },
  });
  const body = res.json<{ status: number; data: { deviceId: string } }>();
  if (body.status !== 200) throw new Error(`register: ${res.body}`);
  return body.data.deviceId;
}

/** A GAID from a number. */
export const gaid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
