// The simulated device fleet (@beacon/fcm-emulator) against a REAL Beacon server: registration through the device
// API, FCM sends through the emulator, and the events the fleet reports back landing in send_records.
// It lives here, not in the emulator package, because @beacon/server depends on @beacon/fcm-emulator.
import type { AddressInfo } from 'node:net';
import { EVENT_BITS } from '@beacon/shared';
import {
  Fleet,
  startEmulator,
  type FcmEmulator,
  type FleetDevice,
  type ServiceAccountJson,
} from '@beacon/fcm-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FcmClient } from '../delivery/fcm-client';
import { backends } from '../test/databases';
import { startTestApp, type TestApp } from '../test/test-app';
import { until } from '../test/until';

const PKG = 'com.example.fleet';
const PROJECT = 'fleet-e2e';
const SCALE = 0.01;
const B = EVENT_BITS;

interface Rec {
  gaid: string;
  mask: number;
  reason: number | null;
  received: Date | null;
  shown: Date | null;
  clicked: Date | null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(backends('one'))('simulated fleet against a real Beacon [$name]', (backend) => {
  let t: TestApp;
  let emu: FcmEmulator;
  let sa: ServiceAccountJson;
  let fcm: FcmClient;
  let fleet: Fleet;
  let devices: readonly FleetDevice[];
  let startedAt: number;
  const idOf = new Map<string, string>();

  const message = (msgId: string, token: string, extra: Record<string, string> = {}) => ({
    token,
    data: {
      tcm_msg_id: msgId,
      tcm_msg_type: '1',
      tcm_msg_pkg: PKG,
      noti_title: 'Hello',
      noti_desc: 'World',
      ...extra,
    },
    android: { priority: 'HIGH', ttl: '3600s', collapse_key: msgId, restricted_package_name: PKG },
  });

  /** Inserts the send_records rows (events only count for devices that were sent the message), then sends. */
  async function send(msgId: string, list: readonly FleetDevice[], extra: Record<string, string> = {}) {
    await t.database.query(
      'INSERT INTO send_records (message_id, device_id, outcome, sent_at) SELECT $1::bigint, unnest($2::bigint[]), 1, now()',
      [msgId, list.map((d) => idOf.get(d.gaid))],
    );
    const app = { appId: 'fleet', serviceAccount: sa };
    return Promise.all(list.map((d) => fcm.send(app, message(msgId, d.token, extra))));
  }

  const records = async (msgId: string) => {
    const rows = await t.database.query<Rec>(
      `SELECT d.gaid::text AS gaid, s.event_mask AS mask, s.show_failed_reason AS reason, s.received_at AS received,
              s.shown_at AS shown, s.clicked_at AS clicked
       FROM send_record_events s JOIN devices d ON d.id = s.device_id WHERE s.message_id = $1`,
      [msgId],
    );
    return new Map(rows.map((r) => [r.gaid, r]));
  };

  beforeAll(async () => {
    t = await startTestApp(backend);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const port = (t.app.server.address() as AddressInfo).port;
    await t.services.users.upsertAdmin('owner@example.com', 'Owner#2024', 100);
    const [owner] = await t.database.query<{ id: number }>(
      "SELECT id FROM users WHERE email = 'owner@example.com'",
    );
    const { app, appSecret } = await t.services.apps.create({
      title: 'Fleet',
      pkg: PKG,
      owner: { userId: owner!.id, email: 'owner@example.com' },
    });
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
      count: 200,
      seed: 2024,
      notificationsOffPct: 0.1,
      uninstalledPct: 0.05,
      offlinePct: 0.08,
      behaviour: { delayScale: SCALE, pShown: 0.8, pClicked: 0.3, pDismissed: 0.5 },
      concurrency: 16,
    });
    devices = fleet.devices();
    startedAt = Date.now();
  });

  afterAll(async () => {
    await fleet?.stop();
    await fcm?.close();
    await emu?.close();
    await t?.close();
  });

  it('registers every device through the device API with its attributes', async () => {
    expect(await fleet.start()).toEqual({ registered: 200, failed: 0 });
    const rows = await t.database.query<Record<string, unknown> & { id: string; gaid: string }>(
      `SELECT d.id::text AS id, d.gaid::text AS gaid, d.country, d.language, d.brand, d.model, d.os_version, d.app_version,
              d.app_version_code, d.operator, d.timezone, d.notifications_enabled, k.token
       FROM devices d JOIN device_tokens k ON k.device_id = d.id`,
    );
    expect(rows).toHaveLength(200);
    const byGaid = new Map(rows.map((r) => [r.gaid, r]));
    for (const d of devices) {
      const a = d.attributes;
      const { id, ...row } = byGaid.get(d.gaid) ?? { id: '' };
      idOf.set(d.gaid, id);
      expect(row).toEqual({
        gaid: d.gaid,
        country: a.country,
        language: a.language,
        brand: a.brand.toUpperCase(),
        model: a.model.toUpperCase(),
        os_version: a.osVersion,
        app_version: a.appVersion,
        app_version_code: a.appVersionCode,
        operator: a.operator,
        timezone: a.timezone,
        notifications_enabled: d.notificationsEnabled,
        token: d.token,
      });
    }
    expect(devices.filter((d) => !d.notificationsEnabled).length).toBeGreaterThan(5);
    expect(devices.filter((d) => d.uninstalled).length).toBeGreaterThan(2);
    expect(devices.filter((d) => d.offline).length).toBeGreaterThan(4);
  });

  it('reports received/shown/show_failed/clicked/dismissed for what the emulator delivers', async () => {
    const sentAt = Date.now();
    const results = await send('9001', devices);
    devices.forEach((d, i) => {
      if (d.uninstalled)
        expect(results[i]).toMatchObject({
          outcome: 'token_dead',
          errorCode: 'UNREGISTERED',
          httpStatus: 404,
        });
      else expect(results[i]).toMatchObject({ outcome: 'dispatched' });
    });
    const installed = devices.filter((d) => !d.uninstalled);
    // offline devices come online after 30 s–10 min × 0.01 and then receive what was queued
    const recs = await until(
      'every installed device to report received and shown/show_failed',
      () => records('9001'),
      (m) =>
        installed.every(
          (d) =>
            ((m.get(d.gaid)?.mask ?? 0) & B.received) !== 0 &&
            ((m.get(d.gaid)?.mask ?? 0) & (B.shown | B.show_failed)) !== 0,
        ),
    );
    await sleep((60 + 120 + 5) * 1000 * SCALE + 1000); // the longest click/dismiss delay, then the batch flush
    for (let last = -1; fleet.stats().eventsSent !== last; await sleep(500)) last = fleet.stats().eventsSent; // settled
    const final = await records('9001');
    for (const d of devices.filter((x) => x.uninstalled))
      expect(final.get(d.gaid)?.mask, 'uninstalled').toBe(0);
    for (const d of installed) {
      const r = final.get(d.gaid)!;
      expect(r.received!.getTime()).toBeGreaterThanOrEqual(sentAt + 200 - 5);
      if (!d.notificationsEnabled) {
        expect(r.mask).toBe(B.received | B.show_failed);
        expect(r.reason).toBe(1);
      } else if (r.mask & B.show_failed) {
        expect(r.mask).toBe(B.received | B.show_failed);
        expect(r.reason).toBe(12);
      } else {
        expect(r.mask & B.shown).toBe(B.shown);
        expect(r.shown!.getTime()).toBeGreaterThan(r.received!.getTime());
        expect((r.mask & B.clicked) !== 0 && (r.mask & B.dismissed) !== 0).toBe(false);
        if (r.mask & B.clicked)
          expect(r.clicked!.getTime() - r.shown!.getTime()).toBeGreaterThanOrEqual(2000);
      }
    }
    for (const d of installed.filter((x) => x.offline)) {
      expect(final.get(d.gaid)!.received!.getTime()).toBeGreaterThanOrEqual(
        startedAt + d.offlineForMs * SCALE,
      );
    }
    const enabled = installed.filter((d) => d.notificationsEnabled);
    const shown = enabled.filter((d) => final.get(d.gaid)!.mask & B.shown).length / enabled.length;
    expect(shown).toBeGreaterThan(0.65);
    expect(shown).toBeLessThan(0.93);
    const clicked = enabled.filter((d) => final.get(d.gaid)!.mask & B.clicked).length;
    expect(clicked).toBeGreaterThan(10);
    expect(enabled.filter((d) => final.get(d.gaid)!.mask & B.dismissed).length).toBeGreaterThan(10);
    expect(recs.size).toBe(200);
    const stats = fleet.stats();
    expect(stats).toMatchObject({ devices: 200, deliveries: installed.length, eventsFailed: 0 });
    expect(stats.byType.received).toBe(installed.length);
  });

  it('recalls a notification that is still shown, and only that one', async () => {
    const before = await records('9001');
    const open = devices.filter((d) => before.get(d.gaid)?.mask === (B.received | B.shown)).slice(0, 10);
    const clicked = devices.filter((d) => ((before.get(d.gaid)?.mask ?? 0) & B.clicked) !== 0).slice(0, 5);
    const off = devices.filter((d) => !d.notificationsEnabled && !d.uninstalled).slice(0, 3);
    expect(open.length).toBeGreaterThan(3);
    const targets = [...open, ...clicked, ...off];
    const results = await send('9002', targets, { tcm_target_msg_id: '9001' });
    expect(results.every((r) => r.outcome === 'dispatched')).toBe(true);
    await until(
      'recall received',
      () => records('9002'),
      (m) => targets.every((d) => m.get(d.gaid)?.mask === B.received),
    );
    const after = await until(
      'recalled bits',
      () => records('9001'),
      (m) => open.every((d) => ((m.get(d.gaid)?.mask ?? 0) & B.recalled) !== 0),
    );
    await sleep(1000 * SCALE + 500);
    const settled = await records('9001');
    for (const d of open) expect(after.get(d.gaid)?.mask).toBe(B.received | B.shown | B.recalled);
    for (const d of [...clicked, ...off]) expect(settled.get(d.gaid)?.mask).toBe(before.get(d.gaid)?.mask);
    for (const d of targets) expect((await records('9002')).get(d.gaid)?.mask).toBe(B.received);
    expect(fleet.stats().byType.recalled).toBe(open.length);
  });
});
