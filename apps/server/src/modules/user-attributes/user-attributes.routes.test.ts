// The app settings' attributes card (issue 33 §1): the list with types, dates and limits; deletion removes the
// definition and the key from every user, after which the key may come back with another type.
import { ATTRIBUTE_LIMITS } from '@beacon/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { gaid, registerSdkDevice, sdkDevice } from '../../test/devices';
import { clientFor, seedTeam } from '../../test/fixtures/team';
import { startTestApp, type TestApp, type TestClient } from '../../test/test-app';

describe.each(backends())('app settings: attributes [$name]', (backend) => {
  let t: TestApp;
  let appId: number;
  let auth: string;
  let owner: TestClient;
  let tester: TestClient;
  const sdk = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: { authorization: auth }, payload });
  const list = (who = owner) => who.post(`/tcm/v1/app/${appId}/attributes`, {});
  const remove = (key: unknown) => owner.post(`/tcm/v1/app/${appId}/attributes/delete`, { key });

  beforeAll(async () => {
    t = await startTestApp(backend);
    const team = await seedTeam(t);
    appId = team.appId;
    auth = team.sdkAuth;
    owner = await clientFor(t, 'owner');
    tester = await clientFor(t, 'tester');
    for (const i of [1, 2, 3]) await registerSdkDevice(t, auth, sdkDevice(i));
  });
  afterAll(async () => t.close());

  it('lists nothing at first, with the limits', async () => {
    const res = await list();
    expect(res.json()).toMatchObject({
      status: 200,
      data: { rows: [], users: 0, limits: { ...ATTRIBUTE_LIMITS } },
    });
    // the app's other settings' rule: owner and super admins only
    expect((await list(tester)).json().status).not.toBe(200);
  });

  it('lists each attribute with its type, first and last write, by key; counts the users', async () => {
    await sdk('/sdk/v1/user', { gaid: gaid(1), externalId: 'u1' });
    await sdk('/sdk/v1/user', { gaid: gaid(2), externalId: 'u2' });
    await sdk('/sdk/v1/attributes', { gaid: gaid(1), attributes: { plan: 'gold', score: 3, tags: ['a'] } });
    await sdk('/sdk/v1/attributes', { gaid: gaid(2), attributes: { plan: 'free', since: '2025-01-01' } });
    await sdk('/sdk/v1/attributes', { gaid: gaid(3), attributes: { vip: true } });
    const { data } = (await list()).json();
    expect(data.rows.map((r: { key: string; type: string }) => [r.key, r.type])).toEqual([
      ['plan', 'string'],
      ['score', 'number'],
      ['since', 'date'],
      ['tags', 'list'],
      ['vip', 'boolean'],
    ]);
    expect(new Date(data.rows[0].createdAt).getTime()).toBeLessThanOrEqual(Date.now());
    expect(data.rows[0].lastWrittenAt >= data.rows[0].createdAt).toBe(true);
    // two named users and device 3's anonymous one
    expect(data.users).toBe(3);
  });

  it('deletes an attribute: its definition and its value on every user; then it may return with another type', async () => {
    expect((await remove('Plan')).json()).toMatchObject({
      status: 400,
      data: { fields: [{ field: 'key' }] },
    });
    expect((await remove('plan')).json()).toMatchObject({ status: 200, data: { removed: true } });
    expect((await remove('plan')).json()).toMatchObject({ status: 200, data: { removed: false } });
    const users = await t.database.query<{ attributes: Record<string, unknown> }>(
      'SELECT attributes FROM app_users WHERE app_id = $1 ORDER BY id',
      [appId],
    );
    expect(users.some((u) => 'plan' in u.attributes)).toBe(false);
    expect(users[0]?.attributes).toEqual({ score: 3, tags: ['a'] });
    // the device API's process remembered `plan` as a string: it asks again before it refuses
    expect((await sdk('/sdk/v1/attributes', { gaid: gaid(1), attributes: { plan: 2 } })).json().status).toBe(
      200,
    );
    // `vip` deleted while the device API remembers it (a boolean): a write of the same type defines it again, the
    // flush taking the app's definitions exclusively once it finds the key gone
    expect((await remove('vip')).json().data.removed).toBe(true);
    expect(
      (await sdk('/sdk/v1/attributes', { gaid: gaid(3), attributes: { vip: false } })).json().status,
    ).toBe(200);
    const { data } = (await list()).json();
    expect(data.rows.find((r: { key: string }) => r.key === 'plan')?.type).toBe('number');
    expect(data.rows.find((r: { key: string }) => r.key === 'vip')?.type).toBe('boolean');
  });
});
