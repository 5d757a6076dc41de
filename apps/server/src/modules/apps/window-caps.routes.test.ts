import { startEmulator, type FcmEmulator } from '@beacon/fcm-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { gaid, registerOnEmulator } from '../../test/devices';
import { NOTIFICATION, ownerAppOnEmulator } from '../../test/messaging';
import { startTestApp, TestClient, type TestApp } from '../../test/test-app';
import { until } from '../../test/until';

const PW = 'Member#2024';

/**
 * Frequency caps over any window (issue 32 §3) end to end: the read and set routes (the owner's and super admins',
 * the shared rule's 400 naming the field), then a cap the delivery engine enforces with loss 110, the forecast before
 * send counting it, and troubleshooting explaining it.
 */
describe.each(backends('one'))('frequency caps over any window [$name]', (backend) => {
  let t: TestApp;
  let emu: FcmEmulator;
  let appId: number;
  let owner: TestClient;
  let operator: TestClient;
  const url = (rest: string) => `/tcm/v1/app/${appId}/${rest}`;
  const ok = async <T>(res: Promise<{ json<U>(): U; body: string }>): Promise<T> => {
    const r = await res;
    const body = r.json<{ status: number; data: T }>();
    expect(body.status, r.body).toBe(200);
    return body.data;
  };
  const send = async (title: string) => {
    const { id } = await ok<{ id: number }>(
      owner.post(url('msg/save'), {
        msgType: 1,
        data: NOTIFICATION,
        title,
        pushCount: 3,
        targetingType: 0,
        scheduleType: 1,
      }),
    );
    await until(
      'sent',
      () => ok<{ status: number }>(owner.post(url('msg/detail'), { id })),
      (d) => d.status === 1,
      90_000,
      100,
    );
    return id;
  };
  const losses = async (id: number) => {
    const data = await ok<{ messageDistributionLoseList: Array<{ type: number; count: number }> }>(
      owner.call('GET', url(`msg/${id}/lose`)),
    );
    return Object.fromEntries(data.messageDistributionLoseList.map((l) => [l.type, l.count]));
  };

  beforeAll(async () => {
    emu = await startEmulator({ tlsPort: null });
    t = await startTestApp(backend, { FCM_BASE_URL: emu.h2cUrl }, { runWorkers: true });
    const created = await ownerAppOnEmulator(t, emu, {
      title: 'Caps',
      pkg: 'com.example.caps',
      projectId: 'caps-project',
    });
    appId = created.app.id;
    owner = created.owner;
    const root = (await t.repos.users.findByEmail('owner@example.com'))!;
    await t.services.users.save(
      { email: 'operator@example.com', source: 2, ulevel: 0, description: '', password: PW },
      root,
    );
    await t.database.query(
      `INSERT INTO app_members (app_id, user_id, email, ulevel, status)
       SELECT $1, id, email, 400, 0 FROM users WHERE email = 'operator@example.com'`,
      [appId],
    );
    operator = new TestClient(t.app);
    await operator.login('operator@example.com', PW);
    for (let i = 0; i < 3; i++) await registerOnEmulator(t, emu, created, i, { country: 'NG' });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await emu?.close();
  });

  it('reads none at first; the owner sets them; an operator may neither read nor set', async () => {
    expect(await ok(owner.post(url('window-caps'), {}))).toEqual({ notification: [], cross: [] });
    const caps = {
      notification: [{ maxMessages: 1, windowDays: 7 }],
      cross: [{ maxMessages: 5, windowDays: 30 }],
    };
    expect(await ok(owner.post(url('window-caps/save'), caps))).toEqual(caps);
    expect(await ok(owner.post(url('window-caps'), {}))).toEqual(caps);
    expect((await operator.post(url('window-caps'), {})).json().status).toBe(1002);
    expect((await operator.post(url('window-caps/save'), { notification: [] })).json().status).toBe(1002);
    expect(await ok(owner.post(url('window-caps'), {}))).toEqual(caps);
  });

  it('refuses bad caps with a 400 naming the field, changing nothing', async () => {
    const before = await ok(owner.post(url('window-caps'), {}));
    const res = await owner.post(url('window-caps/save'), {
      notification: [
        { maxMessages: 0, windowDays: 7 },
        { maxMessages: 3, windowDays: 7 },
      ],
      cross: [{ maxMessages: 2, windowDays: 91 }],
    });
    expect(res.statusCode).toBe(400);
    const fields = (res.json().data.fields as Array<{ field: string }>).map((f) => f.field);
    expect(fields).toEqual(
      expect.arrayContaining([
        'notification.0.maxMessages',
        'notification.1.windowDays',
        'cross.0.windowDays',
      ]),
    );
    expect(res.json().msg).toContain('notification.0.maxMessages must be at least 1');
    expect(await ok(owner.post(url('window-caps'), {}))).toEqual(before);
  });

  it('drops with 110 the devices one more notification would take past a cap; the forecast and troubleshooting say so', async () => {
    // 1 notification per device in any 7 days: the first message reaches every device
    const first = await send('First');
    expect(await losses(first)).toEqual({});
    // the forecast of a second notification: every device is at its cap; a cross message has its own caps
    const forecast = (msgType: number) =>
      ok<{ forecast: { send: number; losses: Array<{ type: number; count: number }> } }>(
        owner.post(url('msg/target/max'), { targetingType: 0, msgType, forecast: true }),
      ).then((d) => d.forecast);
    expect(await forecast(1)).toMatchObject({ send: 0, losses: [{ type: 110, count: 3 }] });
    expect(await forecast(2)).toMatchObject({ send: 3, losses: [] });

    const second = await send('Second');
    expect(await losses(second)).toEqual({ 110: 3 });
    const trace = await ok<{
      stage: string;
      loss: { code: number; name: string; policy: string; detail: string | null };
    }>(owner.post(url('instance/message/query'), { instanceId: gaid(0), msgId: second }));
    expect(trace).toMatchObject({
      stage: 'dropped',
      loss: {
        code: 110,
        name: 'Frequency cap reached',
        policy: 'frequency-cap',
        detail: 'at most 1 notifications per device in any 7 days; the device has 1',
      },
    });

    // the cap raised: the next notification goes out again
    await ok(owner.post(url('window-caps/save'), { notification: [{ maxMessages: 3, windowDays: 7 }] }));
    expect(await losses(await send('Third'))).toEqual({});
    // the second message's drop is still explained, by the caps of now (the device is under them again)
    expect(
      await ok(owner.post(url('instance/message/query'), { instanceId: gaid(0), msgId: second })),
    ).toMatchObject({
      stage: 'dropped',
      loss: {
        code: 110,
        policy: 'frequency-cap',
        detail: 'at most 3 notifications per device in any 7 days',
        predicted: false,
      },
    });
  }, 180_000);
});
