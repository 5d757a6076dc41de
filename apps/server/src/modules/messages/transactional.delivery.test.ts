import { startEmulator, type FcmEmulator } from '@beacon/fcm-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { gaid, registerOnEmulator, reportSdkEvents } from '../../test/devices';
import { NOTIFICATION, ownerAppOnEmulator } from '../../test/messaging';
import { startTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { until } from '../../test/until';

/**
 * Transactional sends (issue 33 §6) with an API key of scope `send`: a saved message's content, now, to listed
 * devices, through the engine and the FCM emulator; its own statistics reconcile (targeted = dispatched + Σ losses).
 */
describe.each(backends())('transactional send through the engine [$name]', (backend) => {
  let t: TestApp;
  let emu: FcmEmulator;
  let appId: number;
  let owner: TestClient;
  let sdkAuth: string;
  let key: string;
  let source = 0;
  const tokens: string[] = [];
  const nameUser = async (i: number, externalId: string | null) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/sdk/v1/user',
      headers: { authorization: sdkAuth },
      payload: { gaid: gaid(i), externalId },
    });
    expect(res.json().status, res.body).toBe(200);
  };

  const keyPost = (url: string, body: object) =>
    t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${key}` }, payload: body });
  const keyGet = (url: string) =>
    t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } });

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
    sdkAuth = created.sdkAuth;
    // 0–3 fine, 4 notifications off (loss 107), 5 uninstalled after registering (loss 1)
    for (let i = 0; i < 6; i++)
      tokens.push(await registerOnEmulator(t, emu, created, i, { notificationsEnabled: i !== 4 }));
    emu.unregisterDevice(tokens[5]!);
    const res = await owner.post(`/tcm/v1/app/${appId}/api-keys/create`, {
      name: 'Shop backend',
      scopes: ['send', 'statistics:read'],
    });
    key = res.json().data.secret as string;
  });
  afterAll(async () => {
    await t?.close();
    await emu?.close();
  });

  it('sends the message’s content to the listed devices, answers unknown ids, and its statistics reconcile', async () => {
    // M: a notification sent to device 0 only
    const saved = await keyPost(`/tcm/v1/app/${appId}/msg/save`, {
      msgType: 1,
      data: NOTIFICATION,
      title: 'Order shipped',
      pushCount: 1,
      targetingType: 2,
      userIds: [gaid(0)],
      scheduleType: 1,
    });
    expect(saved.json().status, saved.body).toBe(200);
    source = saved.json().data.id as number;

    const unknown = '00000000-0000-4000-8000-00000000ffff';
    const sent = await keyPost(`/tcm/v1/app/${appId}/transactional/send`, {
      msgId: source,
      to: { gaids: [1, 2, 3, 4, 5].map(gaid).concat(unknown.toUpperCase(), gaid(1)) },
    });
    expect(sent.json(), sent.body).toMatchObject({
      status: 200,
      data: { targeted: 5, unknownGaids: [unknown] },
    });
    const id = sent.json().data.msgId as number;
    expect(id).not.toBe(source);

    const detail = await until(
      'sent',
      () => keyPost(`/tcm/v1/app/${appId}/msg/detail`, { id }).then((r) => r.json().data),
      (d) => d.status === 1,
    );
    expect(detail).toMatchObject({ targetCount: 5, dispatchCount: 3, title: 'Order shipped' });
    const losses = (await keyGet(`/tcm/v1/app/${appId}/msg/${id}/lose`)).json().data
      .messageDistributionLoseList as Array<{ type: number; count: number }>;
    const lost = losses.reduce((n, l) => n + l.count, 0);
    expect(detail.targetCount).toBe(detail.dispatchCount + lost);
    expect(losses).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 107, count: 1 }),
        expect.objectContaining({ type: 1, count: 1 }),
      ]),
    );
    // each listed, reachable device got the content once under the send's own id; device 0 (only M's) got none
    const got = tokens.map(
      (tok) =>
        emu.inbox(tok).filter((d) => (d.message.data as Record<string, string>).tcm_msg_id === String(id))
          .length,
    );
    expect(got).toEqual([0, 1, 1, 1, 0, 0]);
    const payload = emu.inbox(tokens[1]!).at(-1)!.message.data as Record<string, string>;
    expect(payload).toMatchObject({ noti_title: NOTIFICATION.noti_title, tcm_msg_type: '1' });

    // device events count under the send: reach ≤ dispatched
    await reportSdkEvents(t, sdkAuth, 1, [{ type: 'received', msgId: id, ts: Date.now() }]);
    const counted = await until(
      'reach counted',
      () => keyPost(`/tcm/v1/app/${appId}/msg/detail`, { id }).then((r) => r.json().data),
      (d) => d.arriveAll === 1,
    );
    expect(counted).toMatchObject({ dispatchCount: 3, arriveAll: 1 });

    // the send is not listed among the app's messages; M is
    const list = (await keyPost(`/tcm/v1/app/${appId}/msg/list`, { msgType: 1 })).json().data
      .results as Array<{
      id: number;
    }>;
    expect(list.map((r) => r.id)).toEqual([source]);
  });

  it('sends to an app user’s devices: those it is signed in on now', async () => {
    // user cust-7 on devices 1 and 2; device 2 then signs in as cust-8
    await nameUser(1, 'cust-7');
    await nameUser(2, 'cust-7');
    await nameUser(2, 'cust-8');
    const sent = await keyPost(`/tcm/v1/app/${appId}/transactional/send`, {
      msgId: source,
      to: { userId: 'cust-7' },
    });
    expect(sent.json(), sent.body).toMatchObject({ status: 200, data: { targeted: 1, unknownGaids: [] } });
    const id = sent.json().data.msgId as number;
    await until(
      'sent',
      () => keyPost(`/tcm/v1/app/${appId}/msg/detail`, { id }).then((r) => r.json().data),
      (d) => d.status === 1,
    );
    const got = tokens.map(
      (tok) =>
        emu.inbox(tok).filter((d) => (d.message.data as Record<string, string>).tcm_msg_id === String(id))
          .length,
    );
    expect(got).toEqual([0, 1, 0, 0, 0, 0]);

    const nobody = await keyPost(`/tcm/v1/app/${appId}/transactional/send`, {
      msgId: source,
      to: { userId: 'cust-404' },
    });
    expect(nobody.json()).toMatchObject({ status: 400, data: { fields: [{ field: 'to.userId' }] } });
    const both = await keyPost(`/tcm/v1/app/${appId}/transactional/send`, {
      msgId: source,
      to: { userId: 'cust-7', gaids: [gaid(1)] },
    });
    expect(both.json()).toMatchObject({ status: 400, data: { fields: [{ field: 'to.userId' }] } });
  });

  it('refuses a message that waits for review, an unknown message and a list of no device', async () => {
    const none = await keyPost(`/tcm/v1/app/${appId}/transactional/send`, {
      msgId: 999999,
      to: { gaids: [gaid(1)] },
    });
    expect(none.json().status).toBe(404);
    const [m] = await t.database.query<{ id: number }>(
      'SELECT id::int AS id FROM messages WHERE app_id = $1 ORDER BY id LIMIT 1',
      [appId],
    );
    const nobody = await keyPost(`/tcm/v1/app/${appId}/transactional/send`, {
      msgId: m!.id,
      to: { gaids: ['00000000-0000-4000-8000-00000000eeee'] },
    });
    expect(nobody.json()).toMatchObject({ status: 400, data: { fields: [{ field: 'to.gaids' }] } });
    await t.database.query('UPDATE messages SET status = 11 WHERE id = $1', [m!.id]);
    const pending = await keyPost(`/tcm/v1/app/${appId}/transactional/send`, {
      msgId: m!.id,
      to: { gaids: [gaid(1)] },
    });
    expect(pending.json()).toMatchObject({ status: 400, data: { fields: [{ field: 'msgId' }] } });
    const tooMany = await keyPost(`/tcm/v1/app/${appId}/transactional/send`, {
      msgId: m!.id,
      to: { gaids: Array.from({ length: 1001 }, (_, i) => gaid(i)) },
    });
    expect(tooMany.json()).toMatchObject({ status: 400, data: { fields: [{ field: 'to.gaids' }] } });
  });
});
