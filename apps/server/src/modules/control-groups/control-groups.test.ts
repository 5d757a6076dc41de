// An app's global control group (issue 34 §1) end to end on the FCM emulator: the setting's rule (a 400 naming the
// field), a campaign send that reaches every device but the members of the stable hash — computed here by hand with
// md5 — which are targeted and lost with 113 so the funnel reconciles, a preview that still reaches them, the members'
// CSV, and the message's lift from the devices' app opens after the send against hand-computed rates.
import { createHash } from 'node:crypto';
import { startEmulator, type FcmEmulator } from '@beacon/fcm-emulator';
import { controlLift } from '@beacon/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { gaid, registerOnEmulator, reportSdkEvents } from '../../test/devices';
import { NOTIFICATION, ownerAppOnEmulator } from '../../test/messaging';
import { startTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { clearOfMidnight } from '../../test/statistics';
import { until } from '../../test/until';

const DEVICES = 60;
const SHARE = 10;

/** The engine's bucket of a device for a seed, by hand: the first 31 bits of md5("seed:id") modulo 10,000. */
const bucketOf = (seed: string, deviceId: string) =>
  (parseInt(createHash('md5').update(`${seed}:${deviceId}`).digest('hex').slice(0, 8), 16) & 0x7fffffff) %
  10_000;

describe.each(backends())('control groups [$name]', (backend) => {
  let t: TestApp;
  let emu: FcmEmulator;
  let owner: TestClient;
  let appId: number;
  let sdkAuth: string;
  const tokens: string[] = [];
  /** device index → its id in Beacon */
  const ids: string[] = [];
  let members: number[] = [];

  beforeAll(async () => {
    emu = await startEmulator({ tlsPort: null });
    t = await startTestApp(backend, { FCM_BASE_URL: emu.h2cUrl }, { runWorkers: true });
    const created = await ownerAppOnEmulator(t, emu, {
      title: 'Held out',
      pkg: 'com.example.control',
      projectId: 'control-project',
    });
    ({ owner, sdkAuth } = created);
    appId = created.app.id;
    for (let i = 0; i < DEVICES; i++) tokens.push(await registerOnEmulator(t, emu, created, i));
    const rows = await t.database.query<{ id: string; gaid: string }>(
      'SELECT id::text AS id, gaid::text AS gaid FROM devices WHERE app_id = $1',
      [appId],
    );
    for (let i = 0; i < DEVICES; i++) ids.push(rows.find((r) => r.gaid === gaid(i))!.id);
    members = ids.flatMap((id, i) => (bucketOf(`control:${appId}`, id) < SHARE * 100 ? [i] : []));
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await emu?.close();
  });

  const got = (i: number, msgId: number) =>
    emu
      .inbox(tokens[i]!)
      .some((m) => (m.message.data as Record<string, string>).tcm_msg_id === String(msgId));
  const send = async (title: string, extra: object = {}) => {
    const saved = await owner.post(`/tcm/v1/app/${appId}/msg/save`, {
      ...extra,
      title,
      msgType: 1,
      data: NOTIFICATION,
      pushCount: DEVICES,
      targetingType: 0,
      scheduleType: 1,
    });
    expect(saved.json(), saved.body).toMatchObject({ status: 200 });
    const id = saved.json().data.id as number;
    await until(
      'sent',
      () => owner.post(`/tcm/v1/app/${appId}/msg/detail`, { id }).then((r) => r.json().data),
      (d) => d.status === 1,
    );
    return id;
  };

  it('refuses a share outside 0–10 or not whole, naming the field, and keeps the setting', async () => {
    for (const share of [11, -1, 2.5, 'x'])
      expect((await owner.post(`/tcm/v1/app/${appId}/control-group/save`, { share })).json()).toMatchObject({
        status: 400,
        data: { fields: [{ field: 'share' }] },
      });
    expect((await owner.post(`/tcm/v1/app/${appId}/control-group`)).json()).toMatchObject({
      status: 200,
      data: { share: 0, exceptTransactional: true, members: 0 },
    });
  });

  it('holds its members out of a campaign (lost with 113, the funnel reconciles) and lists them', async () => {
    expect(members.length).toBeGreaterThan(0);
    const set = await owner.post(`/tcm/v1/app/${appId}/control-group/save`, { share: SHARE });
    expect(set.json(), set.body).toMatchObject({ status: 200, data: { share: SHARE } });
    expect((await owner.post(`/tcm/v1/app/${appId}/control-group`)).json().data).toMatchObject({
      share: SHARE,
      members: Math.round(DEVICES / 10),
    });

    const id = await send('Campaign');
    const reached = Array.from({ length: DEVICES }, (_, i) => i).filter((i) => got(i, id));
    expect(reached).toEqual(Array.from({ length: DEVICES }, (_, i) => i).filter((i) => !members.includes(i)));
    const losses = (await owner.call('GET', `/tcm/v1/app/${appId}/msg/${id}/lose`)).json().data;
    expect(losses.total).toBe(DEVICES);
    expect(losses.messageDistributionLoseList).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 113, count: members.length })]),
    );
    const funnel = (await owner.call('GET', `/tcm/v1/app/${appId}/msg/${id}/funnel`)).json().data;
    expect(funnel.push).toBe(DEVICES);
    expect(funnel.channelReach).toBe(DEVICES - members.length);

    const csv = await owner.call('GET', `/tcm/v1/app/${appId}/control-group/export`);
    expect(csv.statusCode).toBe(200);
    const listed = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/)
      .slice(1)
      .sort();
    expect(listed).toEqual(members.map((i) => gaid(i)).sort());

    // the lift: the app opens after the send (heartbeats) of 3 members and of 20 sent devices
    const opened = [...members.slice(0, 3), ...reached.slice(0, 20)];
    for (const i of opened) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/sdk/v1/heartbeat',
        headers: { authorization: sdkAuth },
        payload: { gaid: gaid(i), notificationsEnabled: true },
      });
      expect(res.json(), res.body).toMatchObject({ status: 200 });
    }
    // a click opens the app too: one more sent device, which sent no heartbeat, clicks the push
    const clicker = reached[25]!;
    const now = Date.now();
    const clicked = await reportSdkEvents(t, sdkAuth, clicker, [
      { type: 'received', msgId: id, ts: now },
      { type: 'shown', msgId: id, ts: now + 1 },
      { type: 'clicked', msgId: id, ts: now + 2 },
    ]);
    expect(clicked.json().status, clicked.body).toBe(200);
    const lift = await until(
      'the opens counted',
      async () => (await owner.call('GET', `/tcm/v1/app/${appId}/msg/${id}/lift`)).json().data,
      (l) => l.sent.opened === 21,
    );
    const sent = { devices: DEVICES - members.length, opened: 21 };
    const control = { devices: members.length, opened: Math.min(3, members.length) };
    expect(lift).toMatchObject({ sent: { ...sent, clicked: 1 }, control });
    expect(lift.lift).toEqual(controlLift(sent, control));
  });

  it('a share of 0 holds nobody out', async () => {
    await owner.post(`/tcm/v1/app/${appId}/control-group/save`, { share: 0 });
    const id = await send('Everyone again');
    expect(Array.from({ length: DEVICES }, (_, i) => i).filter((i) => !got(i, id))).toEqual([]);
  });

  it("a message's own control share holds out its own devices (114), measured in its lift; a bad share is a 400", async () => {
    const bad = await owner.post(`/tcm/v1/app/${appId}/msg/save`, {
      title: 'Too many held',
      msgType: 1,
      data: NOTIFICATION,
      pushCount: DEVICES,
      targetingType: 0,
      scheduleType: 1,
      holdoutShare: 60,
    });
    expect(bad.json()).toMatchObject({ status: 400, data: { fields: [{ field: 'holdoutShare' }] } });
    const id = await send('Held by the message', { holdoutShare: 20 });
    const held = ids.flatMap((d, i) => (bucketOf(`holdout:${id}`, d) < 2000 ? [i] : []));
    expect(held.length).toBeGreaterThan(0);
    expect(Array.from({ length: DEVICES }, (_, i) => i).filter((i) => !got(i, id))).toEqual(held);
    const detail = (await owner.post(`/tcm/v1/app/${appId}/msg/detail`, { id })).json().data;
    expect(detail.holdoutShare).toBe(20);
    const losses = (await owner.call('GET', `/tcm/v1/app/${appId}/msg/${id}/lose`)).json().data;
    expect(losses.total).toBe(DEVICES);
    expect(losses.messageDistributionLoseList).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 114, count: held.length })]),
    );
    const lift = (await owner.call('GET', `/tcm/v1/app/${appId}/msg/${id}/lift`)).json().data;
    expect(lift.control.devices).toBe(held.length);
    expect(lift.sent.devices).toBe(DEVICES - held.length);
  });

  it("the app's statistics: each day's active devices of the control group against everyone else, once a device a day", async () => {
    await clearOfMidnight();
    await owner.post(`/tcm/v1/app/${appId}/control-group/save`, { share: SHARE });
    // every device was last active two days ago: its next call today is its first of the day
    await t.database.query(
      `UPDATE devices SET last_active_at = now() - interval '2 days', app_active_at = now() - interval '2 days'
       WHERE app_id = $1`,
      [appId],
    );
    const heartbeat = async (i: number) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/sdk/v1/heartbeat',
        headers: { authorization: sdkAuth },
        payload: { gaid: gaid(i), notificationsEnabled: true },
      });
      expect(res.json(), res.body).toMatchObject({ status: 200 });
    };
    const rest = Array.from({ length: DEVICES }, (_, i) => i).filter((i) => !members.includes(i));
    const activeMembers = members.slice(0, 2);
    const activeRest = rest.slice(0, 12);
    // a second call the same day counts nothing more
    for (const i of [...activeMembers, ...activeRest, activeMembers[0]!, activeRest[0]!]) await heartbeat(i);
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const activity = await until(
      'the activity counted',
      async () =>
        (
          await owner.call(
            'GET',
            `/tcm/v1/app/${appId}/control-group/activity?start=${yesterday}&end=${today}`,
          )
        ).json().data,
      (a) => a.days.at(-1)?.rest.active === activeRest.length,
    );
    const controlRate = activeMembers.length / members.length;
    const restRate = activeRest.length / rest.length;
    expect(activity).toMatchObject({
      share: SHARE,
      control: { devices: members.length },
      rest: { devices: rest.length },
      start: yesterday,
      end: today,
      fallback: false,
    });
    expect(activity.days).toEqual([
      { day: yesterday, control: { active: 0, rate: 0 }, rest: { active: 0, rate: 0 } },
      {
        day: today,
        control: { active: activeMembers.length, rate: controlRate },
        rest: { active: activeRest.length, rate: restRate },
      },
    ]);
    // the means over the days with activity recorded (today only)
    expect(activity.meanRate.control).toBeCloseTo(controlRate, 12);
    expect(activity.meanRate.rest).toBeCloseTo(restRate, 12);
    expect(activity.meanRate.lift).toBeCloseTo(restRate - controlRate, 12);
    // a bad day falls back to the default range, as the other reports do; a tester may read it
    const fallback = (
      await owner.call('GET', `/tcm/v1/app/${appId}/control-group/activity?start=x&end=${today}`)
    ).json();
    expect(fallback.data.fallback).toBe(true);
  });
});
