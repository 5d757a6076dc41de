import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { clientFor, PASSWORD, seedTeam, TEAM } from '../../test/fixtures/team';
import { startTestApp, TestClient, type TestApp } from '../../test/test-app';

describe.each(backends('one'))('control view (forbid) [$name]', (backend) => {
  let t: TestApp;
  let appId: number;
  let emptyAppId: number;
  const clients: Record<string, TestClient> = {};

  beforeAll(async () => {
    t = await startTestApp(backend);
    // root (100), the app "Shop" of owner with its manager (300), operator (400) and tester (500), a stranger
    ({ appId } = await seedTeam(t));
    const root = (await t.repos.users.findByEmail(TEAM.root))!;
    const owner = (await t.repos.users.findByEmail(TEAM.owner))!;
    emptyAppId = (
      await t.services.apps.create({
        title: 'Empty',
        pkg: 'com.example.empty',
        owner: { userId: owner.id, email: owner.email },
      })
    ).app.id;
    await t.database.query(
      `INSERT INTO platform_forbidden_countries (country, created_by) VALUES ('KP', $1), ('IR', $1)`,
      [root.id],
    );
    await t.database.query(
      `INSERT INTO app_forbidden_countries (app_id, country, created_by) VALUES ($1, 'FR', $2), ($1, 'DE', $2), ($1, 'IR', $2)`,
      [appId, root.id],
    );
    await t.database.query(
      `INSERT INTO app_forbidden_times (app_id, country, start_minute, end_minute, created_by)
       VALUES ($1, 'NG', 1320, 360, $2), ($1, 'NG', 720, 780, $2), ($1, 'BR', 0, 480, $2)`,
      [appId, root.id],
    );
    for (const who of ['root', 'owner', 'manager', 'operator', 'tester', 'stranger'] as const)
      clients[who] = await clientFor(t, who);
  });
  afterAll(async () => t.close());

  it.each(['root', 'owner', 'manager', 'operator'])(
    'shows the banned countries to %s, platform-wide first',
    async (who) => {
      const res = await clients[who]!.call('GET', `/tcm/v1/app/${appId}/forbid?type=1`);
      expect(res.json()).toEqual({
        status: 200,
        msg: 'success',
        data: {
          countryConfig: {
            countryList: [
              { countryCode: 'IR', countryName: 'Iran', scope: 'platform' },
              { countryCode: 'KP', countryName: 'North Korea', scope: 'platform' },
              { countryCode: 'FR', countryName: 'France', scope: 'app' },
              { countryCode: 'DE', countryName: 'Germany', scope: 'app' },
            ],
          },
        },
      });
    },
  );

  it('shows the banned time windows per country, a window across midnight as it is stored', async () => {
    const res = await clients.operator!.call('GET', `/tcm/v1/app/${appId}/forbid?type=2`);
    expect(res.json().data).toEqual({
      countryTimeConfig: [
        { countryCode: 'BR', countryName: 'Brazil', intervalTimeList: [{ start: '00:00', end: '08:00' }] },
        {
          countryCode: 'NG',
          countryName: 'Nigeria',
          intervalTimeList: [
            { start: '12:00', end: '13:00' },
            { start: '22:00', end: '06:00' },
          ],
        },
      ],
    });
  });

  it('names countries in the request language', async () => {
    const fr = new TestClient(t.app, { 'accept-language': 'fr' });
    await fr.login('owner@example.com', PASSWORD);
    const list = (await fr.call('GET', `/tcm/v1/app/${appId}/forbid?type=1`)).json().data.countryConfig
      .countryList as Array<{ countryName: string }>;
    expect(list.map((c) => c.countryName)).toEqual(['Corée du Nord', 'Iran', 'Allemagne', 'France']);
    const zh = new TestClient(t.app, { 'accept-language': 'zh-CN' });
    await zh.login('owner@example.com', PASSWORD);
    const times = (await zh.call('GET', `/tcm/uem/app/time/forbid?appId=${appId}`)).json().data as Array<{
      countryName: string;
    }>;
    expect(times.map((c) => c.countryName).sort()).toEqual(['尼日利亚', '巴西'].sort());
  });

  it.each(['tester', 'stranger'])('refuses %s with 403/1002 on every forbid call', async (who) => {
    for (const url of [
      `/tcm/v1/app/${appId}/forbid?type=1`,
      `/tcm/v1/app/${appId}/forbid?type=2`,
      `/tcm/uem/app/country/forbid?appId=${appId}`,
      `/tcm/uem/app/time/forbid?appId=${appId}`,
    ]) {
      const res = await clients[who]!.call('GET', url);
      expect([res.statusCode, res.json().status], url).toEqual([403, 1002]);
    }
  });

  it('answers the spec’s /tcm/uem calls with the same data', async () => {
    const countries = await clients.owner!.call('GET', `/tcm/uem/app/country/forbid?appId=${appId}`);
    expect(countries.json().data.countryList.map((c: { countryCode: string }) => c.countryCode)).toEqual([
      'IR',
      'KP',
      'FR',
      'DE',
    ]);
    const times = await clients.manager!.call('GET', `/tcm/uem/app/time/forbid?appId=${appId}`);
    expect(times.json().data.map((c: { countryCode: string }) => c.countryCode)).toEqual(['BR', 'NG']);
    const unknown = await clients.root!.call('GET', '/tcm/uem/app/country/forbid?appId=999999');
    expect(unknown.json().status).toBe(1002);
  });

  it('answers an app without its own bans with the platform list and no windows', async () => {
    expect(
      (await clients.owner!.call('GET', `/tcm/v1/app/${emptyAppId}/forbid?type=1`)).json().data.countryConfig
        .countryList,
    ).toHaveLength(2);
    expect((await clients.owner!.call('GET', `/tcm/v1/app/${emptyAppId}/forbid?type=2`)).json().data).toEqual(
      { countryTimeConfig: [] },
    );
  });

  it('refuses a bad type or appId with 400 naming it, and anonymous callers with 401', async () => {
    for (const [url, field] of [
      [`/tcm/v1/app/${appId}/forbid?type=3`, 'type'],
      [`/tcm/v1/app/${appId}/forbid`, 'type'],
      ['/tcm/uem/app/country/forbid?appId=abc', 'appId'],
      ['/tcm/uem/app/time/forbid', 'appId'],
    ] as const) {
      const res = await clients.owner!.call('GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(
        res.json().data.fields.map((f: { field: string }) => f.field),
        url,
      ).toContain(field);
    }
    expect((await new TestClient(t.app).call('GET', `/tcm/v1/app/${appId}/forbid?type=1`)).statusCode).toBe(
      401,
    );
    expect(
      (await new TestClient(t.app).call('GET', `/tcm/uem/app/country/forbid?appId=${appId}`)).statusCode,
    ).toBe(401);
  });

  it('keeps invalid rows out of the tables (checks of the migration)', async () => {
    await expect(
      t.database.query(
        `INSERT INTO app_forbidden_times (app_id, country, start_minute, end_minute) VALUES ($1, 'NG', 60, 60)`,
        [appId],
      ),
    ).rejects.toThrow();
    await expect(
      t.database.query(
        `INSERT INTO app_forbidden_times (app_id, country, start_minute, end_minute) VALUES ($1, 'NG', 0, 1440)`,
        [appId],
      ),
    ).rejects.toThrow();
    await expect(
      t.database.query(`INSERT INTO app_forbidden_countries (app_id, country) VALUES ($1, 'fr')`, [appId]),
    ).rejects.toThrow();
  });
});
