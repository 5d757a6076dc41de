// The fleet's people (issue 33 §7) against a REAL Beacon: signed-in devices name their users, set typed attributes and
// report the app's own events through the device API, which accepts every call; a user who clicks a push may buy.
import type { AddressInfo } from 'node:net';
import { Fleet, startEmulator, type FcmEmulator, type ServiceAccountJson } from '@beacon/fcm-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FcmClient } from '../delivery/fcm-client';
import { backends } from '../test/databases';
import { startTestApp, type TestApp } from '../test/test-app';
import { until } from '../test/until';

const PKG = 'com.example.people';
const PROJECT = 'people-e2e';

describe.each(backends())('the fleet’s people against a real Beacon [$name]', (backend) => {
  let t: TestApp;
  let emu: FcmEmulator;
  let sa: ServiceAccountJson;
  let fcm: FcmClient;
  let fleet: Fleet;
  let appId = 0;

  beforeAll(async () => {
    t = await startTestApp(backend);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const port = (t.app.server.address() as AddressInfo).port;
    await t.services.users.upsertAdmin('owner@example.com', 'Owner#2024', 100);
    const [owner] = await t.database.query<{ id: number }>(
      "SELECT id FROM users WHERE email = 'owner@example.com'",
    );
    const { app, appSecret } = await t.services.apps.create({
      title: 'People',
      pkg: PKG,
      owner: { userId: owner!.id, email: 'owner@example.com' },
    });
    appId = app.id;
    emu = await startEmulator({ tlsPort: null });
    sa = emu.createServiceAccount(PROJECT, { tokenUri: emu.tokenUri('h2c') });
    fcm = new FcmClient({ baseUrl: emu.h2cUrl });
    fleet = new Fleet({
      emulator: emu,
      projectId: PROJECT,
      packageName: PKG,
      apiBaseUrl: `http://127.0.0.1:${port}`,
      appKey: app.appKey,
      appSecret,
      count: 40,
      seed: 33,
      notificationsOffPct: 0,
      uninstalledPct: 0,
      offlinePct: 0,
      behaviour: { delayScale: 0.01, pShown: 1, pClicked: 1, pDismissed: 0 },
      personal: { purchaseAfterClickPct: 1 },
    });
  });
  afterAll(async () => {
    await fleet?.stop();
    await fcm?.close();
    await emu?.close();
    await t?.close();
  });

  it('signs its people in with their attributes and events, every call accepted', async () => {
    expect(await fleet.start()).toEqual({ registered: 40, failed: 0 });
    const people = fleet.persons();
    // about 70 % of 40 (the seed decides exactly)
    expect(people.length).toBeGreaterThan(18);
    expect(people.length).toBeLessThan(36);
    const users = await t.database.query<{
      gaid: string;
      externalId: string;
      attributes: Record<string, unknown>;
    }>(
      `SELECT d.gaid::text AS gaid, u.external_id AS "externalId", u.attributes
       FROM devices d JOIN app_users u ON u.id = d.user_id WHERE d.app_id = $1 ORDER BY d.gaid`,
      [appId],
    );
    const byGaid = new Map(users.map((u) => [u.gaid, u]));
    expect(users).toHaveLength(people.length);
    for (const p of people) {
      const u = byGaid.get(p.gaid);
      expect(u?.externalId).toBe(p.externalId);
      expect(u?.attributes.first_name).toBe(p.attributes.first_name);
      expect(u?.attributes.interests).toEqual(p.attributes.interests);
    }
    const types = await t.database.query<{ key: string; type: number }>(
      'SELECT key, type FROM app_attributes WHERE app_id = $1 ORDER BY key',
      [appId],
    );
    expect(types.map((r) => r.key)).toEqual([
      'first_name',
      'interests',
      'lifetime_value',
      'plan',
      'push_opt_in',
      'signup_date',
    ]);
    const planned = people.reduce((n, p) => n + p.events.length, 0);
    const stored = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM custom_events e JOIN devices d ON d.id = e.device_id WHERE d.app_id = $1`,
      [appId],
    );
    expect(stored[0]!.n).toBe(planned);
    expect(fleet.stats()).toMatchObject({ people: people.length, customEvents: planned });
  });

  it('a signed-in user who clicks a push buys: a purchase event follows the click', async () => {
    const people = fleet.persons();
    // some bought before the fleet started (their past events): one more purchase follows the click
    const before = people.reduce((n, p) => n + p.events.filter((e) => e.name === 'purchase').length, 0);
    expect(before).toBeGreaterThan(0);
    const token = fleet.devices().find((d) => d.gaid === people[0]!.gaid)!.token;
    await fcm.send(
      { appId: 'people', serviceAccount: sa },
      {
        token,
        data: {
          tcm_msg_id: '901',
          tcm_msg_type: '1',
          tcm_msg_pkg: PKG,
          noti_title: 'Hi',
          noti_desc: 'Deals',
        },
        android: { priority: 'HIGH', ttl: '3600s', collapse_key: '901', restricted_package_name: PKG },
      },
    );
    await until(
      'a purchase',
      async () =>
        (
          await t.database.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM custom_events e JOIN app_event_names n ON n.id = e.name_id
             WHERE n.app_id = $1 AND n.name = 'purchase'`,
            [appId],
          )
        )[0]!.n,
      (n) => n === before + 1,
    );
  });
});
