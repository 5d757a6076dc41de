import { startEmulator, type FcmEmulator } from '@beacon/fcm-emulator';
import { addDays, utcDay, type ReportDay, type UserDay } from '@beacon/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOnEmulator, reportSdkEvents } from '../../test/devices';
import { backends } from '../../test/databases';
import { appOnEmulator, NOTIFICATION, ownerAppOnEmulator } from '../../test/messaging';
import { clearOfMidnight, shiftStatisticsDays } from '../../test/statistics';
import { startTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { until } from '../../test/until';

type Created = Awaited<ReturnType<typeof appOnEmulator>>;
const COUNTS = ['push', 'dispatch', 'reach', 'show', 'click', 'conversion', 'noticeOff'] as const;
const countsOf = (r: Record<(typeof COUNTS)[number], number>) => COUNTS.map((c) => r[c]);

/**
 * Real sends through the FCM emulator: the platform figures equal the apps' own statistics routes for the same
 * range. Shop: 6 devices (0–3 NG, 4 KE, 5 NG with notifications off), events 0 received, 1 shown, 2 and 3 clicked, 4
 * received and shown. News: 2 devices, 0 clicked. Both sends move to yesterday (shiftStatisticsDays).
 */
describe.each(backends())('platform statistics equal the apps’ statistics [$name]', (backend) => {
  let t: TestApp;
  let emu: FcmEmulator;
  let owner: TestClient;
  let shop: Created;
  let news: Created;
  const msgIds: number[] = [];
  // yesterday and the week before it, fixed once the sends are made (clearOfMidnight: all on one UTC day)
  let y = '';
  let start = '';

  const send = async (c: Created, pushCount: number, events: Array<[number, string[]]>) => {
    const saved = await owner.post(`/tcm/v1/app/${c.app.id}/msg/save`, {
      msgType: 1,
      data: NOTIFICATION,
      title: `${c.app.title} news`,
      pushCount,
      targetingType: 0,
      scheduleType: 1,
    });
    const id = saved.json<{ data: { id: number } }>().data.id;
    msgIds.push(id);
    await until(
      'sent',
      () => owner.post(`/tcm/v1/app/${c.app.id}/msg/detail`, { id }).then((r) => r.json().data),
      (d) => d.status === 1,
    );
    const ts = Date.now();
    for (const [i, types] of events) {
      const res = await reportSdkEvents(
        t,
        c.sdkAuth,
        i,
        types.map((type) => ({ type, msgId: id, ts })),
      );
      expect(res.json<{ status: number }>().status).toBe(200);
    }
  };

  beforeAll(async () => {
    await clearOfMidnight();
    y = addDays(utcDay(), -1);
    start = addDays(y, -6);
    emu = await startEmulator({ tlsPort: null });
    t = await startTestApp(backend, { FCM_BASE_URL: emu.h2cUrl }, { runWorkers: true });
    const created = await ownerAppOnEmulator(
      t,
      emu,
      { title: 'Shop', pkg: 'com.example.shop', projectId: 'shop' },
      100,
    );
    owner = created.owner;
    shop = created;
    const ownerUser = (await t.repos.users.findByEmail('owner@example.com'))!;
    news = await appOnEmulator(t, emu, ownerUser, {
      title: 'News',
      pkg: 'org.example.news',
      projectId: 'news',
    });
    for (let i = 0; i < 6; i++)
      await registerOnEmulator(t, emu, shop, i, {
        ...(i === 4 ? { country: 'KE', appVersion: '3.2.0', timezone: 'Africa/Nairobi' } : {}),
        notificationsEnabled: i !== 5,
      });
    for (let i = 0; i < 2; i++) await registerOnEmulator(t, emu, news, 100 + i, { country: 'GH' });
    await send(shop, 6, [
      [0, ['received']],
      [1, ['shown']],
      [2, ['clicked']],
      [3, ['clicked']],
      [4, ['received', 'shown']],
    ]);
    await send(news, 2, [[100, ['clicked']]]);
    await shiftStatisticsDays(t, shop.app.id, -1);
    await shiftStatisticsDays(t, news.app.id, -1);
  });
  afterAll(async () => {
    await t?.close();
    await emu?.close();
  });

  const data = async <T>(method: 'GET' | 'POST', url: string, body?: object): Promise<T> => {
    const res = await owner.call(method, url, body);
    expect(res.json<{ status: number }>().status, res.body).toBe(200);
    return res.json<{ data: T }>().data;
  };
  const appReport = (c: Created, path: string) =>
    data<{ dated: ReportDay[] }>('GET', `/tcm/v1/app/${c.app.id}/report/${path}`);
  const q = () => `start=${start}&end=${y}`;

  it('has the hand-counted figures: Shop push 6, dispatch 5, reach 5, show 4, click 2; News 2, 2, 1, 1, 1', async () => {
    const shopDay = (await appReport(shop, `project?${q()}`)).dated.at(-1)!;
    expect(countsOf(shopDay)).toEqual([6, 5, 5, 4, 2, 0, 1]);
    const newsDay = (await appReport(news, `project?${q()}`)).dated.at(-1)!;
    expect(countsOf(newsDay)).toEqual([2, 2, 1, 1, 1, 0, 0]);
  });

  it('the statistics tab of an app shows the app’s trend; of every app, their sum; its messages add up', async () => {
    for (const c of [shop, news]) {
      const own = await appReport(c, `project?${q()}`);
      const tab = await data<{ dated: ReportDay[] }>('POST', '/tcm/global/plat/dashboard', {
        appId: c.app.id,
        start,
        end: y,
      });
      expect(tab.dated).toEqual(own.dated);
    }
    const all = await data<{
      dated: ReportDay[];
      totalData: ReportDay;
      results: Array<Record<string, number>>;
    }>('POST', '/tcm/global/plat/dashboard', { start, end: y });
    const [a, b] = [await appReport(shop, `project?${q()}`), await appReport(news, `project?${q()}`)];
    expect(all.dated.map(countsOf)).toEqual(
      a.dated.map((d, i) => countsOf(d).map((n, j) => n + countsOf(b.dated[i]!)[j]!)),
    );
    expect(all.results.map((m) => m.msgId)).toEqual(msgIds);
    expect(countsOf(all.totalData)).toEqual([8, 7, 6, 5, 3, 0, 1]);
    // each message row equals the message's funnel
    for (const [m, c] of [
      [all.results[0]!, shop],
      [all.results[1]!, news],
    ] as const) {
      const funnel = await data<Record<string, number>>(
        'GET',
        `/tcm/v1/app/${c.app.id}/msg/${m.msgId}/funnel`,
      );
      expect([m.push, m.dispatch, m.reach, m.show, m.click]).toEqual([
        funnel.push,
        funnel.channelReach,
        funnel.targetReceive,
        funnel.show,
        funnel.click,
      ]);
    }
  });

  it('the dashboard’s yesterday, trend, countries and users equal the apps’ reports added up', async () => {
    const [ys, yn] = await Promise.all(
      [shop, news].map((c) =>
        data<{ yesterday: ReportDay }>('GET', `/tcm/v1/app/${c.app.id}/report/yesterday`),
      ),
    );
    const platform = await data<{ yesterday: ReportDay }>('GET', '/tcm/v1/dashboard/report/yesterday');
    expect(platform.yesterday).toMatchObject({
      push: ys!.yesterday.push + yn!.yesterday.push,
      showUv: ys!.yesterday.showUv + yn!.yesterday.showUv,
    });
    expect(platform.yesterday.clickUv).toBe(ys!.yesterday.clickUv + yn!.yesterday.clickUv);

    const push = await data<{ apps: Array<{ appId: number; push: number; historyRate: number }> }>(
      'GET',
      `/tcm/v1/dashboard/report/msg?${q()}`,
    );
    expect(push.apps.map((r) => [r.appId, r.push, r.historyRate])).toEqual([
      [shop.app.id, 6, 83.33],
      [news.app.id, 2, 100],
    ]);

    const own = await data<{ countries: Array<Record<string, number | string>> }>(
      'GET',
      `/tcm/v1/app/${shop.app.id}/report/version-country?${q()}`,
    );
    const byCountry = await data<{ countries: Array<Record<string, number | string>> }>(
      'GET',
      `/tcm/v1/dashboard/report/msg/country/app?${q()}&appId=${shop.app.id}`,
    );
    expect(byCountry.countries).toEqual(own.countries);

    const dimension = await data<{ totalData: ReportDay }>(
      'GET',
      `/tcm/v1/app/${shop.app.id}/report/dimension?${q()}`,
    );
    const report = await data<{ totalData: ReportDay }>('POST', '/tcm/global/msg/stat', {
      appId: shop.app.id,
      start,
      end: y,
    });
    expect(countsOf(report.totalData)).toEqual(countsOf(dimension.totalData));

    const users = await Promise.all(
      [shop, news].map((c) =>
        data<{ dated: UserDay[] }>('GET', `/tcm/v1/app/${c.app.id}/report/user?${q()}`),
      ),
    );
    const platformUsers = await data<{ dated: UserDay[] }>('GET', `/tcm/v1/dashboard/user?${q()}`);
    expect(platformUsers.dated).toEqual(
      users[0]!.dated.map((d, i) => ({
        date: d.date,
        effective: d.effective + users[1]!.dated[i]!.effective,
        newUser: d.newUser + users[1]!.dated[i]!.newUser,
      })),
    );
    expect(platformUsers.dated.at(-1)).toEqual({ date: y, effective: 8, newUser: 8 });
  });
});
