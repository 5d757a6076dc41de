import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { startTestApp, TestClient, type TestApp } from '../../test/test-app';

describe.each(backends())('app info and project levels [$name]', (backend) => {
  let t: TestApp;
  let appId: number;
  beforeAll(async () => {
    t = await startTestApp(backend);
    await t.services.users.upsertAdmin('root@example.com', 'Root#2024x', 100);
    await t.services.users.upsertAdmin('owner@example.com', 'Owner#2024', 150);
    await t.services.users.save({ email: 'stranger@example.com', source: 2, ulevel: 0, description: '', password: 'Stranger#1' }, (await t.repos.users.findByEmail('root@example.com'))!);
    const owner = (await t.repos.users.findByEmail('owner@example.com'))!;
    appId = (await t.services.apps.create({ title: 'Shop', pkg: 'com.example.shop', owner: { userId: owner.id, email: owner.email } })).app.id;
  });
  afterAll(async () => t.close());

  it('answers the owner with level 200, a super admin with 100, a stranger with 403/1002', async () => {
    const owner = new TestClient(t.app);
    await owner.login('owner@example.com', 'Owner#2024');
    expect((await owner.call('GET', `/tcm/v1/app/${appId}/info`)).json()).toMatchObject({
      status: 200,
      data: { appId, title: 'Shop', pkg: 'com.example.shop', ownerEmail: 'owner@example.com', projectLevel: 200, hasServiceAccount: false },
    });
    const root = new TestClient(t.app);
    await root.login('root@example.com', 'Root#2024x');
    expect((await root.call('GET', `/tcm/v1/app/${appId}/info`)).json().data.projectLevel).toBe(100);
    const stranger = new TestClient(t.app);
    await stranger.login('stranger@example.com', 'Stranger#1');
    const refused = await stranger.call('GET', `/tcm/v1/app/${appId}/info`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ status: 1002, msg: 'Permission denied' });
    expect((await new TestClient(t.app).call('GET', `/tcm/v1/app/${appId}/info`)).statusCode).toBe(401);
    expect((await root.call('GET', '/tcm/v1/app/abc/info')).json().status).toBe(400);
  });
});
