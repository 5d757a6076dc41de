import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_PATTERN, type ApiKeyScope } from '@beacon/shared';
import { backends } from '../../test/databases';
import { clientFor, seedTeam, TEAM } from '../../test/fixtures/team';
import { startTestApp, type TestApp, type TestClient } from '../../test/test-app';

describe.each(backends())('API keys [$name]', (backend) => {
  let t: TestApp;
  let appId: number;
  let otherAppId: number;
  let owner: TestClient;
  let manager: TestClient;

  const call = (method: 'GET' | 'POST', url: string, key: string, body?: object) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${key}` },
      ...(method === 'POST' ? { payload: body ?? {} } : {}),
    });
  /** The envelope's status (HTTP 401 and 403 carry it too). */
  const statusOf = (res: { json: () => { status: number } }) => res.json().status;
  const create = async (name: string, scopes: ApiKeyScope[], app = appId, who = owner) => {
    const res = await who.post(`/tcm/v1/app/${app}/api-keys/create`, { name, scopes });
    expect(res.json().status, res.body).toBe(200);
    return res.json().data as { key: { id: number; prefix: string }; secret: string };
  };

  beforeAll(async () => {
    t = await startTestApp(backend);
    ({ appId } = await seedTeam(t));
    const ownerUser = (await t.repos.users.findByEmail(TEAM.owner))!;
    ({
      app: { id: otherAppId },
    } = await t.services.apps.create({
      title: 'Other',
      pkg: 'com.example.other',
      owner: { userId: ownerUser.id, email: ownerUser.email },
    }));
    owner = await clientFor(t, 'owner');
    manager = await clientFor(t, 'manager');
  });
  afterAll(async () => t?.close());

  it('shows the key once, stores only its SHA-256, and lists it by prefix', async () => {
    const { key, secret } = await create('CRM', ['statistics:read', 'send']);
    expect(secret).toMatch(API_KEY_PATTERN);
    expect(key.prefix).toBe(secret.slice(0, 12));
    const [row] = await t.database.query<{ hash: string; all: string }>(
      `SELECT encode(hash, 'hex') AS hash, k::text AS all FROM app_api_keys k WHERE id = $1`,
      [key.id],
    );
    expect(row!.hash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(row!.all).not.toContain(secret.slice(12));
    const listed = (await owner.post(`/tcm/v1/app/${appId}/api-keys`)).json().data.keys;
    expect(listed[0]).toMatchObject({
      id: key.id,
      name: 'CRM',
      prefix: key.prefix,
      scopes: ['statistics:read', 'send'],
      createdBy: TEAM.owner,
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(JSON.stringify(listed)).not.toContain(secret);
  });

  it('refuses bad input naming the field, and managers (only owners manage keys)', async () => {
    const bad = await owner.post(`/tcm/v1/app/${appId}/api-keys/create`, { name: 'x', scopes: ['admin'] });
    expect(bad.json()).toMatchObject({ status: 400, data: { fields: [{ field: 'scopes.0' }] } });
    const none = await owner.post(`/tcm/v1/app/${appId}/api-keys/create`, { name: 'x', scopes: [] });
    expect(none.json()).toMatchObject({ status: 400, data: { fields: [{ field: 'scopes' }] } });
    const byManager = await manager.post(`/tcm/v1/app/${appId}/api-keys/create`, {
      name: 'x',
      scopes: ['send'],
    });
    expect(byManager.json().status).toBe(1002);
  });

  it('lets a key call the routes of its scopes on its own app only', async () => {
    const { secret: stats } = await create('Stats', ['statistics:read']);
    const { secret: materials } = await create('Materials', ['materials:manage']);
    const report = `/tcm/v1/app/${appId}/report/yesterday`;
    expect(statusOf(await call('GET', report, stats))).toBe(200);
    expect(statusOf(await call('POST', `/tcm/v1/app/${appId}/msg/list`, stats, { msgType: 1 }))).toBe(200);
    // outside its scope: another scope's route, a console-only route, the keys themselves
    expect(statusOf(await call('POST', `/tcm/v1/app/${appId}/msg/save`, stats, {}))).toBe(1002);
    expect(statusOf(await call('GET', report, materials))).toBe(1002);
    expect(statusOf(await call('POST', `/tcm/v1/app/${appId}/material/list`, materials, {}))).toBe(200);
    expect(statusOf(await call('POST', `/tcm/v1/app/${appId}/api-keys`, stats))).toBe(1002);
    expect(statusOf(await call('POST', `/tcm/v1/app/${appId}/secret/reveal`, stats))).toBe(1002);
    expect(statusOf(await call('POST', '/tcm/v1/app/list', stats, {}))).toBe(1002);
    expect(statusOf(await call('POST', '/tcm/v1/user/list', stats, {}))).toBe(1002);
    // another app of the same owner: refused as a user who is no member
    expect(statusOf(await call('GET', `/tcm/v1/app/${otherAppId}/report/yesterday`, stats))).toBe(1002);
    // a bearer that is no key: refused as without a session, even with a valid cookie beside it
    const forged = `bk_live_${'A'.repeat(32)}`;
    expect(statusOf(await call('GET', report, forged))).toBe(401);
    const withCookie = await t.app.inject({
      method: 'GET',
      url: report,
      headers: { authorization: 'Bearer nonsense', cookie: owner.cookie },
    });
    expect(statusOf(withCookie)).toBe(401);
  });

  it('refuses a revoked key at once, and audits creation, revocation and every mutating call', async () => {
    const { key, secret } = await create('Sender', ['send']);
    // a mutating call (refused by the service: no such message) is audited with its outcome; a read is not
    const sent = await call('POST', `/tcm/v1/app/${appId}/transactional/send`, secret, {
      msgId: 999999,
      to: { gaids: ['00000000-0000-4000-8000-000000000001'] },
    });
    expect(sent.json().status).toBe(404);
    await call('POST', `/tcm/v1/app/${appId}/msg/list`, secret, { msgType: 1 });
    const userId = await call('POST', `/tcm/v1/app/${appId}/transactional/send`, secret, {
      msgId: 1,
      to: { userId: 'u-1', gaids: ['00000000-0000-4000-8000-000000000001'] },
    });
    expect(userId.json()).toMatchObject({ status: 400, data: { fields: [{ field: 'to.userId' }] } });
    expect(userId.json().msg).toContain('must not be given with gaids');

    const revoked = await owner.post(`/tcm/v1/app/${appId}/api-keys/${key.id}/revoke`);
    expect(revoked.json().data.revokedAt).toEqual(expect.any(String));
    expect(statusOf(await call('POST', `/tcm/v1/app/${appId}/msg/list`, secret, { msgType: 1 }))).toBe(401);

    const audit = await t.database.query<{ action: string; target: string; nv: { status?: number } | null }>(
      `SELECT action, target, new_value AS nv FROM policy_audit WHERE area = 'api-keys' AND target LIKE $1 || '%'
         OR (area = 'api-keys' AND new_value->>'keyId' = $2) ORDER BY id`,
      [`app ${appId} key ${key.prefix}`, String(key.id)],
    );
    expect(audit.map((a) => a.action)).toEqual(['create', 'call', 'call', 'revoke']);
    expect(audit[1]).toMatchObject({
      target: `POST /tcm/v1/app/${appId}/transactional/send`,
      nv: { status: 404 },
    });
    expect(audit[2]!.nv).toMatchObject({ status: 400 });
    const [used] = await t.database.query<{ at: Date | null }>(
      'SELECT last_used_at AS at FROM app_api_keys WHERE id = $1',
      [key.id],
    );
    expect(used!.at).not.toBeNull();
  });

  it('documents the bearer scheme and each key route’s scopes in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/tcm/docs/json' })).json();
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    const send = doc.paths['/tcm/v1/app/{appId}/transactional/send'].post;
    expect(send.security).toEqual([{ session: [] }, { apiKey: ['send'] }]);
    expect(doc.paths['/tcm/v1/app/{appId}/msg/list'].post.security).toEqual([
      { session: [] },
      { apiKey: ['send', 'statistics:read'] },
    ]);
    expect(doc.paths['/tcm/v1/app/{appId}/api-keys/create'].post.security).toBeUndefined();
  });
});
