import { startEmulator, type FcmEmulator } from '@beacon/fcm-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { startTestApp, TestClient, type TestApp } from '../../test/test-app';
import { NOTIFICATION, ownerAppOnEmulator } from '../../test/messaging';
import { until } from '../../test/until';
import { registerOnEmulator, reportSdkEvents } from '../../test/devices';

const content = NOTIFICATION;

describe.each(backends())('notification delivery end to end [$name]', (backend) => {
  let t: TestApp;
  let emu: FcmEmulator;
  let appId: number;
  let owner: TestClient;
  const tokens: string[] = [];
  const sdk = { auth: '' };

  beforeAll(async () => {
    emu = await startEmulator({ tlsPort: null });
    t = await startTestApp(backend, { FCM_BASE_URL: emu.h2cUrl }, { runWorkers: true });
    const created = await ownerAppOnEmulator(t, emu, {
      title: 'Shop',
      pkg: 'com.example.shop',
      projectId: 'shop-project',
    });
    owner = created.owner;
    appId = created.app.id;
    sdk.auth = created.sdkAuth;
    // 30 devices: 0–19 fine in NG/KE, 20–23 notifications off, 24–26 uninstalled after registering, 27–29 in GH
    for (let i = 0; i < 30; i++) {
      const token = await registerOnEmulator(t, emu, created, i, {
        country: i >= 27 ? 'GH' : i % 2 ? 'NG' : 'KE',
        appVersion: i % 3 ? '3.1.0' : '3.2.0',
        notificationsEnabled: !(i >= 20 && i < 24),
      });
      tokens.push(token);
    }
    for (let i = 24; i < 27; i++) emu.unregisterDevice(tokens[i]!);
  });
  afterAll(async () => {
    await t?.close();
    await emu?.close();
  });

  it('estimates the audience and refuses a push count above it, naming the field', async () => {
    const est = await owner.post(`/tcm/v1/app/${appId}/msg/target/max`, {
      targetingType: 1,
      conditions: [{ label: 'country', op: 'in', values: ['GH'], allSelected: 0 }],
    });
    expect(est.json()).toEqual({ status: 200, msg: 'success', data: { newCount: 3, exact: true } });
    const tooMany = await owner.post(`/tcm/v1/app/${appId}/msg/save`, {
      msgType: 1,
      data: content,
      title: 'Too many',
      pushCount: 99,
      targetingType: 0,
      scheduleType: 1,
    });
    expect(tooMany.json()).toMatchObject({ status: 400, data: { fields: [{ field: 'pushCount' }] } });
    const badContent = await owner.post(`/tcm/v1/app/${appId}/msg/save`, {
      msgType: 1,
      data: { ...content, noti_open_type: 2 },
      title: 'Bad link',
      pushCount: 1,
      targetingType: 0,
      scheduleType: 1,
    });
    expect(badContent.json()).toMatchObject({
      status: 400,
      data: { fields: [{ field: 'data.noti_open_content' }] },
    });
  });

  it('sends to every targeted device exactly once, records each loss with its code, and counts events', async () => {
    emu.resetStats();
    const saved = await owner.post(`/tcm/v1/app/${appId}/msg/save`, {
      msgType: 1,
      data: content,
      title: 'Flash sale',
      pushCount: 30,
      targetingType: 0,
      scheduleType: 1,
    });
    expect(saved.json()).toMatchObject({ status: 200, data: { status: 0 } });
    const id = saved.json().data.id as number;
    const detail = await until(
      'sent',
      () => owner.post(`/tcm/v1/app/${appId}/msg/detail`, { id }).then((r) => r.json().data),
      (d) => d.status === 1,
    );
    // targeted = dispatched + lost: the 7 losses below (4 notifications off, 3 uninstalled)
    expect(detail).toMatchObject({ dispatchCount: 23, lostCount: 7, pushCount: 30, targetCount: 30 });
    // every installed, notifications-on device got exactly one FCM request; no other device got one
    const delivered = tokens.map(
      (tok) =>
        emu.inbox(tok).filter((d) => (d.message.data as Record<string, string>).tcm_msg_id === String(id))
          .length,
    );
    expect(delivered.slice(0, 20)).toEqual(Array(20).fill(1));
    expect(delivered.slice(20, 24)).toEqual([0, 0, 0, 0]);
    expect(delivered.slice(27)).toEqual([1, 1, 1]);
    const data = emu.inbox(tokens[0]!)[0]!.message.data as Record<string, string>;
    expect(data).toMatchObject({
      tcm_msg_id: String(id),
      tcm_msg_pkg: 'com.example.shop',
      noti_title: 'Flash sale',
      noti_small_icon: 'http://beacon.test/files/icon.png',
    });
    const loss = (await owner.call('GET', `/tcm/v1/app/${appId}/msg/${id}/lose`)).json().data
      .messageDistributionLoseList;
    expect(loss).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 107, count: 4 }),
        expect.objectContaining({ type: 1, count: 3 }),
      ]),
    );

    const ts = Date.now();
    for (const i of [0, 1, 2]) {
      await reportSdkEvents(t, sdk.auth, i, [
        { type: 'received', msgId: id, ts },
        { type: 'shown', msgId: id, ts },
        ...(i === 0 ? [{ type: 'clicked', msgId: id, ts }] : []),
      ]);
    }
    const row = await until(
      'counts',
      async () =>
        (await owner.post(`/tcm/v1/app/${appId}/msg/list`, { msgType: 1 }))
          .json()
          .data.results.find((r: { id: number }) => r.id === id),
      (r) => r.arriveAll === 3,
    );
    expect(row).toMatchObject({
      dispatchCount: 23,
      lostCount: 7,
      arriveAll: 3,
      show: 3,
      click: 1,
      reachRate: 13.04,
      showRate: 100,
      clickRate: 33.33,
    });
    const byCountry = (await owner.call('GET', `/tcm/v1/app/${appId}/msg/${id}/distribution/country`)).json()
      .data.rows;
    expect(byCountry.find((r: { key: string }) => r.key === 'GH')).toMatchObject({ dispatch: 3 });
  });

  it('targets conditions and recalls exactly the devices that got the message', async () => {
    const saved = await owner.post(`/tcm/v1/app/${appId}/msg/save`, {
      msgType: 1,
      data: content,
      title: 'Ghana only',
      pushCount: 3,
      targetingType: 1,
      scheduleType: 1,
      conditions: [{ label: 'country', op: 'in', values: ['GH'], allSelected: 0 }],
    });
    const id = saved.json().data.id as number;
    await until(
      'sent',
      () => owner.post(`/tcm/v1/app/${appId}/msg/detail`, { id }).then((r) => r.json().data),
      (d) => d.status === 1,
    );
    expect((await owner.post(`/tcm/v1/app/${appId}/msg/${id}/retreat`)).json().status).toBe(200);
    await until(
      'recalled',
      () => owner.post(`/tcm/v1/app/${appId}/msg/detail`, { id }).then((r) => r.json().data),
      (d) => d.status === 8,
    );
    const recalls = tokens.map(
      (tok) =>
        emu
          .inbox(tok)
          .filter((d) => (d.message.data as Record<string, string>).tcm_target_msg_id === String(id)).length,
    );
    expect(recalls).toEqual([...Array(27).fill(0), 1, 1, 1]);
    expect((await owner.post(`/tcm/v1/app/${appId}/msg/${id}/retreat`)).json().status).toBe(21023);
    expect((await owner.post(`/tcm/v1/app/${appId}/msg/${id}/stop`)).json().status).toBe(21023);
  });

  it('stops a slow push: nothing more is sent after stop returns', async () => {
    const user = (await t.repos.users.findByEmail('owner@example.com'))!;
    const sa = emu.createServiceAccount('slow-project', { tokenUri: emu.tokenUri('h2c') });
    const { app } = await t.services.apps.create({
      title: 'Slow',
      pkg: 'com.example.slow',
      owner: { userId: user.id, email: user.email },
      serviceAccount: {
        json: JSON.stringify(sa),
        projectId: sa.project_id,
        clientEmail: sa.client_email,
        fileName: 'sa.json',
      },
    });
    const slowTokens = Array.from({ length: 3000 }, () =>
      emu.registerDevice({ projectId: 'slow-project', packageName: 'com.example.slow' }),
    );
    await t.database.query(
      `WITH d AS (
         INSERT INTO devices (app_id, gaid, country, language, brand, model, os_version, app_version, app_version_code, timezone, utc_offset_min, notifications_enabled)
         SELECT $1, ('10000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid, 'NG', 'en', 'TECNO', 'SPARK 10', 33, '3.1.0', 310, 'Africa/Lagos', 60, true
         FROM generate_series(0, 2999) g RETURNING id, gaid
       ) INSERT INTO device_tokens (device_id, token) SELECT d.id, ($2::text[])[right(d.gaid::text, 12)::int + 1] FROM d`,
      [app.id, slowTokens],
    );
    const saved = await owner.post(`/tcm/v1/app/${app.id}/msg/save`, {
      msgType: 1,
      data: content,
      title: 'Slow',
      pushCount: 3000,
      targetingType: 0,
      scheduleType: 1,
      speedLimit: 1000,
    });
    const id = saved.json().data.id as number;
    const count = () =>
      slowTokens.reduce(
        (n, tok) =>
          n +
          emu.inbox(tok).filter((d) => (d.message.data as Record<string, string>).tcm_msg_id === String(id))
            .length,
        0,
      );
    await until(
      'sending',
      async () => count(),
      (n) => n >= 300,
    );
    expect((await owner.post(`/tcm/v1/app/${app.id}/msg/${id}/stop`)).json().status).toBe(200);
    // requests already handed to HTTP/2 when stop returned still land (at most one chunk per dispatch worker)
    const atStop = count();
    let afterStop = atStop;
    for (let quiet = 0; quiet < 10;) {
      await new Promise((r) => setTimeout(r, 100));
      const now = count();
      quiet = now === afterStop ? quiet + 1 : 0;
      afterStop = now;
    }
    expect(afterStop - atStop).toBeLessThanOrEqual(4 * 100);
    await new Promise((r) => setTimeout(r, 2000));
    expect(count()).toBe(afterStop);
    expect(afterStop).toBeLessThan(3000);
    const d = await until(
      'stopped',
      () => owner.post(`/tcm/v1/app/${app.id}/msg/detail`, { id }).then((r) => r.json().data),
      (x) => x.status === 3,
    );
    expect(d.dispatchCount).toBe(afterStop);
  });

  it('refuses a stranger with 403/1002 and a speed limit out of range with 21025', async () => {
    const bad = await owner.post(`/tcm/v1/app/${appId}/msg/save`, {
      msgType: 1,
      data: content,
      title: 'x',
      pushCount: 1,
      targetingType: 0,
      scheduleType: 1,
      speedLimit: 50,
    });
    expect(bad.json().status).toBe(21025);
    expect(bad.json().msg).toBe(
      'Speed limit illegal: speedLimit must be 0 (no limit) or 1000–10000 a second',
    );
    await t.services.users.save(
      { email: 'stranger@example.com', source: 2, ulevel: 0, description: '', password: 'Stranger#1' },
      (await t.repos.users.findByEmail('owner@example.com'))!,
    );
    const stranger = new TestClient(t.app);
    await stranger.login('stranger@example.com', 'Stranger#1');
    const res = await stranger.post(`/tcm/v1/app/${appId}/msg/list`, { msgType: 1 });
    expect(res.statusCode).toBe(403);
    expect(res.json().status).toBe(1002);
  });

  it('drops exactly the devices each policy names, with its loss code', async () => {
    // the platform bans GH (6), the app bans KE (104): only the NG devices (odd indexes below 20) are sent
    await t.database.query(`INSERT INTO platform_forbidden_countries (country) VALUES ('GH')`);
    await t.database.query(`INSERT INTO app_forbidden_countries (app_id, country) VALUES ($1, 'KE')`, [
      appId,
    ]);
    try {
      const body = {
        msgType: 1,
        data: content,
        title: 'Policies',
        pushCount: 30,
        targetingType: 0,
        scheduleType: 1,
      };
      // the forbidden-country answer: 202 until the sender confirms with countryMsgforceCreate
      expect((await owner.post(`/tcm/v1/app/${appId}/msg/save`, body)).json().status).toBe(202);
      const saved = await owner.post(`/tcm/v1/app/${appId}/msg/save`, {
        ...body,
        countryMsgforceCreate: true,
      });
      const id = saved.json().data.id as number;
      const d = await until(
        'sent',
        () => owner.post(`/tcm/v1/app/${appId}/msg/detail`, { id }).then((r) => r.json().data),
        (x) => x.status === 1,
      );
      expect(d.dispatchCount).toBe(10);
      const loss = (await owner.call('GET', `/tcm/v1/app/${appId}/msg/${id}/lose`)).json().data
        .messageDistributionLoseList as Array<{ type: number; count: number }>;
      const byCode = Object.fromEntries(loss.map((l) => [l.type, l.count]));
      // uninstalled (24–26) and notifications off (20–23) are dropped before the policies look at them
      expect(byCode).toEqual({ 1: 3, 107: 4, 6: 3, 104: 10 });
      const sentTo = tokens.map((tok) =>
        emu.inbox(tok).some((x) => (x.message.data as Record<string, string>).tcm_msg_id === String(id)),
      );
      expect(sentTo.map((v, i) => (v ? i : -1)).filter((i) => i >= 0)).toEqual([
        1, 3, 5, 7, 9, 11, 13, 15, 17, 19,
      ]);
    } finally {
      await t.database.query(`DELETE FROM platform_forbidden_countries`);
      await t.database.query(`DELETE FROM app_forbidden_countries`);
    }
  });

  it('refuses sensitive words: 60000 for the platform list, 60003 for the app list that a manager may force', async () => {
    await t.database.query(
      `INSERT INTO sensitive_words (app_id, word) VALUES (NULL, 'jackpot'), ($1, 'casino')`,
      [appId],
    );
    try {
      const body = (title: string) => ({
        msgType: 1,
        data: { ...content, noti_title: title },
        title: 'Words',
        pushCount: 1,
        targetingType: 0,
        scheduleType: 1,
      });
      const platform = await owner.post(`/tcm/v1/app/${appId}/msg/save`, body('Win the JACKPOT now'));
      expect(platform.json()).toMatchObject({ status: 60000 });
      expect(platform.json().msg).toContain('jackpot');
      const appWord = await owner.post(`/tcm/v1/app/${appId}/msg/save`, body('Casino night'));
      expect(appWord.json().status).toBe(60003);
      const forced = await owner.post(`/tcm/v1/app/${appId}/msg/save`, {
        ...body('Casino night'),
        forceCreate: true,
      });
      expect(forced.json().status).toBe(200);
    } finally {
      await t.database.query('DELETE FROM sensitive_words');
    }
  });
});
