import type { z } from 'zod';
import type { platformStatisticsCalls as calls } from '@beacon/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { platformFixture, type PlatformFixture } from '../../test/fixtures/admins';
import { seedPlatformStatistics, type PlatformSeed } from '../../test/platform-statistics';
import { startTestApp, type TestClient, type TestApp } from '../../test/test-app';

type Fields = { fields: Array<{ field: string }> };
const PATHS = {
  platDashboard: '/tcm/global/plat/dashboard',
  msgStat: '/tcm/global/msg/stat',
  msgList: '/tcm/global/msg/list',
};
const EXPORT = '/tcm/global/plat/dashboard/export';

/** The /platformsettings tabs statistics and report (levels 100 and 150) on hand-made rollup rows. */
describe.each(backends())('platform statistics: statistics and report tabs [$name]', (backend) => {
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

  const post = async <K extends keyof typeof PATHS>(
    call: K,
    body: object,
    who: TestClient = f.clients.root,
  ) => {
    const res = await who.post(PATHS[call], body);
    const json = res.json<{ status: number; data: z.output<(typeof calls)[K]['data']> }>();
    return { http: res.statusCode, ...json };
  };
  const data = async <K extends keyof typeof PATHS>(call: K, body: object, who?: TestClient) => {
    const res = await post(call, body, who);
    expect(res.status, JSON.stringify(res.data)).toBe(200);
    return res.data;
  };
  const range = () => ({ start: s.days.d3, end: s.days.y });

  it('gives an app’s trend (the app’s own trend), its total and its messages, sortable, 10 a page', async () => {
    const r = await data('platDashboard', { ...range(), appId: s.apps.a }, f.clients.platform);
    const own = (
      await f.clients.root.call(
        'GET',
        `/tcm/v1/app/${s.apps.a}/report/project?start=${s.days.d3}&end=${s.days.y}`,
      )
    ).json<{ data: { dated: unknown[] } }>();
    expect(r.dated).toEqual(own.data.dated);
    expect(r.dated.map((d) => [d.date, d.push, d.dispatch, d.reach, d.show, d.click, d.showUv])).toEqual([
      [s.days.d3, 0, 0, 0, 0, 0, 0],
      [s.days.y2, 40, 40, 20, 10, 5, 0],
      [s.days.y, 150, 120, 80, 40, 8, 33],
    ]);
    expect(r.totalData).toEqual({
      date: 'total',
      push: 190,
      dispatch: 160,
      reach: 100,
      show: 50,
      click: 13,
      conversion: 4,
      noticeOff: 5,
      showableReach: 80,
      showableShow: 40,
      showUv: 33,
      clickUv: 7,
      dispatchRate: 84.21,
      reachRate: 62.5,
      showRate: 50,
      clickRate: 26,
      conversionRate: 30.77,
      noticeOffRate: 2.63,
      clickUvRate: 21.21,
    });
    expect([r.total, r.fallback]).toEqual([2, false]);
    expect(r.results).toEqual([
      {
        msgId: s.msgs.m1,
        appId: s.apps.a,
        appTitle: 'Shop',
        title: 'Flash sale',
        msgType: 1,
        deleted: false,
        firstDay: s.days.y2,
        lastDay: s.days.y,
        push: 140,
        dispatch: 120,
        reach: 80,
        show: 40,
        click: 11,
        conversion: 4,
        noticeOff: 5,
        showableReach: 80,
        showableShow: 40,
        dispatchRate: 85.71,
        reachRate: 66.67,
        showRate: 50,
        clickRate: 27.5,
        conversionRate: 36.36,
        noticeOffRate: 3.57,
      },
      {
        msgId: s.msgs.m2,
        appId: s.apps.a,
        appTitle: 'Shop',
        title: 'Cross sync',
        msgType: 2,
        deleted: false,
        firstDay: s.days.y,
        lastDay: s.days.y,
        push: 50,
        dispatch: 40,
        reach: 20,
        show: 10,
        click: 2,
        conversion: 0,
        noticeOff: 0,
        // a cross message is never shown: the 10 shows its app reported are not a show rate
        showableReach: 0,
        showableShow: 0,
        dispatchRate: 80,
        reachRate: 50,
        showRate: 0,
        clickRate: 20,
        conversionRate: 0,
        noticeOffRate: 0,
      },
    ]);
    const ids = async (body: object) =>
      (await data('platDashboard', { ...range(), appId: s.apps.a, ...body })).results.map((m) => m.msgId);
    expect(await ids({ sort: 'clickRate', order: 'ascend' })).toEqual([s.msgs.m2, s.msgs.m1]);
    expect(await ids({ sort: 'msgId', order: 'ascend' })).toEqual([s.msgs.m1, s.msgs.m2]);
  });

  it('covers every app without appId (never a deleted app’s rows), a page at a time', async () => {
    const p1 = await data('platDashboard', { ...range(), pageSize: 2 });
    expect([p1.total, p1.results.map((m) => [m.msgId, m.push, m.appTitle])]).toEqual([
      3,
      [
        [s.msgs.m3, 210, 'News'],
        [s.msgs.m1, 140, 'Shop'],
      ],
    ]);
    expect(p1.totalData.push).toBe(400);
    const p2 = await data('platDashboard', { ...range(), pageSize: 2, pageNo: 2 });
    expect(p2.results.map((m) => m.msgId)).toEqual([s.msgs.m2]);
    const past = await data('platDashboard', { ...range(), pageNo: 5 });
    expect([past.total, past.results]).toEqual([3, []]);
  });

  it('downloads the tab as CSV: its messages in its order and their total; conversion with expand=1', async () => {
    const q = `start=${s.days.d3}&end=${s.days.y}&appId=${s.apps.a}`;
    const res = await f.clients.platform.call('GET', `${EXPORT}?${q}&expand=1`);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="platform_app${s.apps.a}_${s.days.d3}_${s.days.y}.csv"`,
    );
    expect(
      res.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n'),
    ).toEqual([
      'msgId,appId,app,title,msgType,firstDay,lastDay,push,dispatch,dispatchRate,reach,reachRate,show,showRate,click,clickRate,conversion,conversionRate,noticeOff,noticeOffRate',
      `${s.msgs.m1},${s.apps.a},Shop,Flash sale,1,${s.days.y2},${s.days.y},140,120,85.71,80,66.67,40,50,11,27.5,4,36.36,5,3.57`,
      `${s.msgs.m2},${s.apps.a},Shop,Cross sync,2,${s.days.y},${s.days.y},50,40,80,20,50,10,0,2,20,0,0,0,0`,
      `total,,,,,${s.days.d3},${s.days.y},190,160,84.21,100,62.5,50,50,13,26,4,30.77,5,2.63`,
    ]);
    const plain = await f.clients.root.call('GET', `${EXPORT}?${q}&sort=push&order=ascend`);
    expect(plain.body.split('\r\n')[0]).not.toContain('conversion');
    expect(plain.body.split('\r\n')[1]).toMatch(new RegExp(`^${s.msgs.m2},`));
    for (const [query, field] of [
      ['sort=title', 'sort'],
      ['appId=999999', 'appId'],
      ['expand=yes', 'expand'],
      ['start=2026-02-30', 'start'],
    ]) {
      const bad = await f.clients.root.call('GET', `${EXPORT}?${query}`);
      expect([query, bad.statusCode, bad.json<{ data: Fields }>().data.fields[0]!.field]).toEqual([
        query,
        400,
        field,
      ]);
    }
  });

  it('reports by day with its total, filtered by message type, country and app', async () => {
    const r = await data('msgStat', range());
    expect(
      r.rows.map((p) => [
        p.period,
        p.start,
        p.end,
        p.push,
        p.dispatch,
        p.reach,
        p.show,
        p.click,
        p.conversion,
        p.noticeOff,
      ]),
    ).toEqual([
      [s.days.d3, s.days.d3, s.days.d3, 200, 100, 50, 25, 5, 0, 0],
      [s.days.y2, s.days.y2, s.days.y2, 40, 40, 20, 10, 5, 1, 0],
      [s.days.y, s.days.y, s.days.y, 160, 125, 85, 45, 9, 3, 6],
    ]);
    expect(r.totalData).toEqual({
      period: 'total',
      start: s.days.d3,
      end: s.days.y,
      push: 400,
      dispatch: 265,
      reach: 155,
      show: 80,
      click: 19,
      conversion: 4,
      noticeOff: 6,
      // the cross message's 10 shows on 20 reached are not in the show rate: notifications only, 70 / 135
      showableReach: 135,
      showableShow: 70,
      dispatchRate: 66.25,
      reachRate: 58.49,
      showRate: 51.85,
      clickRate: 23.75,
      conversionRate: 21.05,
      noticeOffRate: 1.5,
    });
    const push = async (body: object) =>
      (await data('msgStat', { ...range(), ...body })).rows.map((p) => p.push);
    expect(await push({ msgType: 2 })).toEqual([0, 0, 50]);
    expect(await push({ msgType: '1' })).toEqual([200, 40, 110]);
    expect(await push({ country: 'NG' })).toEqual([0, 40, 110]);
    expect(await push({ country: 'ng', appId: s.apps.b })).toEqual([0, 0, 10]);
  });

  it('groups by ISO week (as PostgreSQL numbers them), each week with the days of the range it covers', async () => {
    const r = await data('msgStat', { ...range(), timeType: 2 });
    const weeks = new Map<string, { start: string; end: string; push: number }>();
    for (const [day, push] of [
      [s.days.d3, 200],
      [s.days.y2, 40],
      [s.days.y, 160],
    ] as const) {
      const [w] = await t.database.query<{ w: string }>(`SELECT to_char($1::date, 'IYYY-"W"IW') AS w`, [day]);
      const week = weeks.get(w!.w);
      if (week) Object.assign(week, { end: day, push: week.push + push });
      else weeks.set(w!.w, { start: day, end: day, push });
    }
    expect(r.rows.map((p) => [p.period, p.start, p.end, p.push])).toEqual(
      [...weeks].map(([w, x]) => [w, x.start, x.end, x.push]),
    );
    const list = await data('msgList', { ...range(), timeType: 2 });
    expect(list.results.every((x) => weeks.has(x.period))).toBe(true);
  });

  it('lists one row per day and app, newest day first, then the most pushed, a page at a time', async () => {
    const r = await data('msgList', range());
    expect([r.total, r.results.map((x) => [x.period, x.title, x.push])]).toEqual([
      4,
      [
        [s.days.y, 'Shop', 150],
        [s.days.y, 'News', 10],
        [s.days.y2, 'Shop', 40],
        [s.days.d3, 'News', 200],
      ],
    ]);
    expect(r.results[0]).toEqual({
      period: s.days.y,
      start: s.days.y,
      end: s.days.y,
      appId: s.apps.a,
      title: 'Shop',
      push: 150,
      dispatch: 120,
      reach: 80,
      show: 40,
      click: 8,
      conversion: 3,
      noticeOff: 5,
      showableReach: 60,
      showableShow: 30,
      dispatchRate: 80,
      reachRate: 66.67,
      showRate: 50,
      clickRate: 20,
      conversionRate: 37.5,
      noticeOffRate: 3.33,
    });
    const p2 = await data('msgList', { ...range(), pageSize: 3, pageNo: 2 });
    expect([p2.total, p2.results.map((x) => x.push)]).toEqual([4, [200]]);
    const beyond = await data('msgList', { ...range(), pageNo: 9 });
    expect([beyond.total, beyond.results]).toEqual([4, []]);
  });
});
