import type { LightMyRequestResponse } from 'fastify';
import { TestClient, type TestApp } from '../../test/test-app';
import { multipartFile } from './test-fixtures';

export const PASSWORD = 'Team#2024x';

/** The users of the role tests: root 100, admin 150, owner, manager 300, operator 400, tester 500, stranger. */
export const TEAM = {
  root: 'root@example.com',
  admin: 'admin@example.com',
  owner: 'owner@example.com',
  manager: 'manager@example.com',
  operator: 'operator@example.com',
  tester: 'tester@example.com',
  stranger: 'stranger@example.com',
} as const;
export type Member = keyof typeof TEAM;

/** Creates the team's users and an app `com.example.shop` owned by `owner` with the other roles as members. */
export async function seedTeam(t: TestApp): Promise<{ appId: number; appKey: string; appSecret: string }> {
  await t.services.users.upsertAdmin(TEAM.root, PASSWORD, 100);
  await t.services.users.upsertAdmin(TEAM.admin, PASSWORD, 150);
  const root = (await t.repos.users.findByEmail(TEAM.root))!;
  for (const who of ['owner', 'manager', 'operator', 'tester', 'stranger'] as const) {
    await t.services.users.save(
      { email: TEAM[who], source: 2, ulevel: 0, description: '', password: PASSWORD },
      root,
    );
  }
  const owner = (await t.repos.users.findByEmail(TEAM.owner))!;
  const { app, appSecret } = await t.services.apps.create({
    title: 'Shop',
    pkg: 'com.example.shop',
    owner: { userId: owner.id, email: owner.email },
  });
  for (const [who, level] of [
    ['manager', 300],
    ['operator', 400],
    ['tester', 500],
  ] as const) {
    const user = (await t.repos.users.findByEmail(TEAM[who]))!;
    await t.database.query(
      'INSERT INTO app_members (app_id, user_id, email, ulevel, status) VALUES ($1, $2, $3, $4, 0)',
      [app.id, user.id, user.email, level],
    );
  }
  return { appId: app.id, appKey: app.appKey, appSecret };
}

/** A signed-in client for a team member. */
export async function clientFor(t: TestApp, who: Member): Promise<TestClient> {
  const client = new TestClient(t.app);
  const res = await client.login(TEAM[who], PASSWORD);
  if (res.json<{ status: number }>().status !== 200) throw new Error(`cannot sign in ${who}`);
  return client;
}

/** Posts a multipart `file` with the client's session. */
export function upload(
  t: TestApp,
  client: TestClient,
  url: string,
  filename: string,
  content: Buffer | string,
): Promise<LightMyRequestResponse> {
  const { payload, headers } = multipartFile(filename, content);
  return t.app.inject({ method: 'POST', url, payload, headers: { ...headers, cookie: client.cookie } });
}
