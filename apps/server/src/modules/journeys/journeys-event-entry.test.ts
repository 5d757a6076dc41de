// Journeys started by an event (issue 33 §5) through the real device and console APIs: a device reporting the entry
// event enters once whatever the deliveries (a redelivered event, two events in one call, two takers of the same
// queued events at once), only when the event's properties and the journey's audience match, again only after the
// re-entry's hours (times moved in the database), and leaves on the exit event; the detail's counts reconcile with
// the entries' rows; a stopped journey takes no more entries; a bad entry is a 400 naming its field.
import { startEmulator, type FcmEmulator } from '@beacon/fcm-emulator';
import type { JourneySaveInput } from '@beacon/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { gaid, registerSdkDevice, sdkDevice, trackSdkEvents } from '../../test/devices';
import { NOTIFICATION, ownerAppOnEmulator } from '../../test/messaging';
import { startTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { until } from '../../test/until';
import { JourneyEntries } from './journey-entries.repository';

describe.each(backends())('journeys started by an event [$name]', (backend) => {
  let t: TestApp;
  let emu: FcmEmulator;
  let owner: TestClient;
  let appId: number;
  let sdkAuth: string;
  const devices: Record<number, string> = {};

  beforeAll(async () => {
    emu = await startEmulator({ tlsPort: null });
    t = await startTestApp(backend, { FCM_BASE_URL: emu.h2cUrl }, { runWorkers: true });
    const created = await ownerAppOnEmulator(t, emu, {
      title: 'Shop',
      pkg: 'com.example.events',
      projectId: 'events-project',
    });
    ({ owner, sdkAuth } = created);
    appId = created.app.id;
    // devices 1–4 in Nigeria, 5 in Kenya (the journey's audience is Nigeria)
    for (const i of [1, 2, 3, 4, 5])
      await registerSdkDevice(t, sdkAuth, sdkDevice(i, i === 5 ? { country: 'KE' } : {}));
    const rows = await t.database.query<{ id: string; gaid: string }>(
      'SELECT id::text AS id, gaid::text AS gaid FROM devices WHERE app_id = $1',
      [appId],
    );
    for (const i of [1, 2, 3, 4, 5]) devices[i] = rows.find((r) => r.gaid === gaid(i))!.id;
    // the app's names and property types, fixed by a first event of each
    await track(5, [
      { name: 'add_to_cart', properties: { price: 1, sku: 'x', gift: false } },
      { name: 'purchase' },
    ]);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await emu?.close();
  });

  async function track(i: number, events: unknown[]) {
    const res = await trackSdkEvents(t, sdkAuth, i, events);
    expect(res.json(), res.body).toMatchObject({ status: 200 });
  }
  const body = (entry: JourneySaveInput['entry'], title = 'Cart'): JourneySaveInput => ({
    title,
    targetingType: 1,
    conditions: [
      { label: 'country', op: 'in', values: ['NG'], allSelected: 0 },
    ] as JourneySaveInput['conditions'],
    scheduleType: 1,
    childMsgs: [{ groupTag: 'Start', msgType: 1, data: { ...NOTIFICATION, noti_title: 'Your cart' } }],
    entry,
  });
  const detail = (id: number) =>
    owner.call('GET', `/tcm/v1/app/${appId}/msg/flow/canvas/${id}/detail`).then((r) => r.json().data);
  async function live(entry: JourneySaveInput['entry'], title?: string): Promise<number> {
    const saved = await owner.post(`/tcm/v1/app/${appId}/msg/flow/canvas/save`, body(entry, title));
    expect(saved.json(), saved.body).toMatchObject({ status: 200 });
    const id = saved.json().data.id as number;
    const counted = await until(
      'the estimate',
      () => detail(id),
      (d) => d.status !== 19,
    );
    expect(counted.status, counted.error).toBe(18);
    const confirmed = await owner.post(`/tcm/v1/app/${appId}/msg/flow/canvas/${id}/approve`);
    expect(confirmed.json(), confirmed.body).toMatchObject({ status: 200, data: { status: 4 } });
    return id;
  }
  const entries = (id: number) =>
    t.database.query<{ device: string; exited: boolean }>(
      `SELECT device_id::text AS device, exited_at IS NOT NULL AS exited FROM journey_entries
       WHERE journey_id = $1 ORDER BY device_id, entered_at`,
      [id],
    );
  /** Waits until the queued events are taken (the entries run off the request path, within milliseconds). */
  const settled = () =>
    until(
      'the queued events taken',
      () => t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM journey_event_pending'),
      ([r]) => r!.n === 0,
    );

  it('refuses a bad entry with the field, and takes a valid one', async () => {
    const bad = async (entry: unknown, field: string) => {
      const res = await owner.post(`/tcm/v1/app/${appId}/msg/flow/canvas/save`, {
        ...body({ kind: 'audience' }),
        entry,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(JSON.stringify(res.json())).toContain(field);
    };
    await bad({ kind: 'event', name: 'nope' }, 'entry.event.name');
    await bad(
      { kind: 'event', name: 'add_to_cart', properties: [{ key: 'price', op: 'contains', value: 3 }] },
      'entry.event.properties.0.op',
    );
    await bad(
      { kind: 'event', name: 'add_to_cart', reEntry: { kind: 'after', hours: 0 } },
      'entry.event.reEntry.hours',
    );
    await bad({ kind: 'event', name: 'add_to_cart', exitName: 'refund' }, 'entry.event.exitName');
  });

  it('a device enters once ever: redelivered, two in one call, two takers at once; property and audience filter', async () => {
    const id = await live({
      kind: 'event',
      name: 'add_to_cart',
      properties: [{ key: 'price', op: 'gt', value: 10 }],
      reEntry: { kind: 'once' },
      exitName: 'purchase',
    });
    const at = Date.now() - 60_000;
    const cart = (price: number, when = at) => ({ name: 'add_to_cart', at: when, properties: { price } });
    await track(1, [cart(20)]);
    await track(1, [cart(20)]); // redelivered: stored once, enters once
    await track(2, [cart(30, at), cart(40, at + 1)]); // two events in one call
    await track(3, [cart(5)]); // price too low
    await track(5, [cart(99)]); // Kenya: outside the journey's audience
    await settled();
    expect(await entries(id)).toEqual([
      { device: devices[1], exited: false },
      { device: devices[2], exited: false },
    ]);
    // a later event of device 1: "once ever"
    await track(1, [cart(50, at + 5_000)]);
    // two takers of the same queued events at once (two processes): the same event queued twice, taken concurrently
    await t.database.query(
      `INSERT INTO journey_event_pending (device_ids, name_ids, ats)
       SELECT ARRAY[$1::bigint], ARRAY[n.id], ARRAY[$2::timestamptz] FROM app_event_names n, generate_series(1, 2)
       WHERE n.app_id = $3 AND n.name = 'add_to_cart'`,
      [devices[4], new Date(at + 7_000), appId],
    );
    await t.database.query(
      `INSERT INTO custom_events (device_id, name_id, at, properties)
       SELECT $1, n.id, $2, '{"price": 70}' FROM app_event_names n WHERE n.app_id = $3 AND n.name = 'add_to_cart'`,
      [devices[4], new Date(at + 7_000), appId],
    );
    const a = new JourneyEntries(t.database);
    const b = new JourneyEntries(t.database);
    await Promise.all([
      t.database.transaction((tx) => a.take(tx, 1)),
      t.database.transaction((tx) => b.take(tx, 1)),
    ]);
    await settled();
    expect((await entries(id)).map((e) => e.device)).toEqual([devices[1], devices[2], devices[4]]);

    // the exit event: device 2 leaves
    await track(2, [{ name: 'purchase', at: at + 10_000 }]);
    await settled();
    expect(await entries(id)).toEqual([
      { device: devices[1], exited: false },
      { device: devices[2], exited: true },
      { device: devices[4], exited: false },
    ]);
    const d = await detail(id);
    expect(d).toMatchObject({
      status: 4,
      entries: 3,
      exits: 1,
      entry: { kind: 'event', name: 'add_to_cart' },
    });

    // stopped: no more entries
    expect((await owner.post(`/tcm/v1/app/${appId}/msg/flow/canvas/${id}/stop`)).json().status).toBe(200);
    await track(3, [cart(80, at + 20_000)]);
    await settled();
    expect((await entries(id)).length).toBe(3);
    expect(await detail(id)).toMatchObject({ status: 3, entries: 3 });
  });

  it('enters again only after the re-entry hours, and leaves on an exit event of the same call', async () => {
    const id = await live(
      { kind: 'event', name: 'add_to_cart', reEntry: { kind: 'after', hours: 24 }, exitName: 'purchase' },
      'Again',
    );
    const at = Date.now() - 120_000;
    await track(3, [{ name: 'add_to_cart', at }]);
    await settled();
    await track(3, [{ name: 'add_to_cart', at: at + 1_000 }]);
    await settled();
    expect((await entries(id)).length).toBe(1);
    // 25 hours pass for the first entry
    await t.database.query(
      `UPDATE journey_entries SET event_at = event_at - interval '25 hours', entered_at = entered_at - interval '25 hours'
       WHERE journey_id = $1`,
      [id],
    );
    await track(3, [{ name: 'add_to_cart', at: at + 2_000 }]);
    await settled();
    expect((await entries(id)).length).toBe(2);
    // the entry and the exit event in one call: the device enters and leaves
    await track(4, [
      { name: 'add_to_cart', at },
      { name: 'purchase', at: at + 1 },
    ]);
    await settled();
    expect((await entries(id)).filter((e) => e.device === devices[4])).toEqual([
      { device: devices[4], exited: true },
    ]);
    expect(await detail(id)).toMatchObject({ entries: 3, exits: 1 });

    // a deleted device takes its entries along
    await t.database.query('DELETE FROM devices WHERE id = $1::bigint', [devices[4]]);
    expect((await entries(id)).filter((e) => e.device === devices[4])).toEqual([]);
  });
});
