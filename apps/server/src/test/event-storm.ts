import type { TestApp } from './test-app';
import { gaid, sdkAuthOf, seedDevices } from './devices';

/** A message dispatched to every device but the tenth ones, ready for an events storm. */
export interface StormScene {
  appId: number;
  auth: string;
  msgId: string;
  devices: number;
}

/** An app with `devices` devices and one message dispatched to 90 % of them (every tenth device was not: strays). */
export async function stormScene(t: TestApp, devices: number): Promise<StormScene> {
  const email = `owner-${Date.now()}@example.com`;
  await t.services.users.upsertAdmin(email, 'Owner#2024', 100);
  const [user] = await t.database.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]);
  const { app, appSecret } = await t.services.apps.create({
    title: 'Storm',
    pkg: `com.example.storm${Date.now()}`,
    owner: { userId: user!.id, email },
  });
  await seedDevices(t, app.id, 0, devices);
  const [m] = await t.database.query<{ id: string }>(
    `INSERT INTO messages (app_id, msg_type, status, title, owner_email, data, targeting_type, push_count,
                           schedule_type, ttl_seconds, started_at)
     VALUES ($1, 1, 1, 'Storm', $2, '{}', 0, $3, 1, 86400, now()) RETURNING id::text AS id`,
    [app.id, email, devices],
  );
  await t.database.query(
    `INSERT INTO send_records (message_id, device_id, outcome, sent_at)
     SELECT $1::bigint, d.id, 1, now() FROM devices d
     WHERE d.app_id = $2 AND right(d.gaid::text, 1) <> '0'`,
    [m!.id, app.id],
  );
  return { appId: app.id, auth: sdkAuthOf(app, appSecret), msgId: m!.id, devices };
}

/** Device i's events call: received; shown for even i; clicked for every fourth (2–3 events a call, bar the odd). */
export function stormCall(scene: StormScene, i: number) {
  const ts = Date.now() - 60_000;
  const msgId = Number(scene.msgId);
  const events = [{ type: 'received', msgId, ts }];
  if (i % 2 === 0) events.push({ type: 'shown', msgId, ts: ts + 1000 });
  if (i % 4 === 0) events.push({ type: 'clicked', msgId, ts: ts + 2000 });
  return { gaid: gaid(i), events };
}

/** What the storm must count: devices dispatched (not ending in 0) and their events; the others are strays. */
export function stormExpected(devices: number) {
  let reach = 0;
  let show = 0;
  let click = 0;
  for (let i = 0; i < devices; i++) {
    if (gaid(i).endsWith('0')) continue;
    reach++;
    if (i % 2 === 0) show++;
    if (i % 4 === 0) click++;
  }
  return { reach, show, click, stray: devices - reach };
}

/** Posts one events call (`auth`: the app's Basic header) and answers its status: the body's, or the HTTP one. */
export type StormPost = (body: object, auth: string) => Promise<number>;

/** A storm's calls into a test app's own server (Fastify's inject). */
function injected(t: TestApp): StormPost {
  return async (body, auth) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/sdk/v1/events',
      headers: { authorization: auth },
      payload: body,
    });
    return res.statusCode === 200 ? (res.json<{ status: number }>().status ?? 0) : res.statusCode;
  };
}

/** The storm's counts once applied, on the message and on its days (`stormCounts`' fields): each event once. */
export function stormCounted(devices: number) {
  const want = stormExpected(devices);
  return {
    reach: want.reach,
    show: want.show,
    click: want.click,
    day_reach: want.reach,
    day_show: want.show,
    day_click: want.click,
  };
}

/**
 * Posts every device's events call through the device API, `parallel` at a time; `during` runs once a third are in.
 * `target`: a test app (its server, in this process) or a function that posts a call (over the network).
 * `spanMs`: the calls spread evenly over at least that long (call i not before i/devices of it), so that a storm
 * outlasts a fault; 0, as fast as they are answered. Returns the HTTP statuses counted.
 */
export async function storm(
  target: TestApp | StormPost,
  scene: StormScene,
  parallel = 64,
  during?: () => Promise<void>,
  spanMs = 0,
): Promise<{ statuses: Record<number, number>; ms: number; fault: Promise<void> | undefined }> {
  const post = typeof target === 'function' ? target : injected(target);
  const statuses: Record<number, number> = {};
  let next = 0;
  let fault: Promise<void> | undefined;
  const t0 = Date.now();
  const worker = async () => {
    for (let i = next++; i < scene.devices; i = next++) {
      const due = t0 + (spanMs * i) / scene.devices;
      if (due > Date.now()) await new Promise((r) => setTimeout(r, due - Date.now()));
      if (during && !fault && i >= scene.devices / 3) fault = during();
      const status = await post(stormCall(scene, i), scene.auth);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return { statuses, ms: Date.now() - t0, fault };
}

/** The counters of the storm's message (its own and its days'), and the strays kept; undefined while the database is down. */
export async function stormCounts(t: TestApp, scene: StormScene) {
  try {
    const [row] = await t.database.query<{
      reach: number;
      show: number;
      click: number;
      day_reach: number;
      day_show: number;
      day_click: number;
      stray: number;
      pending: number;
    }>(
      `SELECT m.reach_count AS reach, m.show_count AS show, m.click_count AS click,
              (SELECT COALESCE(sum(reach), 0)::int FROM stat_message_days WHERE message_id = m.id) AS day_reach,
              (SELECT COALESCE(sum(show), 0)::int FROM stat_message_days WHERE message_id = m.id) AS day_show,
              (SELECT COALESCE(sum(click), 0)::int FROM stat_message_days WHERE message_id = m.id) AS day_click,
              (SELECT count(*)::int FROM stat_stray_events WHERE app_id = m.app_id) AS stray,
              (SELECT count(*)::int FROM stat_pending_batches) AS pending
       FROM messages m WHERE m.id = $1`,
      [scene.msgId],
    );
    return row;
  } catch {
    return undefined;
  }
}
