import type { TestApp } from '../../test/test-app';
import { TestClient } from '../../test/test-app';

const PW = 'Member#2024';

export type Who = 'root' | 'platform' | 'plain' | 'owner' | 'manager' | 'operator';

export interface AdminFixture {
  clients: Record<Who, TestClient>;
  appId: number;
  otherAppId: number;
  rootId: number;
}

/**
 * Signed-in clients of every kind this area cares about: a super admin (100), a platform admin (150), a plain user
 * with no role, and the owner (200), a manager (300) and an operator (400) of app "Shop"; a second app "News".
 */
export async function adminFixture(t: TestApp): Promise<AdminFixture> {
  await t.services.users.upsertAdmin('root@example.com', PW, 100);
  await t.services.users.upsertAdmin('platform@example.com', PW, 150);
  const root = (await t.repos.users.findByEmail('root@example.com'))!;
  for (const name of ['plain', 'owner', 'manager', 'operator']) {
    await t.services.users.save(
      { email: `${name}@example.com`, source: 2, ulevel: 0, description: '', password: PW },
      root,
    );
  }
  const owner = (await t.repos.users.findByEmail('owner@example.com'))!;
  const ownerRef = { userId: owner.id, email: owner.email };
  const appId = (await t.services.apps.create({ title: 'Shop', pkg: 'com.example.shop', owner: ownerRef }))
    .app.id;
  const otherAppId = (
    await t.services.apps.create({ title: 'News', pkg: 'org.example.news', owner: ownerRef })
  ).app.id;
  for (const [name, level] of [
    ['manager', 300],
    ['operator', 400],
  ] as const) {
    await t.database.query(
      `INSERT INTO app_members (app_id, user_id, email, ulevel, status) SELECT $1, id, email, $2, 0 FROM users WHERE email = $3`,
      [appId, level, `${name}@example.com`],
    );
  }
  const clients = {} as Record<Who, TestClient>;
  for (const who of ['root', 'platform', 'plain', 'owner', 'manager', 'operator'] as const) {
    clients[who] = new TestClient(t.app);
    const res = await clients[who].login(`${who}@example.com`, PW);
    if (res.json<{ status: number }>().status !== 200) throw new Error(`login ${who} failed: ${res.body}`);
  }
  return { clients, appId, otherAppId, rootId: root.id };
}

/** The policy_audit rows of an area, oldest first. */
export async function auditRows(t: TestApp, area: string) {
  return t.database.query<{
    actor_email: string;
    action: string;
    target: string;
    old_value: unknown;
    new_value: unknown;
  }>(
    'SELECT actor_email, action, target, old_value, new_value FROM policy_audit WHERE area = $1 ORDER BY id',
    [area],
  );
}
