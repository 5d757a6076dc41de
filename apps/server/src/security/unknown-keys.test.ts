import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../test/databases';
import { clientFor, seedTeam } from '../test/fixtures/team';
import { startTestApp, type TestApp, type TestClient } from '../test/test-app';

/**
 * Hardening item 3: the routes whose contract declares no body (secret/rotate, advance/target/{x},
 * limit/switcher/{x}, limit/count/{x}, the global conf switches) took any JSON — `{"zzProbe":1}` changed the setting —
 * while every other route refuses an unknown key. A route without a body schema now takes nothing or `{}` only.
 */
describe.each(backends('one'))('routes without a body refuse unknown keys [$name]', (backend) => {
  let t: TestApp;
  let appId: number;
  let root: TestClient;

  beforeAll(async () => {
    t = await startTestApp(backend);
    ({ appId } = await seedTeam(t));
    root = await clientFor(t, 'root');
  });
  afterAll(async () => t?.close());

  const appRow = async () =>
    (
      await t.database.query<Record<string, unknown>>(
        'SELECT advance_target, limit_enable, limit_count, app_secret_enc FROM apps WHERE id = $1',
        [appId],
      )
    )[0];

  it('refuses {"zzProbe":1} with a 400 naming the key and changes nothing', async () => {
    const before = await appRow();
    const settingsBefore = await t.database.query(
      'SELECT * FROM global_settings, global_restricts ORDER BY 1',
    );
    for (const url of [
      `/tcm/v1/app/${appId}/secret/rotate`,
      `/tcm/v1/app/${appId}/advance/target/1`,
      `/tcm/v1/app/${appId}/limit/switcher/1`,
      `/tcm/v1/app/${appId}/limit/count/7`,
      '/tcm/global/conf/limit/switcher/0',
      '/tcm/global/conf/tag/switcher/0',
      '/tcm/global/conf/restrict/update/ad/enable/1',
      '/tcm/global/conf/restrict/update/ad/number/7',
      '/tcm/global/conf/app/limit/all/enable/1',
      '/tcm/global/conf/app/limit/all/count/9',
    ]) {
      const res = await root.post(url, { zzProbe: 1 });
      expect([url, res.statusCode], res.body).toEqual([url, 400]);
      expect(res.json<{ msg: string }>().msg, url).toContain('zzProbe');
    }
    expect(await appRow()).toEqual(before);
    expect(await t.database.query('SELECT * FROM global_settings, global_restricts ORDER BY 1')).toEqual(
      settingsBefore,
    );
  });

  it('still takes nothing or {} as the console sends', async () => {
    expect(
      (await root.post('/tcm/global/conf/restrict/update/ad/number/7', {})).json<{ status: number }>().status,
    ).toBe(200);
    const bare = await t.app.inject({
      method: 'POST',
      url: '/tcm/global/conf/restrict/update/ad/number/6',
      headers: { cookie: root.cookie },
    });
    expect(bare.json<{ status: number }>().status).toBe(200);
  });
});
