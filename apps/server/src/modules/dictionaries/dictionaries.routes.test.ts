import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSdkDevice, sdkDevice } from '../../test/devices';
import { seedTeamClients, type TeamFixture } from '../../test/fixtures/team';
import { backends } from '../../test/databases';
import { startTestApp, TestClient, type TestApp } from '../../test/test-app';
import { tagTree } from './dictionaries.service';

describe('tagTree', () => {
  it('nests tags under the longest code they extend with _', () => {
    const t = (id: number, code: string) => ({ id, code, name: code, nameEn: '' });
    const tree = tagTree([
      t(1, 'sport'),
      t(2, 'sport_football'),
      t(3, 'sport_football_eu'),
      t(4, 'news'),
      t(5, 'sporty'),
      t(6, 'x_y'),
    ]);
    expect(tree.map((n) => n.code)).toEqual(['sport', 'news', 'sporty', 'x_y']);
    expect(tree[0]?.children.map((n) => n.code)).toEqual(['sport_football']);
    expect(tree[0]?.children[0]?.children.map((n) => n.code)).toEqual(['sport_football_eu']);
  });
});

describe.each(backends('one'))('dictionaries /tcm/v1/base/data/dict [$name]', (backend) => {
  let t: TestApp;
  let f: TeamFixture;
  beforeAll(async () => {
    t = await startTestApp(backend);
    f = await seedTeamClients(t);
    for (const [i, d] of [
      { brand: 'Tecno', model: 'Spark 10', operator: 'MTN', appVersion: '3.0.0', appVersionCode: 300 },
      { brand: 'Tecno', model: 'Camon 20', operator: 'Airtel', appVersion: '3.1.0', appVersionCode: 310 },
      { brand: 'Samsung', model: 'A14', operator: '', appVersion: '2.0.0', appVersionCode: 200 },
    ].entries())
      await registerSdkDevice(t, f.sdkAuth, sdkDevice(i + 1, d));
    for (const [code, flag] of [
      ['sport', 'LABEL'],
      ['sport_football', 'LABEL'],
      ['news', 'LABEL'],
      ['bots', 'GROUP'],
    ]) {
      await t.database.query(
        'INSERT INTO tags (app_id, name, name_en, code, flag) VALUES ($1, $2, $2, $2, $3)',
        [f.appId, code, flag],
      );
    }
  });
  afterAll(async () => t.close());

  it('serves the platform dictionaries to any signed-in user, and 401 without a session', async () => {
    expect((await new TestClient(t.app).call('GET', '/tcm/v1/base/data/dict/all')).statusCode).toBe(401);
    const res = await f.clients.stranger.call('GET', '/tcm/v1/base/data/dict/all');
    const data = res.json().data;
    expect(data.countries.length).toBeGreaterThan(240);
    expect(data.countries.find((c: { code: string }) => c.code === 'NG')).toEqual({
      code: 'NG',
      name: { en: 'Nigeria', zh: '尼日利亚', fr: 'Nigeria' },
    });
    expect(data.countries.some((c: { code: string }) => ['EU', 'UN', 'ZZ'].includes(c.code))).toBe(false);
    expect(data.languages.find((l: { code: string }) => l.code === 'pt')).toEqual({
      code: 'pt',
      name: { en: 'Portuguese', zh: '葡萄牙语', fr: 'portugais' },
    });
    expect(data.languages.length).toBeGreaterThan(100);
    expect(data.subLanguages.map((l: { code: string }) => l.code)).toEqual([
      'pt_BR',
      'es_US',
      'ar_TN',
      'ar_DZ',
      'ar_LY',
      'ar_MA',
    ]);
    expect(data.subLanguages[0].name.en).toBe('Brazilian Portuguese');
    expect(data.androidVersions.map((v: { api: number }) => v.api)).toEqual(
      Array.from({ length: 22 }, (_, i) => 14 + i),
    );
    expect(data.androidVersions.at(-1)).toEqual({ api: 35, version: '15' });
    expect(data.utcOffsets[0]).toBe('-12:00');
    expect(data.utcOffsets.at(-1)).toBe('+14:00');
    for (const offset of ['+00:00', '+05:30', '+05:45', '-09:30', '+12:45', '+03:30'])
      expect(data.utcOffsets).toContain(offset);
    expect(data.dailyMessageKinds).toEqual([
      { value: 1, key: 'ad' },
      { value: 2, key: 'distribute' },
      { value: 3, key: 'content' },
    ]);
    expect(data.statisticsModes.map((m: { value: number }) => m.value)).toEqual([0, 1, 2, 3]);
  });

  it('serves an app’s brands, models, operators, versions and tags to its members only', async () => {
    const res = await f.clients.tester.call('GET', `/tcm/v1/base/data/dict/${f.appId}/all`);
    const data = res.json().data;
    expect(data.brands).toEqual([
      { brand: 'SAMSUNG', models: ['A14'] },
      { brand: 'TECNO', models: ['CAMON 20', 'SPARK 10'] },
    ]);
    expect(data.operators).toEqual(['Airtel', 'MTN']);
    expect(data.appVersions).toEqual(['3.1.0', '3.0.0', '2.0.0']);
    expect(data.interestTags.map((n: { code: string }) => n.code)).toEqual(['news', 'sport']);
    expect(data.interestTags[1].children.map((n: { code: string }) => n.code)).toEqual(['sport_football']);
    expect(data.audiencePackages.map((p: { code: string }) => p.code)).toEqual(['bots']);
    expect(data.advancedTargeting).toBe(false);
    expect(data.countries.length).toBeGreaterThan(240);
    await t.database.query('UPDATE apps SET advance_target = true WHERE id = $1', [f.appId]);
    expect(
      (await f.clients.owner.call('GET', `/tcm/v1/base/data/dict/${f.appId}/all`)).json().data
        .advancedTargeting,
    ).toBe(true);
    const refused = await f.clients.stranger.call('GET', `/tcm/v1/base/data/dict/${f.appId}/all`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().status).toBe(1002);
  });
});
