import type { z } from 'zod';
import { addDays, type platformStatisticsCalls as calls } from '@beacon/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { platformFixture, type PlatformFixture } from '../../test/fixtures/admins';
import { seedPlatformStatistics, type PlatformSeed } from '../../test/platform-statistics';
import { startTestApp, type TestClient, type TestApp } from '../../test/test-app';

const D = '/tcm/v1/dashboard';

/** The admin dashboard's reports (/tcm/v1/dashboard/*, level 100) on hand-made rollup rows (seedPlatformStatistics). */
describe.each(backends())('platform statistics: admin dashboard reports [$name]', (backend) => {
  let t: TestApp;
  let f: PlatformFixture;
  let s: PlatformSeed;

  beforeAll(async () => {
    t = await startTestApp(backend);
    f = await platformFixture(t);
    const root = (await t.repos.users.findByEmail('root@example.com'))!;
    s = await seedPlatformStatistics(t, f.appId, f.otherAppId, root);
  });
  afterAll(async () => t.close());

  const get = async (path: string, who: TestClient = f.clients.root) => {
    const res = await who.call('GET', `${D}${path}`);
    return { http: res.statusCode, ...res.json<{ status: number; data: unknown }>() };
  };
  /** The `data` of a call, typed by its contract. */
  const data = async <K extends keyof typeof calls>(
    _call: K,
    path: string,
  ): Promise<z.output<(typeof calls)[K]['data']>> => {
    const res = await get(path);
    expect(res.status, JSON.stringify(res.data)).toBe(200);
    return res.data as z.output<(typeof calls)[K]['data']>;
  };
  const range = () => `start=${s.days.d3}&end=${s.days.y}`;

  it('adds every app’s yesterday and the day before, per statistics mode', async () => {
    const all = await data('yesterday', '/report/yesterday');
    expect(all.yesterday).toEqual({
      date: s.days.y,
      push: 160,
      dispatch: 125,
      reach: 85,
      show: 45,
      click: 9,
      conversion: 3,
      noticeOff: 6,
      // the cross message's 20 reached and 10 shown are not in the show rate: notifications only, 35 / 65
      showableReach: 65,
      showableShow: 35,
      showUv: 37,
      clickUv: 8,
      dispatchRate: 78.13,
      reachRate: 68,
      showRate: 53.85,
      clickRate: 20,
      conversionRate: 33.33,
      noticeOffRate: 3.75,
      clickUvRate: 21.62,
    });
    expect(all.before).toMatchObject({
      date: s.days.y2,
      push: 40,
      dispatch: 40,
      click: 5,
      conversionRate: 20,
    });
    const ai = await data('yesterday', '/report/yesterday?type=2');
    expect(ai.yesterday).toMatchObject({
      push: 60,
      dispatch: 45,
      reach: 25,
      show: 15,
      click: 3,
      showUv: 12,
      clickUv: 3,
    });
  });

  it('gives the push trend and one row per app: status, history rate, average and largest day', async () => {
    const r = await data('push', `/report/msg?${range()}`);
    expect([r.start, r.end, r.fallback]).toEqual([s.days.d3, s.days.y, false]);
    expect(r.dated.map((d) => [d.date, d.push, d.dispatch, d.reach, d.show, d.click])).toEqual([
      [s.days.d3, 200, 100, 50, 25, 5],
      [s.days.y2, 40, 40, 20, 10, 5],
      [s.days.y, 160, 125, 85, 45, 9],
    ]);
    expect(r.apps).toEqual([
      {
        appId: s.apps.b,
        pkg: 'org.example.news',
        title: 'News',
        status: 'failing',
        historyRate: 50,
        date: s.days.d3,
        push: 210,
        avg: 70,
        max: 200,
      },
      {
        appId: s.apps.a,
        pkg: 'com.example.shop',
        title: 'Shop',
        status: 'active',
        historyRate: 84.21,
        date: s.days.y,
        push: 190,
        avg: 63.33,
        max: 150,
      },
      {
        appId: s.apps.gone,
        pkg: 'com.example.gone',
        title: 'Gone',
        status: 'destroyed',
        historyRate: 0,
        date: '',
        push: 0,
        avg: 0,
        max: 0,
      },
      {
        appId: s.apps.idle,
        pkg: 'com.example.idle',
        title: 'Idle',
        status: 'idle',
        historyRate: 0,
        date: '',
        push: 0,
        avg: 0,
        max: 0,
      },
    ]);
    // AI content only (mode 2): M2 on y and M3
    const ai = await data('push', `/report/msg?${range()}&type=2`);
    expect(ai.apps.slice(0, 2).map((a) => [a.title, a.push, a.max, a.date])).toEqual([
      ['News', 210, 200, s.days.d3],
      ['Shop', 50, 50, s.days.y],
    ]);
  });

  it('adds the users of every app by day, with yesterday and the day before', async () => {
    const r = await data('users', `/user?${range()}`);
    expect(r.dated).toEqual([
      { date: s.days.d3, effective: 3, newUser: 3 },
      { date: s.days.y2, effective: 40, newUser: 8 },
      { date: s.days.y, effective: 77, newUser: 22 },
    ]);
    expect([r.yesterday, r.before]).toEqual([
      { date: s.days.y, effective: 77, newUser: 22 },
      { date: s.days.y2, effective: 40, newUser: 8 },
    ]);
  });

  it('reports by country (every app) and by country and app, filtered by country and app', async () => {
    const r = await data('countryApp', `/report/msg/country/app?${range()}`);
    expect(r.countries.map((c) => c.key)).toEqual(['FR', 'NG', 'KE']);
    expect(r.countries[1]).toEqual({
      key: 'NG',
      push: 150,
      dispatch: 125,
      reach: 85,
      show: 45,
      click: 12,
      conversion: 4,
      noticeOff: 6,
      showableReach: 85,
      showableShow: 45,
      showUv: 29,
      clickUv: 6,
      dispatchRate: 83.33,
      reachRate: 68,
      showRate: 52.94,
      clickRate: 26.67,
      conversionRate: 33.33,
      noticeOffRate: 4,
      clickUvRate: 20.69,
    });
    expect(r.rows.map((x) => [x.title, x.key, x.push, x.dispatch, x.showUv])).toEqual([
      ['News', 'FR', 200, 100, 0],
      ['Shop', 'NG', 140, 120, 25],
      ['Shop', 'KE', 50, 40, 8],
      ['News', 'NG', 10, 5, 4],
    ]);
    const ng = await data('countryApp', `/report/msg/country/app?${range()}&country=ng,%20NG`);
    expect(ng.rows.map((x) => `${x.title}:${x.key}`)).toEqual(['Shop:NG', 'News:NG']);
    const news = await data('countryApp', `/report/msg/country/app?${range()}&appId=${s.apps.b}`);
    expect(news.countries.map((c) => [c.key, c.push])).toEqual([
      ['FR', 200],
      ['NG', 10],
    ]);
  });

  it('gives each app’s users over the range and the platform’s counts', async () => {
    const r = await data('userMetric', `/user/metric?${range()}`);
    expect(r.rows).toEqual([
      {
        appId: s.apps.a,
        pkg: 'com.example.shop',
        title: 'Shop',
        newUser: 23,
        effective: 70,
        avgEffective: 36.67,
        devices: 3,
      },
      {
        appId: s.apps.b,
        pkg: 'org.example.news',
        title: 'News',
        newUser: 10,
        effective: 7,
        avgEffective: 3.33,
        devices: 1,
      },
      {
        appId: s.apps.idle,
        pkg: 'com.example.idle',
        title: 'Idle',
        newUser: 0,
        effective: 0,
        avgEffective: 0,
        devices: 0,
      },
      {
        appId: s.apps.gone,
        pkg: 'com.example.gone',
        title: 'Gone',
        newUser: 0,
        effective: 0,
        avgEffective: 0,
        devices: 0,
      },
    ]);
    expect(await data('meta', '/meta')).toEqual({ apps: 4, users: 4, devices: 4 });
  });

  it('falls back to the last 7 days ending yesterday for a range breaking the rule (too long, in the future)', async () => {
    const tooLong = await data('push', `/report/msg?start=${addDays(s.days.y, -366)}&end=${s.days.y}`);
    expect([tooLong.start, tooLong.end, tooLong.fallback]).toEqual([
      addDays(s.days.today, -7),
      s.days.y,
      true,
    ]);
    const tomorrow = addDays(s.days.today, 1);
    const future = await data('users', `/user?start=${s.days.today}&end=${tomorrow}`);
    expect([future.fallback, future.dated.length]).toEqual([true, 7]);
    // today may be asked for (its figures so far)
    const today = await data('users', `/user?start=${s.days.today}&end=${s.days.today}`);
    expect([today.fallback, today.dated]).toEqual([
      false,
      [{ date: s.days.today, effective: 0, newUser: 0 }],
    ]);
    const empty = await data('push', '/report/msg?start=&end=');
    expect(empty.dated).toHaveLength(7);
  });
});
