import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { registerSdkDevice, sdkDevice } from '../../test/devices';
import { clientFor, seedTeam } from '../../test/fixtures/team';
import { startTestApp, TestClient, type TestApp } from '../../test/test-app';

const GAID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const OFF_GAID = '1b4e28ba-2fa1-11d2-883f-0016d3cca427';

/** The device GAID on app 3.2.1, unless `over` says otherwise. */
const device = (over: Record<string, unknown> = {}) =>
  sdkDevice(1, { gaid: GAID, appVersion: '3.2.1', appVersionCode: 321, ...over });

describe.each(backends('one'))('troubleshooting [$name]', (backend) => {
  let t: TestApp;
  let appId: number;
  let auth: string;
  const clients: Record<string, TestClient> = {};
  const lookup = (who: string, instanceId: unknown, type: unknown = 1) =>
    clients[who]!.post(`/tcm/v1/app/${appId}/instance/info/query`, { instanceId, type });
  const age = (column: string, days: number, gaid = GAID) =>
    t.database.query(`UPDATE devices SET ${column} = now() - make_interval(days => $1) WHERE gaid = $2`, [
      days,
      gaid,
    ]);

  beforeAll(async () => {
    t = await startTestApp(backend);
    // the app "Shop" of owner@example.com, tester@example.com its tester (500)
    const team = await seedTeam(t);
    appId = team.appId;
    auth = team.sdkAuth;
    for (const body of [device(), device({ gaid: OFF_GAID, notificationsEnabled: false, osVersion: 29 })])
      await registerSdkDevice(t, auth, body);
    for (const who of ['root', 'owner', 'tester', 'stranger'] as const)
      clients[who] = await clientFor(t, who);
  });
  afterAll(async () => t.close());

  it('shows a registered device that is past its first 7 days as valid', async () => {
    await age('first_seen_at', 30);
    const res = await lookup('owner', GAID.toUpperCase());
    expect(res.json()).toMatchObject({
      status: 200,
      data: {
        status: 1,
        model: 'SPARK 10',
        brand: 'TECNO',
        country: 'NG',
        countryName: 'Nigeria',
        language: 'en',
        appVer: '3.2.1',
        appVersionCode: 321,
        androidVersion: 33,
        timezone: 'Africa/Lagos',
        noticeEnable: true,
        invalidReason: null,
        invalidReasons: [],
        solution: null,
      },
    });
    const data = res.json().data as Record<string, string>;
    expect(Date.now() - Date.parse(data.instanceActivationTime!)).toBeGreaterThan(29 * 86_400_000);
    expect(Math.abs(Date.now() - Date.parse(data.appActivationTime!))).toBeLessThan(60_000);
  });

  it('answers every project level, including the tester (500) and level 100', async () => {
    for (const who of ['root', 'tester']) expect((await lookup(who, GAID)).json().data.status).toBe(1);
  });

  it('derives 7-day new-device protection from first_seen_at when the app has it on (reason 2, solution 2)', async () => {
    await age('first_seen_at', 3);
    // off (the default): the engine sends to new devices, so troubleshooting names no reason
    expect((await lookup('owner', GAID)).json().data).toMatchObject({ status: 1, invalidReasons: [] });
    await t.database.query('UPDATE apps SET new_device_protection = true WHERE id = $1', [appId]);
    expect((await lookup('owner', GAID)).json().data).toMatchObject({
      status: 2,
      invalidReason: 2,
      invalidReasons: [2],
      solution: 2,
    });
    await age('first_seen_at', 8);
    expect((await lookup('owner', GAID)).json().data).toMatchObject({ status: 1, invalidReason: null });
  });

  it('derives 90-day inactivity from last_active_at (reason 4, solution 3)', async () => {
    await age('last_active_at', 91);
    expect((await lookup('owner', GAID)).json().data).toMatchObject({
      status: 2,
      invalidReason: 4,
      invalidReasons: [4],
      solution: 3,
    });
    await age('last_active_at', 89);
    expect((await lookup('owner', GAID)).json().data.status).toBe(1);
  });

  it('reports notifications disabled (reason 1, solution 1) with the new-device reason after it', async () => {
    const data = (await lookup('owner', OFF_GAID)).json().data;
    expect(data).toMatchObject({
      status: 2,
      noticeEnable: false,
      androidVersion: 29,
      invalidReason: 1,
      invalidReasons: [1, 2],
      solution: 1,
    });
  });

  it('reports an uninstalled device first (reason 3, solution 3) and keeps unknown stored reasons raw', async () => {
    await t.database.query('UPDATE devices SET status = 2, invalid_reason = 3 WHERE gaid = $1', [GAID]);
    await age('last_active_at', 120);
    expect((await lookup('owner', GAID)).json().data).toMatchObject({
      status: 2,
      invalidReason: 3,
      invalidReasons: [3, 4],
      solution: 3,
    });
    await t.database.query(
      'UPDATE devices SET status = 2, invalid_reason = 9, last_active_at = now() WHERE gaid = $1',
      [GAID],
    );
    expect((await lookup('owner', GAID)).json().data).toMatchObject({
      status: 2,
      invalidReason: 9,
      invalidReasons: [9],
      solution: null,
    });
  });

  it('answers status 3 with every field empty for an unknown GAID, and for a device of another app', async () => {
    const res = await lookup('owner', '9a3b2c1d-0000-4000-8000-000000000001');
    expect(res.json()).toMatchObject({
      status: 200,
      data: { status: 3, model: null, instanceActivationTime: null, invalidReasons: [] },
    });
    const other = await t.services.apps.create({
      title: 'Other',
      pkg: 'com.example.other',
      owner: { userId: 1, email: 'root@example.com' },
    });
    const res2 = await clients.root!.post(`/tcm/v1/app/${other.app.id}/instance/info/query`, {
      instanceId: GAID,
      type: 1,
    });
    expect(res2.json().data.status).toBe(3);
  });

  it.each([
    ['instanceId', ''],
    ['instanceId', 'not-a-gaid'],
    ['instanceId', '0f8fad5b-d9cb-469f-a165-70867728950'],
    ['instanceId', 42],
  ])('refuses a malformed %s (%j) with 400 naming it', async (field, value) => {
    const res = await lookup('owner', value);
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields.map((f: { field: string }) => f.field)).toContain(field);
  });

  it('refuses a type other than GAID (1) with 400 naming type', async () => {
    const res = await lookup('owner', GAID, 2);
    expect(res.json().data.fields.map((f: { field: string }) => f.field)).toContain('type');
  });

  it('refuses a stranger with 403/1002 and anonymous callers with 401', async () => {
    const res = await lookup('stranger', GAID);
    expect([res.statusCode, res.json().status]).toEqual([403, 1002]);
    const anon = await new TestClient(t.app).post(`/tcm/v1/app/${appId}/instance/info/query`, {
      instanceId: GAID,
      type: 1,
    });
    expect(anon.statusCode).toBe(401);
  });

  it('shows the device’s user and attributes (issue 33 §1), none before it has one', async () => {
    expect((await lookup('owner', OFF_GAID)).json().data.user).toBeNull();
    const sdk = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: { authorization: auth }, payload });
    expect((await sdk('/sdk/v1/user', { gaid: OFF_GAID, externalId: 'user-42' })).json().status).toBe(200);
    await sdk('/sdk/v1/attributes', { gaid: OFF_GAID, attributes: { plan: 'gold', since: '2025-01-02' } });
    expect((await lookup('tester', OFF_GAID)).json().data.user).toEqual({
      externalId: 'user-42',
      attributes: { plan: 'gold', since: '2025-01-02T00:00:00.000Z' },
    });
  });
});
