import { startEmulator, type FcmEmulator } from '@beacon/fcm-emulator';
import { addDays, utcDay } from '@beacon/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { registerOnEmulator, reportSdkEvents } from '../../test/devices';
import { signedIn } from '../../test/fixtures/team';
import { NOTIFICATION, ownerAppOnEmulator } from '../../test/messaging';
import { shiftStatisticsDays } from '../../test/statistics';
import { startTestApp, TestClient, type TestApp } from '../../test/test-app';
import { until } from '../../test/until';

/**
 * Every statistics read on one real send, with hand-computed figures. Eight devices: 0–3 Nigeria 3.1.0, 4–5 Kenya
 * 3.2.0, 6 Nigeria with notifications off (loss 107, noticeOff), 7 Kenya uninstalled at FCM (loss 1). Events: 0
 * received; 1 shown; 2 clicked (implies shown and received); 3 clicked twice; 4 received and shown; 5 nothing; 6 (not
 * dispatched) clicked; 0 also for an unknown message. So push 8, dispatch 6, reach 5 (0–4), show 4 (1–4), click 2
 * (2, 3); Nigeria push 5, dispatch 4, reach 4, show 3, click 2; Kenya push 3, dispatch 2, reach 1, show 1, click 0.
 */
describe.each(backends())('statistics routes [$name]', (backend) => {
  let t: TestApp;
  let emu: FcmEmulator;
  let appId: number;
  let msgId: number;
  let owner: TestClient;
  let tester: TestClient;
  const yesterday = addDays(utcDay(), -1);

  beforeAll(async () => {
    emu = await startEmulator({ tlsPort: null });
    t = await startTestApp(backend, { FCM_BASE_URL: emu.h2cUrl }, { runWorkers: true });
    const created = await ownerAppOnEmulator(t, emu, {
      title: 'Stats',
      pkg: 'com.example.stats',
      projectId: 'stats',
    });
    owner = created.owner;
    appId = created.app.id;
    const kenya = { country: 'KE', appVersion: '3.2.0', timezone: 'Africa/Nairobi' };
    const tokens: string[] = [];
    for (let i = 0; i < 8; i++)
      tokens.push(
        await registerOnEmulator(t, emu, created, i, {
          ...(i === 4 || i === 5 || i === 7 ? kenya : {}),
          notificationsEnabled: i !== 6,
        }),
      );
    emu.unregisterDevice(tokens[7]!);

    const root = (await t.repos.users.findByEmail('owner@example.com'))!;
    await t.services.users.save(
      { email: 'tester@example.com', source: 2, ulevel: 0, description: '', password: 'Team#2024x' },
      root,
    );
    const testerUser = (await t.repos.users.findByEmail('tester@example.com'))!;
    await t.database.query(
      'INSERT INTO app_members (app_id, user_id, email, ulevel, status) VALUES ($1, $2, $3, 500, 0)',
      [appId, testerUser.id, testerUser.email],
    );
    tester = await signedIn(t, 'tester@example.com', 'Team#2024x');

    const saved = await owner.post(`/tcm/v1/app/${appId}/msg/save`, {
      msgType: 1,
      data: NOTIFICATION,
      title: 'Stats',
      pushCount: 8,
      targetingType: 0,
      scheduleType: 1,
    });
    msgId = saved.json().data.id as number;
    await until(
      'sent',
      () => owner.post(`/tcm/v1/app/${appId}/msg/detail`, { id: msgId }).then((r) => r.json().data),
      (d) => d.status === 1,
    );
    const ts = Date.now();
    const ev = (...types: string[]) => types.map((type) => ({ type, msgId, ts }));
    const sdk = (i: number, events: Array<{ type: string; msgId: number; ts: number }>) =>
      reportSdkEvents(t, created.sdkAuth, i, events).then((r) => expect(r.json().status).toBe(200));
    await sdk(0, [...ev('received'), { type: 'clicked', msgId: 987654, ts }]);
    await sdk(1, ev('shown'));
    await sdk(2, ev('clicked'));
    await sdk(3, ev('clicked', 'clicked'));
    await sdk(3, ev('clicked'));
    await sdk(4, ev('received', 'shown'));
    await sdk(6, ev('clicked'));
    // today's sends become yesterday's: report ranges end before today (part 2 §5)
    await shiftStatisticsDays(t, appId, -1);
  });
  afterAll(async () => {
    await t?.close();
    await emu?.close();
  });

  const get = (path: string, who = owner) => who.call('GET', `/tcm/v1/app/${appId}${path}`);
  const data = async (path: string, who = owner) => {
    const res = await get(path, who);
    expect(res.json().status, res.body).toBe(200);
    return res.json().data;
  };

  it('counts the message once per device and event, only for dispatched devices (list, funnel, losses)', async () => {
    const row = (await owner.post(`/tcm/v1/app/${appId}/msg/list`, { msgType: 1 })).json().data.results[0];
    expect(row).toMatchObject({ dispatchCount: 6, arriveAll: 5, show: 4, click: 2, reachRate: 83.33 });
    expect(await data(`/msg/${msgId}/funnel`)).toMatchObject({
      push: 8,
      channelReach: 6,
      targetReceive: 5,
      show: 4,
      click: 2,
      waiting: 0,
    });
    const loss = await data(`/msg/${msgId}/lose`);
    expect(loss.total).toBe(8);
    expect(loss.messageDistributionLoseList).toEqual([
      { type: 1, count: 1, loseRate: 12.5 },
      { type: 107, count: 1, loseRate: 12.5 },
    ]);
    const stray = await t.database.query<{ gaid: string; message_id: string }>(
      'SELECT gaid::text AS gaid, message_id::text AS message_id FROM stat_stray_events WHERE app_id = $1 ORDER BY 2',
      [appId],
    );
    expect(stray.map((s) => s.message_id)).toEqual([String(msgId), '987654']);
  });

  it('splits the message by country and by version, and exports it as CSV', async () => {
    const byCountry = (await data(`/msg/${msgId}/distribution/country`)).rows;
    expect(byCountry).toEqual([
      { key: 'NG', dispatch: 4, reach: 4, reachRate: 100, show: 3, showRate: 75, click: 2, clickRate: 66.67 },
      { key: 'KE', dispatch: 2, reach: 1, reachRate: 50, show: 1, showRate: 100, click: 0, clickRate: 0 },
    ]);
    const csv = await get(`/msg/${msgId}/distribution/version/export`, tester);
    expect(csv.body.replace(/^\uFEFF/, '')).toBe(
      'version,dispatch,reach,reachRate,show,showRate,click,clickRate\r\n3.1.0,4,4,100,3,75,2,66.67\r\n3.2.0,2,1,50,1,100,0,0\r\n',
    );
    const bad = await get(`/msg/${msgId}/distribution/city/export`);
    expect(bad.json()).toMatchObject({ status: 400, data: { fields: [{ field: 'dimension' }] } });
  });

  it('answers yesterday by mode, with every rate over the step before', async () => {
    const all = await data('/report/yesterday?type=0');
    expect(all.yesterday).toEqual({
      date: yesterday,
      push: 8,
      dispatch: 6,
      reach: 5,
      show: 4,
      click: 2,
      conversion: 0,
      noticeOff: 1,
      showableReach: 5,
      showableShow: 4,
      showUv: 4,
      clickUv: 2,
      dispatchRate: 75,
      reachRate: 83.33,
      showRate: 80,
      clickRate: 50,
      conversionRate: 0,
      noticeOffRate: 12.5,
      clickUvRate: 50,
    });
    expect(all.before).toMatchObject({ date: addDays(yesterday, -1), push: 0, dispatch: 0 });
    expect((await data('/report/yesterday?type=1')).yesterday).toMatchObject({ push: 8, showUv: 4 });
    // no message used AI content: the AI modes are empty
    expect((await data('/report/yesterday?type=2')).yesterday).toMatchObject({ push: 0, show: 0, showUv: 0 });
  });

  it('answers the trend, the dimension report and its sub-report from the same counts', async () => {
    const project = await data('/report/project');
    expect(project).toMatchObject({ end: yesterday, fallback: true });
    expect(project.dated).toHaveLength(7);
    expect(project.dated.at(-1)).toMatchObject({ date: yesterday, push: 8, dispatch: 6, reach: 5 });

    const kenya = await data(`/report/dimension?start=${yesterday}&end=${yesterday}&country=KE`);
    expect(kenya).toMatchObject({ start: yesterday, end: yesterday, fallback: false });
    expect(kenya.dated).toHaveLength(1);
    expect(kenya.totalData).toMatchObject({ push: 3, dispatch: 2, reach: 1, show: 1, click: 0, showUv: 1 });

    const week = await data(`/report/dimension?start=${addDays(yesterday, -6)}&end=${yesterday}`);
    expect(week.totalData).toMatchObject({ push: 8, dispatch: 6, reach: 5, show: 4, click: 2 });
    expect(week.avgData).toMatchObject({ push: 1.14, dispatch: 0.86, reach: 0.71 });

    const sub = await data(`/report/version-country?start=${yesterday}&end=${yesterday}`);
    expect(sub.countries.map((r: { key: string; push: number }) => [r.key, r.push])).toEqual([
      ['NG', 5],
      ['KE', 3],
    ]);
    expect(sub.versions.map((r: { key: string; show: number }) => [r.key, r.show])).toEqual([
      ['3.1.0', 3],
      ['3.2.0', 1],
    ]);
  });

  it('exports the trend and the dimension report with the table’s figures', async () => {
    const trend = await get(`/report/trend/export?start=${yesterday}&end=${yesterday}`);
    expect(trend.headers['content-type']).toMatch(/^text\/csv/);
    const lines = trend.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'date,push,dispatch,dispatchRate,reach,reachRate,show,showRate,click,clickRate,noticeOff,noticeOffRate,showUv,clickUv,clickUvRate',
    );
    expect(lines[1]).toBe(`${yesterday},8,6,75,5,83.33,4,80,2,50,1,12.5,4,2,50`);
    const dim = await get(`/report/msg/export?start=${yesterday}&end=${yesterday}&expand=1&country=NG`);
    const dimLines = dim.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(dimLines[0]).toContain('clickRate,conversion,conversionRate,noticeOff');
    expect(dimLines.map((l) => l.split(',')[0])).toEqual(['date', yesterday, 'total', 'average']);
    expect(dimLines[2]).toBe('total,5,4,80,4,100,3,75,2,66.67,0,0,1,20,3,2,66.67');
  });

  it('counts new and effective devices per day', async () => {
    const users = await data(`/report/user?start=${yesterday}&end=${yesterday}`);
    expect(users.yesterday).toEqual({ date: yesterday, effective: 8, newUser: 8 });
    expect(users.dated).toEqual([{ date: yesterday, effective: 8, newUser: 8 }]);
    const csv = await get(`/report/export?type=user&start=${yesterday}&end=${yesterday}`);
    expect(csv.body.replace(/^\uFEFF/, '')).toBe(`date,effective,newUser\r\n${yesterday},8,8\r\n`);
  });

  it('falls back to the last 7 days for a range that breaks the rules, and names bad fields', async () => {
    const tooLong = await data(`/report/dimension?start=${addDays(yesterday, -40)}&end=${yesterday}`);
    expect(tooLong).toMatchObject({ start: addDays(yesterday, -6), end: yesterday, fallback: true });
    const future = await data(`/report/project?start=${yesterday}&end=${addDays(utcDay(), 1)}`);
    expect(future.fallback).toBe(true);
    const bad = await get('/report/project?type=7');
    expect(bad.json()).toMatchObject({ status: 400, data: { fields: [{ field: 'type' }] } });
  });

  it('lets a tester read a message’s figures but not the app reports; strangers get nothing', async () => {
    expect((await get(`/msg/${msgId}/funnel`, tester)).json().status).toBe(200);
    const refused = await get('/report/project', tester);
    expect(refused.statusCode).toBe(403);
    expect((await get('/report/export?type=user', tester)).statusCode).toBe(403);
    const anonymous = await get('/report/project', new TestClient(t.app));
    expect(anonymous.statusCode).toBe(401);
    expect((await get(`/msg/${msgId + 1000}/funnel`)).json().status).toBe(404);
  });
});
