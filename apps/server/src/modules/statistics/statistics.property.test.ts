import { startEmulator, type FcmEmulator } from '@beacon/fcm-emulator';
import { addDays, EVENT_BITS, utcDay, type EventType } from '@beacon/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { gaid, registerOnEmulator } from '../../test/devices';
import { NOTIFICATION, ownerAppOnEmulator } from '../../test/messaging';
import { shiftStatisticsDays } from '../../test/statistics';
import { startTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { until } from '../../test/until';

/** A small seeded generator (mulberry32): the same seed replays the same stream. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!,
  };
}

const TYPES: EventType[] = ['received', 'shown', 'clicked', 'dismissed', 'show_failed', 'converted'];
const COUNTRIES = ['NG', 'KE', 'GH'];
const VERSIONS = ['3.1.0', '3.2.0'];
/** devices 0–23 registered before the sends; 20–21 notifications off; 22–23 uninstalled at FCM; 24–25 after */
const BEFORE = 24;
const AFTER = 26;
/** an advertising id never registered */
const UNKNOWN_DEVICE = 90;

/** What the events should have made of one message, computed here from what was reported (the model). */
interface Model {
  dispatched: Set<number>;
  bits: Map<number, number>;
}

/** The model's bits after an event: repeats change nothing; a click implies a show and a show a receipt. */
function applyBit(bits: number, type: EventType): number {
  let b = bits | EVENT_BITS[type];
  if (b & EVENT_BITS.clicked) b |= EVENT_BITS.shown;
  if (b & EVENT_BITS.shown) b |= EVENT_BITS.received;
  return b;
}

/**
 * The statistics' invariants under random device event streams (issue 12): duplicates, reordering, events from
 * devices never sent the message (filtered, lost, registered later, unknown), events for unknown messages and late
 * events after a recall. After each round every read (list, funnel, distribution, losses, yesterday, trend,
 * dimension report, sub-report, CSV) must equal the model, and the per-day identities must hold.
 */
describe.each(backends())('statistics invariants under random event streams [$name]', (backend) => {
  let t: TestApp;
  let emu: FcmEmulator;
  let owner: TestClient;
  let appId: number;
  let sdkAuth: string;
  const messages: number[] = [];
  const models = new Map<number, Model>();
  const countryOf = (i: number) => COUNTRIES[i % 3]!;
  const versionOf = (i: number) => VERSIONS[i % 2]!;

  beforeAll(async () => {
    emu = await startEmulator({ tlsPort: null });
    t = await startTestApp(backend, { FCM_BASE_URL: emu.h2cUrl }, { runWorkers: true });
    const created = await ownerAppOnEmulator(t, emu, {
      title: 'Property',
      pkg: 'com.example.property',
      projectId: 'property',
    });
    ({ owner, sdkAuth } = created);
    appId = created.app.id;
    const device = (i: number) => ({
      country: countryOf(i),
      appVersion: versionOf(i),
      notificationsEnabled: !(i === 20 || i === 21),
    });
    const tokens: string[] = [];
    for (let i = 0; i < BEFORE; i++) tokens.push(await registerOnEmulator(t, emu, created, i, device(i)));
    emu.unregisterDevice(tokens[22]!);
    emu.unregisterDevice(tokens[23]!);
    // a broadcast, one limited to 10 devices, and a recall of the first (its late events still count for it)
    for (const pushCount of [BEFORE, 10]) {
      const saved = await owner.post(`/tcm/v1/app/${appId}/msg/save`, {
        msgType: 1,
        data: NOTIFICATION,
        title: `Property ${pushCount}`,
        pushCount,
        targetingType: 0,
        scheduleType: 1,
      });
      const id = saved.json().data.id as number;
      await until(
        'sent',
        () => owner.post(`/tcm/v1/app/${appId}/msg/detail`, { id }).then((r) => r.json().data),
        (d) => d.status === 1,
      );
      messages.push(id);
    }
    for (let i = BEFORE; i < AFTER; i++) await registerOnEmulator(t, emu, created, i, device(i));
    for (const id of messages) {
      const rows = await t.database.query<{ gaid: string }>(
        `SELECT d.gaid::text AS gaid FROM send_records s JOIN devices d ON d.id = s.device_id
         WHERE s.message_id = $1 AND s.outcome = 1`,
        [id],
      );
      const index = new Map(Array.from({ length: AFTER }, (_, i) => [gaid(i), i]));
      models.set(id, { dispatched: new Set(rows.map((r) => index.get(r.gaid)!)), bits: new Map() });
    }
    // the engine's own outcome: the enabled, installed devices (the second message: 10 of them)
    expect(models.get(messages[0]!)!.dispatched.size).toBe(20);
    expect(models.get(messages[1]!)!.dispatched.size).toBe(10);
    const recall = await owner.post(`/tcm/v1/app/${appId}/msg/${messages[0]}/retreat`, {});
    expect(recall.json().status).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await emu?.close();
  });

  /** Sends `calls` random event calls (1–5 events each, some repeated), in parallel groups as devices would. */
  async function randomStream(seed: number, calls: number) {
    const r = random(seed);
    const bodies: Array<{ i: number; events: Array<{ type: EventType; msgId: number; ts: number }> }> = [];
    for (let c = 0; c < calls; c++) {
      const i = r.next() < 0.05 ? UNKNOWN_DEVICE : r.int(AFTER);
      const events = Array.from({ length: 1 + r.int(5) }, () => ({
        type: r.pick(TYPES),
        msgId: r.next() < 0.05 ? 999_999 : r.pick(messages),
        // reordered: timestamps anywhere in the last hour
        ts: Date.now() - r.int(3_600_000),
      }));
      bodies.push({ i, events });
      if (r.next() < 0.2) bodies.push({ i, events: [...events].reverse() });
    }
    for (let k = 0; k < bodies.length; k += 16) {
      const group = bodies.slice(k, k + 16);
      const answers = await Promise.all(
        group.map((b) =>
          t.app.inject({
            method: 'POST',
            url: '/sdk/v1/events',
            headers: { authorization: sdkAuth },
            payload: { gaid: gaid(b.i), events: b.events },
          }),
        ),
      );
      for (const a of answers) expect(a.json().status, a.body).toBe(200);
    }
    for (const b of bodies)
      for (const e of b.events) {
        const m = models.get(e.msgId);
        if (!m || !m.dispatched.has(b.i)) continue;
        m.bits.set(b.i, applyBit(m.bits.get(b.i) ?? 0, e.type));
      }
  }

  /** The model's counts of a message, optionally of one country. */
  function expected(id: number, country?: string) {
    const m = models.get(id)!;
    const has = (bit: number) =>
      [...m.dispatched].filter(
        (i) => (!country || countryOf(i) === country) && ((m.bits.get(i) ?? 0) & bit) > 0,
      ).length;
    return {
      dispatch: [...m.dispatched].filter((i) => !country || countryOf(i) === country).length,
      reach: has(EVENT_BITS.received),
      show: has(EVENT_BITS.shown),
      click: has(EVENT_BITS.clicked),
      conversion: has(EVENT_BITS.converted),
    };
  }

  const data = async (path: string) => {
    const res = await owner.call('GET', `/tcm/v1/app/${appId}${path}`);
    expect(res.json().status, res.body).toBe(200);
    return res.json().data;
  };

  async function checkMessages() {
    // the message list reads the counters as they are (only the statistics routes wait for the counting to settle)
    await t.counting.settle();
    const list = (await owner.post(`/tcm/v1/app/${appId}/msg/list`, { msgType: 1 })).json().data.results;
    for (const id of messages) {
      const e = expected(id);
      const row = list.find((x: { id: number }) => x.id === id);
      expect(row).toMatchObject({
        dispatchCount: e.dispatch,
        arriveAll: e.reach,
        show: e.show,
        click: e.click,
      });
      const funnel = await data(`/msg/${id}/funnel`);
      expect(funnel).toMatchObject({
        channelReach: e.dispatch,
        targetReceive: e.reach,
        show: e.show,
        click: e.click,
      });
      const loss = await data(`/msg/${id}/lose`);
      const lost = loss.messageDistributionLoseList.reduce(
        (a: number, l: { count: number }) => a + l.count,
        0,
      );
      // targeted = dispatched + Σ losses
      expect(loss.total).toBe(e.dispatch + lost);
      expect(funnel.push).toBe(loss.total + funnel.waiting);
      for (const dimension of ['country', 'version']) {
        const rows = (await data(`/msg/${id}/distribution/${dimension}`)).rows as Array<
          Record<string, number>
        >;
        const sum = (k: string) => rows.reduce((a, r) => a + r[k]!, 0);
        expect({
          dispatch: sum('dispatch'),
          reach: sum('reach'),
          show: sum('show'),
          click: sum('click'),
        }).toEqual({
          dispatch: e.dispatch,
          reach: e.reach,
          show: e.show,
          click: e.click,
        });
      }
      const ng = (await data(`/msg/${id}/distribution/country`)).rows.find(
        (r: { key: string }) => r.key === 'NG',
      );
      const eNg = expected(id, 'NG');
      expect(ng).toMatchObject({
        dispatch: eNg.dispatch,
        reach: eNg.reach,
        show: eNg.show,
        click: eNg.click,
      });
    }
  }

  /** Per message and day: push = dispatch + Σ losses, reach ≤ dispatch, show ≤ reach, click ≤ show. */
  async function checkDays() {
    type DayRow = Record<'push' | 'dispatch' | 'reach' | 'show' | 'click' | 'lost', number>;
    const days = await t.database.query<DayRow>(
      `SELECT x.message_id, x.day, x.push, x.dispatch, x.reach, x.show, x.click,
              COALESCE((SELECT sum(count) FROM stat_message_losses l WHERE l.message_id = x.message_id AND l.day = x.day), 0)::int AS lost
       FROM (SELECT message_id, day, sum(push)::int AS push, sum(dispatch)::int AS dispatch, sum(reach)::int AS reach,
                    sum(show)::int AS show, sum(click)::int AS click
             FROM stat_message_days WHERE app_id = $1 GROUP BY 1, 2) x`,
      [appId],
    );
    expect(days.length).toBeGreaterThan(0);
    for (const d of days) {
      expect(d.push).toBe(d.dispatch + d.lost);
      expect(d.reach).toBeLessThanOrEqual(d.dispatch);
      expect(d.show).toBeLessThanOrEqual(d.reach);
      expect(d.click).toBeLessThanOrEqual(d.show);
    }
  }

  /** The app reports of yesterday agree with the messages (the sends are moved to yesterday for them). */
  async function checkReports() {
    await shiftStatisticsDays(t, appId, -1);
    try {
      const yesterday = addDays(utcDay(), -1);
      const sum = (k: 'dispatch' | 'reach' | 'show' | 'click' | 'conversion') =>
        messages.reduce((a, id) => a + expected(id)[k], 0);
      const want = {
        dispatch: sum('dispatch'),
        reach: sum('reach'),
        show: sum('show'),
        click: sum('click'),
        conversion: sum('conversion'),
      };
      const y = (await data('/report/yesterday')).yesterday;
      expect(y).toMatchObject(want);
      const showers = new Set(
        messages.flatMap((id) => [...models.get(id)!.bits].filter(([, b]) => b & 2).map(([i]) => i)),
      );
      const clickers = new Set(
        messages.flatMap((id) => [...models.get(id)!.bits].filter(([, b]) => b & 4).map(([i]) => i)),
      );
      expect({ showUv: y.showUv, clickUv: y.clickUv }).toEqual({
        showUv: showers.size,
        clickUv: clickers.size,
      });
      const range = `start=${yesterday}&end=${yesterday}`;
      const project = (await data(`/report/project?${range}`)).dated[0];
      const dimension = await data(`/report/dimension?${range}`);
      expect(project).toEqual(y);
      expect(dimension.totalData).toMatchObject(want);
      const sub = await data(`/report/version-country?${range}`);
      for (const rows of [sub.countries, sub.versions]) {
        const total = (k: string) => rows.reduce((a: number, r: Record<string, number>) => a + r[k]!, 0);
        expect({ push: total('push'), dispatch: total('dispatch'), show: total('show') }).toEqual({
          push: y.push,
          dispatch: y.dispatch,
          show: y.show,
        });
      }
      const ke = await data(`/report/dimension?${range}&country=KE`);
      const sumKe = (k: 'dispatch' | 'reach' | 'click') =>
        messages.reduce((a, id) => a + expected(id, 'KE')[k], 0);
      expect(ke.totalData).toMatchObject({
        dispatch: sumKe('dispatch'),
        reach: sumKe('reach'),
        click: sumKe('click'),
      });
      const csv = (await owner.call('GET', `/tcm/v1/app/${appId}/report/trend/export?${range}`)).body;
      const line = csv
        .replace(/^\uFEFF/, '')
        .split('\r\n')[1]!
        .split(',');
      expect(line.slice(0, 3)).toEqual([yesterday, String(y.push), String(y.dispatch)]);
    } finally {
      await shiftStatisticsDays(t, appId, 1);
    }
  }

  it.each([1, 2, 3])('holds every invariant after random stream %i', async (seed) => {
    await randomStream(seed * 7919, 120);
    await checkMessages();
    await checkDays();
    await checkReports();
  });
});
