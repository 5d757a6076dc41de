import { startEmulator, type FcmEmulator } from '@beacon/fcm-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { startTestApp, TestClient, type TestApp } from '../../test/test-app';
import { appOnEmulator, NOTIFICATION } from '../../test/messaging';
import { until } from '../../test/until';
import { registerOnEmulator } from '../../test/devices';

const content = NOTIFICATION;

/** A ban made through the fine-work call takes effect at the next send: the delivery filter reads the same tables. */
describe.each(backends('one'))('fine-work bans at send time [$name]', (backend) => {
  let t: TestApp;
  let emu: FcmEmulator;
  let appId: number;
  let admin: TestClient;
  let owner: TestClient;
  const tokens: string[] = [];

  beforeAll(async () => {
    emu = await startEmulator({ tlsPort: null });
    t = await startTestApp(backend, { FCM_BASE_URL: emu.h2cUrl }, { runWorkers: true });
    await t.services.users.upsertAdmin('platform@example.com', 'Platform#2024', 150);
    const platform = (await t.repos.users.findByEmail('platform@example.com'))!;
    await t.services.users.save(
      { email: 'owner@example.com', source: 2, ulevel: 0, description: '', password: 'Owner#2024' },
      platform,
    );
    const user = (await t.repos.users.findByEmail('owner@example.com'))!;
    const created = await appOnEmulator(t, emu, user, {
      title: 'Fine Shop',
      pkg: 'com.example.fine',
      projectId: 'fine-project',
    });
    appId = created.app.id;
    // 12 devices: even indexes in Kenya, odd ones in Nigeria
    for (let i = 0; i < 12; i++)
      tokens.push(await registerOnEmulator(t, emu, created, i, { country: i % 2 ? 'NG' : 'KE' }));
    admin = new TestClient(t.app);
    await admin.login('platform@example.com', 'Platform#2024');
    owner = new TestClient(t.app);
    await owner.login('owner@example.com', 'Owner#2024');
  });
  afterAll(async () => {
    await t?.close();
    await emu?.close();
  });

  /** Saves and sends a notification to every device; `force` confirms the forbidden-country warning (202). */
  const send = async (title: string, force = false) => {
    const body = { msgType: 1, data: content, title, pushCount: 12, targetingType: 0, scheduleType: 1 };
    if (force) {
      // the save warns about the banned country first: it reads the same tables
      const warned = await owner.post(`/tcm/v1/app/${appId}/msg/save`, body);
      expect(warned.json().status).toBe(202);
    }
    const saved = await owner.post(
      `/tcm/v1/app/${appId}/msg/save`,
      force ? { ...body, countryMsgforceCreate: true } : body,
    );
    expect(saved.json().status).toBe(200);
    const id = saved.json().data.id as number;
    const detail = await until(
      'sent',
      () => owner.post(`/tcm/v1/app/${appId}/msg/detail`, { id }).then((r) => r.json().data),
      (d) => d.status === 1,
    );
    const loss = (await owner.call('GET', `/tcm/v1/app/${appId}/msg/${id}/lose`)).json().data
      .messageDistributionLoseList as Array<{ type: number; count: number }>;
    const reached = tokens
      .map((tok, i) =>
        emu.inbox(tok).some((x) => (x.message.data as Record<string, string>).tcm_msg_id === String(id))
          ? i
          : -1,
      )
      .filter((i) => i >= 0);
    return {
      dispatched: detail.dispatchCount as number,
      losses: Object.fromEntries(loss.map((l) => [l.type, l.count])),
      reached,
    };
  };

  it('drops the devices of a country banned for the app through the fine-work call with loss 104, and sends again once lifted', async () => {
    const ban = await admin.post('/tcm/global/plat/app/country/forbid/add', { appId, countryCodes: ['KE'] });
    expect(ban.json()).toMatchObject({ status: 200, data: { added: ['KE'] } });

    const banned = await send('Kenya banned', true);
    expect(banned.dispatched).toBe(6);
    expect(banned.losses).toEqual({ 104: 6 });
    expect(banned.reached).toEqual([1, 3, 5, 7, 9, 11]);

    expect(
      (await admin.post('/tcm/global/plat/app/country/forbid/delete', { appId, countryCode: 'KE' })).json()
        .status,
    ).toBe(200);
    const lifted = await send('Kenya lifted');
    expect(lifted.dispatched).toBe(12);
    expect(lifted.losses).toEqual({});
  });

  it('drops the devices of a country banned platform-wide through the fine-work call with loss 6', async () => {
    expect(
      (await admin.post('/tcm/global/plat/country/forbid/add', { countryCodes: ['NG'] })).json().status,
    ).toBe(200);
    try {
      const banned = await send('Nigeria banned', true);
      expect(banned.losses).toEqual({ 6: 6 });
      expect(banned.reached).toEqual([0, 2, 4, 6, 8, 10]);
    } finally {
      await admin.post('/tcm/global/plat/country/forbid/delete', { countryCode: 'NG' });
    }
  });
});
