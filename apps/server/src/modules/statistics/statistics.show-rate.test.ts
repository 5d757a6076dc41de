import { startEmulator, type FcmEmulator } from '@beacon/fcm-emulator';
import { addDays, base64OfText, utcDay } from '@beacon/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { registerOnEmulator, reportSdkEvents } from '../../test/devices';
import { NOTIFICATION, ownerAppOnEmulator } from '../../test/messaging';
import { shiftStatisticsDays } from '../../test/statistics';
import { startTestApp, type TestClient, type TestApp } from '../../test/test-app';
import { until } from '../../test/until';

const DEVICES = 20;

/**
 * The show rate is over the messages that can be shown (docs/statistics.md): a notification and a cross message sent
 * the same day to the same 20 devices. Every device receives both; 19 show the notification (95 %); a cross message
 * hands its data to the app and is never shown. Over all the reach the day would read 19 / 40 = 47.5 %; every report,
 * export and dashboard says 95 %. The same day is read first as today (a range ending today answers today's counts
 * from the same rollups), then, moved a day back, through the reports that only show yesterday.
 */
describe.each(backends())('show rate over the messages that can be shown [$name]', (backend) => {
  let t: TestApp;
  let emu: FcmEmulator;
  let appId: number;
  let owner: TestClient;
  const today = utcDay();

  beforeAll(async () => {
    emu = await startEmulator({ tlsPort: null });
    t = await startTestApp(backend, { FCM_BASE_URL: emu.h2cUrl }, { runWorkers: true });
    // level 100: the app's reports, the admin dashboard and the platform tabs
    const created = await ownerAppOnEmulator(
      t,
      emu,
      { title: 'Rates', pkg: 'com.example.rates', projectId: 'rates' },
      100,
    );
    owner = created.owner;
    appId = created.app.id;
    for (let i = 0; i < DEVICES; i++) await registerOnEmulator(t, emu, created, i);

    const send = async (msgType: number, data: object, title: string) => {
      const saved = await owner.post(`/tcm/v1/app/${appId}/msg/save`, {
        msgType,
        data,
        title,
        pushCount: DEVICES,
        targetingType: 0,
        scheduleType: 1,
      });
      expect(saved.json().status, saved.body).toBe(200);
      const id = saved.json().data.id as number;
      await until(
        `${title} sent`,
        () => owner.post(`/tcm/v1/app/${appId}/msg/detail`, { id }).then((r) => r.json().data),
        (d) => d.status === 1 && d.dispatchCount === DEVICES,
      );
      return id;
    };
    const notification = await send(1, NOTIFICATION, 'Sale');
    const cross = await send(2, { trans_data: base64OfText('{"page":"sale"}') }, 'Sync');
    const ts = Date.now();
    for (let i = 0; i < DEVICES; i++) {
      const events = [
        { type: 'received', msgId: notification, ts },
        ...(i < DEVICES - 1 ? [{ type: 'shown', msgId: notification, ts }] : []),
        { type: 'received', msgId: cross, ts },
      ];
      const res = await reportSdkEvents(t, created.sdkAuth, i, events);
      expect(res.json().status).toBe(200);
    }
    await t.services.devices.drain();
  });
  afterAll(async () => {
    await t?.close();
    await emu?.close();
  });

  const data = async (path: string) => {
    const res = await owner.call('GET', path);
    expect(res.json().status, res.body).toBe(200);
    return res.json().data;
  };
  const post = async (path: string, body: object) => {
    const res = await owner.post(path, body);
    expect(res.json().status, res.body).toBe(200);
    return res.json().data;
  };
  /** The showRate column of a CSV's rows, by their first cell. */
  const csvShowRates = async (path: string) => {
    const res = await owner.call('GET', path);
    expect(res.statusCode, res.body).toBe(200);
    const [head, ...rows] = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
      .map((l) => l.split(','));
    const col = head!.indexOf('showRate');
    return Object.fromEntries(rows.map((r) => [r[0], Number(r[col])]));
  };
  const day = { reach: 2 * DEVICES, show: DEVICES - 1, showRate: 95 };

  it('answers a range ending today with today’s counts, from the same rollups', async () => {
    const app = `/tcm/v1/app/${appId}`;
    const project = await data(`${app}/report/project?start=${addDays(today, -6)}&end=${today}`);
    expect(project).toMatchObject({ start: addDays(today, -6), end: today, fallback: false });
    expect(project.dated.at(-1)).toMatchObject({ date: today, push: 2 * DEVICES, ...day });

    const dimension = await data(`${app}/report/dimension?start=${today}&end=${today}`);
    expect(dimension).toMatchObject({ end: today, fallback: false });
    expect(dimension.totalData).toMatchObject({ push: 2 * DEVICES, dispatch: 2 * DEVICES, ...day });

    const platform = await data(`/tcm/v1/dashboard/report/msg?start=${today}&end=${today}`);
    expect(platform).toMatchObject({ end: today, fallback: false });
    expect(platform.dated).toEqual([expect.objectContaining({ date: today, ...day })]);
  });

  it('gives the app reports’ show rate over notifications only, in every report and CSV', async () => {
    const app = `/tcm/v1/app/${appId}`;
    const q = `start=${today}&end=${today}`;
    expect((await data(`${app}/report/project?${q}`)).dated).toEqual([expect.objectContaining(day)]);

    const dimension = await data(`${app}/report/dimension?${q}`);
    expect(dimension.dated).toEqual([expect.objectContaining(day)]);
    expect(dimension.totalData).toMatchObject(day);
    expect(dimension.avgData).toMatchObject({ showRate: 95 });

    const sub = await data(`${app}/report/version-country?${q}`);
    expect(sub.countries).toEqual([expect.objectContaining({ key: 'NG', ...day })]);
    expect(sub.versions).toEqual([expect.objectContaining({ key: '3.1.0', ...day })]);

    expect(await csvShowRates(`${app}/report/trend/export?${q}`)).toEqual({ [today]: 95 });
    expect(await csvShowRates(`${app}/report/msg/export?${q}`)).toEqual({
      [today]: 95,
      total: 95,
      average: 95,
    });
    // the AI modes hold neither message; backend push holds both
    expect((await data(`${app}/report/dimension?${q}&type=1`)).totalData).toMatchObject(day);
  });

  it('gives the platform dashboards’ and tabs’ show rate over notifications only, and per message its own', async () => {
    const q = `start=${today}&end=${today}`;
    const countries = await data(`/tcm/v1/dashboard/report/msg/country/app?${q}`);
    expect(countries.countries).toEqual([expect.objectContaining({ key: 'NG', ...day })]);
    expect(countries.rows).toEqual([expect.objectContaining({ appId, key: 'NG', ...day })]);

    const tab = await post('/tcm/global/plat/dashboard', { start: today, end: today, appId });
    expect(tab.dated).toEqual([expect.objectContaining(day)]);
    expect(tab.totalData).toMatchObject(day);
    // a message's own show rate: the notification's 95 %; a cross message shows nothing it could have shown
    const byTitle = Object.fromEntries(
      tab.results.map((m: { title: string; showRate: number }) => [m.title, m.showRate]),
    );
    expect(byTitle).toEqual({ Sale: 95, Sync: 0 });
    // the message list says the same of each message
    for (const [msgType, title, rate] of [
      [1, 'Sale', 95],
      [2, 'Sync', 0],
    ] as const) {
      const rows = await post(`/tcm/v1/app/${appId}/msg/list`, { msgType });
      expect(rows.results).toEqual([expect.objectContaining({ title, showRate: rate })]);
    }
    const sorted = await post('/tcm/global/plat/dashboard', {
      start: today,
      end: today,
      appId,
      sort: 'showRate',
      order: 'descend',
    });
    expect(sorted.results.map((m: { title: string }) => m.title)).toEqual(['Sale', 'Sync']);
    expect(
      await csvShowRates(`/tcm/global/plat/dashboard/export?start=${today}&end=${today}&appId=${appId}`),
    ).toMatchObject({ total: 95 });

    const stat = await post('/tcm/global/msg/stat', { start: today, end: today, appId, timeType: 1 });
    expect(stat.rows).toEqual([expect.objectContaining(day)]);
    expect(stat.totalData).toMatchObject(day);
    const list = await post('/tcm/global/msg/list', { start: today, end: today, appId, timeType: 1 });
    expect(list.results).toEqual([expect.objectContaining({ appId, ...day })]);
    // the report tab filtered to cross messages: reached, nothing that could be shown
    const crossOnly = await post('/tcm/global/msg/stat', {
      start: today,
      end: today,
      appId,
      timeType: 1,
      msgType: 2,
    });
    expect(crossOnly.totalData).toMatchObject({ reach: DEVICES, show: 0, showRate: 0 });
  });

  it('gives yesterday’s cards the same show rate, in the app and on the admin dashboard', async () => {
    await shiftStatisticsDays(t, appId, -1);
    expect((await data(`/tcm/v1/app/${appId}/report/yesterday`)).yesterday).toMatchObject(day);
    expect((await data('/tcm/v1/dashboard/report/yesterday')).yesterday).toMatchObject(day);
  });
});
