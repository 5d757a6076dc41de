import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { startTestApp, type TestApp } from '../../test/test-app';
import { isGlobalTagSwitchOn, readGlobalSettings } from '../../platform/platform-settings';
import { adminFixture, auditRows, type AdminFixture, type Who } from '../../test/fixtures/admins';

describe.each(backends('one'))('global settings and daily limits [$name]', (backend) => {
  let t: TestApp;
  let f: AdminFixture;

  beforeAll(async () => {
    t = await startTestApp(backend);
    f = await adminFixture(t);
  });
  afterAll(async () => t.close());

  const status = async (who: Who, method: 'GET' | 'POST', url: string, body?: unknown) => {
    const res = await f.clients[who].call(method, url, method === 'POST' ? (body ?? {}) : undefined);
    return res.json<{ status: number; msg: string; data: unknown }>();
  };

  it('reads every setting at once for 100, with the defaults', async () => {
    for (const who of ['root'] as const) {
      const res = await status(who, 'GET', '/tcm/global/conf/aggregation');
      expect(res.status).toBe(200);
      expect(res.data).toMatchObject({
        timezone: '+00:00',
        time: '00:00',
        globalTagSwitcher: true,
        limitSwitcher: true,
        restricts: [
          { option: 'total', enable: false, number: 10 },
          { option: 'ad', enable: false, number: 3 },
          { option: 'distribute', enable: false, number: 5 },
          { option: 'content', enable: false, number: 5 },
        ],
      });
    }
  });

  // Global Settings are level 100's alone (part 1 §2): a platform admin (150) is refused as the others are
  it.each(['platform', 'plain', 'owner', 'manager', 'operator'] as const)(
    'refuses every call to %s with 1002',
    async (who) => {
      const calls: Array<['GET' | 'POST', string, unknown?]> = [
        ['GET', '/tcm/global/conf/aggregation'],
        ['GET', '/tcm/global/conf/limit/switcher'],
        ['POST', '/tcm/global/conf/limit/switcher/0'],
        ['POST', '/tcm/global/conf/tag/switcher/0'],
        ['POST', '/tcm/global/conf/restrict/update/ad/enable/1'],
        ['POST', '/tcm/global/conf/restrict/update/ad/number/4'],
        ['POST', '/tcm/global/conf/day', { timezone: '+08:00', time: '04:00' }],
        ['POST', '/tcm/global/conf/app/limit/list', {}],
        ['POST', `/tcm/global/conf/app/limit/${f.appId}`, { limitEnable: true, limitCount: 5 }],
        ['POST', '/tcm/global/conf/app/limit/all/enable/1'],
        ['POST', '/tcm/global/conf/app/limit/all/count/9'],
      ];
      for (const [method, url, body] of calls)
        expect([url, (await status(who, method, url, body)).status]).toEqual([url, 1002]);
      const settings = await readGlobalSettings(t.database);
      expect(settings.limitSwitch).toBe(true);
      expect(settings.restricts.find((r) => r.option === 'ad')).toEqual({
        option: 'ad',
        enable: false,
        number: 3,
      });
    },
  );

  it('keeps the /globalsettings switches to level 100: 150 gets 1002', async () => {
    expect((await status('platform', 'GET', '/tcm/global/conf/limit/switcher')).status).toBe(1002);
    expect((await status('platform', 'POST', '/tcm/global/conf/limit/switcher/0')).status).toBe(1002);
    expect((await status('platform', 'POST', '/tcm/global/conf/tag/switcher/0')).status).toBe(1002);
    expect(await isGlobalTagSwitchOn(t.database)).toBe(true);
  });

  it('switches the global limit and tag switches as 100, audited, and isGlobalTagSwitchOn follows', async () => {
    expect((await status('root', 'POST', '/tcm/global/conf/limit/switcher/0')).status).toBe(200);
    expect((await status('root', 'GET', '/tcm/global/conf/limit/switcher')).data).toEqual({
      limitSwitcher: false,
    });
    expect((await status('root', 'POST', '/tcm/global/conf/tag/switcher/0')).status).toBe(200);
    expect(await isGlobalTagSwitchOn(t.database)).toBe(false);
    expect((await status('root', 'POST', '/tcm/global/conf/tag/switcher/1')).status).toBe(200);
    expect(await isGlobalTagSwitchOn(t.database)).toBe(true);
    // setting a switch to the value it has changes nothing and is not audited
    expect((await status('root', 'POST', '/tcm/global/conf/limit/switcher/0')).status).toBe(200);
    expect((await status('root', 'POST', '/tcm/global/conf/tag/switcher/2')).status).toBe(400);
    const rows = await auditRows(t, 'global-settings');
    expect(rows.map((r) => [r.actor_email, r.target, r.old_value, r.new_value])).toEqual([
      ['root@example.com', 'limit switch', true, false],
      ['root@example.com', 'tag switch', true, false],
      ['root@example.com', 'tag switch', false, true],
    ]);
  });

  it('sets per-user daily limits as 100 and refuses bad numbers naming the field, changing nothing', async () => {
    expect((await status('root', 'POST', '/tcm/global/conf/restrict/update/ad/enable/1')).status).toBe(200);
    expect((await status('root', 'POST', '/tcm/global/conf/restrict/update/ad/number/0')).status).toBe(200);
    expect((await status('root', 'POST', '/tcm/global/conf/restrict/update/total/number/100')).status).toBe(
      200,
    );
    for (const [option, value] of [
      ['total', '101'],
      ['ad', '-1'],
      ['content', '1.5'],
      ['distribute', 'abc'],
      ['ad', '99999'],
    ]) {
      const res = await status('root', 'POST', `/tcm/global/conf/restrict/update/${option}/number/${value}`);
      expect(res.status, `${option}=${value}`).toBe(400);
      expect(res.msg).toMatch(/value/);
    }
    expect((await status('root', 'POST', '/tcm/global/conf/restrict/update/push/number/3')).status).toBe(400);
    expect((await status('root', 'POST', '/tcm/global/conf/restrict/update/ad/enable/yes')).status).toBe(400);
    const settings = await readGlobalSettings(t.database);
    expect(settings.restricts).toEqual([
      { option: 'total', enable: false, number: 100 },
      { option: 'ad', enable: true, number: 0 },
      { option: 'distribute', enable: false, number: 5 },
      { option: 'content', enable: false, number: 5 },
    ]);
    const rows = await auditRows(t, 'daily-limits');
    expect(rows.map((r) => [r.actor_email, r.target, r.old_value, r.new_value])).toEqual([
      [
        'root@example.com',
        'restrict ad',
        { option: 'ad', enable: false, number: 3 },
        { option: 'ad', enable: true, number: 3 },
      ],
      [
        'root@example.com',
        'restrict ad',
        { option: 'ad', enable: true, number: 3 },
        { option: 'ad', enable: true, number: 0 },
      ],
      [
        'root@example.com',
        'restrict total',
        { option: 'total', enable: false, number: 10 },
        { option: 'total', enable: false, number: 100 },
      ],
    ]);
  });

  it('sets the day boundary (offset or IANA zone, HH:mm) and refuses bad zones and times', async () => {
    expect(
      (await status('root', 'POST', '/tcm/global/conf/day', { timezone: '+05:30', time: '04:00' })).status,
    ).toBe(200);
    expect(
      (await status('root', 'POST', '/tcm/global/conf/day', { timezone: 'Asia/Shanghai', time: '23:59' }))
        .status,
    ).toBe(200);
    const bad: Array<[Record<string, string>, string]> = [
      [{ timezone: 'Mars/Olympus', time: '04:00' }, 'timezone'],
      [{ timezone: '+15:00', time: '04:00' }, 'timezone'],
      [{ timezone: '+5:30', time: '04:00' }, 'timezone'],
      [{ timezone: '+08:00', time: '24:00' }, 'time'],
      [{ timezone: '+08:00', time: '4:00' }, 'time'],
      [{ timezone: '+08:00', time: '' }, 'time'],
    ];
    for (const [body, field] of bad) {
      const res = await status('root', 'POST', '/tcm/global/conf/day', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.msg).toContain(field);
    }
    const s = await readGlobalSettings(t.database);
    expect([s.timezone, s.time]).toEqual(['Asia/Shanghai', '23:59']);
    const rows = (await auditRows(t, 'daily-limits')).filter((r) => r.target === 'day boundary');
    expect(rows.map((r) => r.new_value)).toEqual([
      { timezone: '+05:30', time: '04:00' },
      { timezone: 'Asia/Shanghai', time: '23:59' },
    ]);
  });

  it('lists and sets per-app daily message limits, one app and all at once', async () => {
    const list = await status('root', 'POST', '/tcm/global/conf/app/limit/list', { title: 'shop' });
    expect(list.data).toMatchObject({
      total: 1,
      results: [{ appId: f.appId, title: 'Shop', limitEnable: false, limitCount: 0 }],
    });
    expect(
      (
        await status('root', 'POST', `/tcm/global/conf/app/limit/${f.appId}`, {
          limitEnable: true,
          limitCount: 12,
        })
      ).status,
    ).toBe(200);
    for (const body of [
      { limitEnable: true, limitCount: 0 },
      { limitEnable: true, limitCount: -3 },
      { limitEnable: true, limitCount: 2.5 },
      { limitEnable: 'x', limitCount: 2 },
    ]) {
      expect(
        (await status('root', 'POST', `/tcm/global/conf/app/limit/${f.appId}`, body)).status,
        JSON.stringify(body),
      ).toBe(400);
    }
    expect(
      (
        await status('root', 'POST', '/tcm/global/conf/app/limit/99999', {
          limitEnable: true,
          limitCount: 3,
        })
      ).status,
    ).toBe(2006);
    expect((await status('root', 'POST', '/tcm/global/conf/app/limit/all/enable/1')).data).toEqual({
      updated: 1,
    });
    expect((await status('root', 'POST', '/tcm/global/conf/app/limit/all/count/7')).data).toEqual({
      updated: 2,
    });
    expect((await status('root', 'POST', '/tcm/global/conf/app/limit/all/count/0')).status).toBe(400);
    const all = await status('root', 'POST', '/tcm/global/conf/app/limit/list', { pageSize: 9999 });
    expect(all.data).toMatchObject({
      total: 2,
      results: [
        { title: 'News', limitEnable: true, limitCount: 7 },
        { title: 'Shop', limitEnable: true, limitCount: 7 },
      ],
    });
    const rows = (await auditRows(t, 'daily-limits')).filter(
      (r) => r.target.startsWith('app') || r.target.startsWith('all'),
    );
    expect(rows.map((r) => [r.target, r.new_value])).toEqual([
      [`app ${f.appId} Shop`, { limitEnable: true, limitCount: 12 }],
      ['all apps (1)', { limitEnable: true }],
      ['all apps (2)', { limitCount: 7 }],
    ]);
  });
});
