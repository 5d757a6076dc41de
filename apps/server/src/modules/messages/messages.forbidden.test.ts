import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { startTestApp, TestClient, type TestApp } from '../../test/test-app';
import { NOTIFICATION } from '../../test/messaging';
import { registerSdkDevice, sdkAuthOf, sdkDevice } from '../../test/devices';

const content = NOTIFICATION;
// country, time zone (its UTC offset), devices, notifications on
const FLEET: Array<[string, string, number, boolean]> = [
  ['DE', 'Europe/Berlin', 4, true],
  ['FR', 'Europe/Paris', 3, true], // banned for the app (104)
  ['FR', 'Europe/Paris', 1, false], // banned too, but notifications off: lost to that first (107), not to the ban
  ['KP', 'Asia/Pyongyang', 2, true], // banned for every app (6)
  ['IN', 'Asia/Kolkata', 5, true], // banned 22:00–08:00 local (105)
  ['GH', 'Africa/Accra', 2, false], // notifications off: nothing could be sent to them
];
const inCountries = (...values: string[]) => ({
  targetingType: 1,
  conditions: [{ label: 'country', op: 'in', values, allSelected: 0 }],
});
/** Tomorrow at `hhmm` as `YYYY-MM-DD HH:mm:00`. */
const tomorrowAt = (hhmm: string) =>
  `${new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)} ${hhmm}:00`;

describe.each(backends('both'))('msg/save forbidden countries and windows: 201 / 202 [$name]', (backend) => {
  let t: TestApp;
  let appId: number;
  let owner: TestClient;
  const total = FLEET.reduce((n, f) => n + f[2], 0);
  const messages = async () =>
    Number((await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM messages'))[0]?.n);
  // a title of its own: the same message again within a day would be a twin (21030)
  let seq = 0;
  const save = (body: Record<string, unknown>) =>
    owner.post(`/tcm/v1/app/${appId}/msg/save`, {
      msgType: 1,
      data: content,
      title: `Sale ${++seq}`,
      pushCount: 1,
      targetingType: 0,
      scheduleType: 1,
      ...body,
    });

  beforeAll(async () => {
    t = await startTestApp(backend);
    await t.services.users.upsertAdmin('owner@example.com', 'Owner#2024', 150);
    const user = (await t.repos.users.findByEmail('owner@example.com'))!;
    const { app, appSecret } = await t.services.apps.create({
      title: 'Shop',
      pkg: 'com.example.shop',
      owner: { userId: user.id, email: user.email },
    });
    appId = app.id;
    await t.database.query('UPDATE apps SET local_time_enable = true WHERE id = $1', [appId]);
    const auth = sdkAuthOf(app, appSecret);
    let i = 0;
    for (const [country, timezone, count, notificationsEnabled] of FLEET)
      for (let k = 0; k < count; k++, i++)
        await registerSdkDevice(t, auth, sdkDevice(i, { country, timezone, notificationsEnabled }));
    await t.database.query(`INSERT INTO platform_forbidden_countries (country) VALUES ('KP')`);
    await t.database.query(`INSERT INTO app_forbidden_countries (app_id, country) VALUES ($1, 'FR')`, [
      appId,
    ]);
    await t.database.query(
      `INSERT INTO app_forbidden_times (app_id, country, start_minute, end_minute) VALUES ($1, 'IN', 1320, 480)`,
      [appId],
    );
    owner = new TestClient(t.app, { 'accept-language': 'fr' });
    await owner.login('owner@example.com', 'Owner#2024');
  });
  afterAll(async () => t?.close());

  it('saves with 200 when the audience has no forbidden country', async () => {
    const res = await save(inCountries('DE'));
    expect(res.json()).toMatchObject({ status: 200, data: { status: 0 } });
  });

  it('answers 202 with the banned countries (most devices first) and saves nothing without the force flag', async () => {
    const before = await messages();
    // 12:00 UTC tomorrow is 17:30 in India: outside its window
    const res = await save({ pushCount: total, scheduleType: 2, scheduleDate: tomorrowAt('12:00') });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 202,
      msg: expect.stringContaining('France (FR), Corée du Nord (KP)'),
      data: {
        forbidden: [
          { countryCode: 'FR', countryName: 'France', allDay: true, windows: [], lossCode: 104, devices: 3 },
          {
            countryCode: 'KP',
            countryName: 'North Korea',
            allDay: true,
            windows: [],
            lossCode: 6,
            devices: 2,
          },
        ],
        blocked: { devices: 5, audience: total, exact: true },
      },
    });
    expect(await messages()).toBe(before);
    const forced = await save({
      pushCount: total,
      scheduleType: 2,
      scheduleDate: tomorrowAt('12:00'),
      countryMsgforceCreate: true,
    });
    expect(forced.json()).toMatchObject({ status: 200, data: { status: 2 } });
    expect(await messages()).toBe(before + 1);
  });

  it('answers 202 with the figures of the forecast before send for the same draft (one computation)', async () => {
    const draft = {
      pushCount: total,
      scheduleType: 2,
      scheduleDate: tomorrowAt('12:00'),
      scheduleUTC: '+0000',
    };
    const estimate = await owner.post(`/tcm/v1/app/${appId}/msg/target/max`, {
      targetingType: 0,
      msgRestrictType: 1,
      forecast: true,
      ...draft,
    });
    const forecast = estimate.json().data as {
      newCount: number;
      forecast: { exact: boolean; losses: Array<{ type: number; count: number }> };
    };
    const banned = forecast.forecast.losses.filter((l) => [6, 104, 105].includes(l.type));
    // FR's device with notifications off is the forecast's 107, not its 104
    expect(banned).toEqual([
      { type: 104, count: 3 },
      { type: 6, count: 2 },
    ]);
    const saved = await save(draft);
    expect(saved.json()).toMatchObject({
      status: 202,
      data: {
        forbidden: [
          { countryCode: 'FR', devices: 3 },
          { countryCode: 'KP', devices: 2 },
        ],
        blocked: { devices: 5, audience: forecast.newCount, exact: true },
      },
    });
    expect(forecast.newCount).toBe(total);
    // msg/check (the save's dry run) answers the same figures
    const checked = await owner.post(`/tcm/v1/app/${appId}/msg/check`, {
      msgType: 1,
      data: content,
      title: 'Checked',
      targetingType: 0,
      ...draft,
    });
    expect(checked.json().data).toEqual(saved.json().data);
  });

  it('answers 201, even with the force flag, when no device outside the banned countries could get the message', async () => {
    const before = await messages();
    for (const body of [
      inCountries('FR', 'KP'),
      { ...inCountries('FR', 'KP'), countryMsgforceCreate: true },
      inCountries('FR', 'GH'),
    ]) {
      const res = await save({ ...body, countryMsgforceCreate: true });
      expect(res.json()).toMatchObject({ status: 201, data: { forbidden: expect.any(Array) } });
    }
    const res = await save(inCountries('FR', 'GH'));
    expect(res.json().data.forbidden).toEqual([
      { countryCode: 'FR', countryName: 'France', allDay: true, windows: [], lossCode: 104, devices: 3 },
    ]);
    expect(await messages()).toBe(before);
  });

  it('lists a banned window only when the schedule hits it in the devices’ local time and it outlasts the TTL (105)', async () => {
    const audience = { ...inCountries('IN', 'DE'), pushCount: 9, timeToLive: 3600 };
    // 18:00 UTC is 23:30 in India (inside 22:00–08:00, across midnight)
    const hit = await save({ ...audience, scheduleType: 2, scheduleDate: tomorrowAt('18:00') });
    expect(hit.json()).toMatchObject({
      status: 202,
      data: {
        forbidden: [
          {
            countryCode: 'IN',
            countryName: 'India',
            allDay: false,
            windows: [{ start: '22:00', end: '08:00' }],
            lossCode: 105,
            devices: 5,
          },
        ],
      },
    });
    // the same wall time in another zone: 18:00 +0800 is 15:30 in India
    const miss = await save({
      ...audience,
      scheduleType: 2,
      scheduleDate: tomorrowAt('18:00'),
      scheduleUTC: '+0800',
    });
    expect(miss.json()).toMatchObject({ status: 200 });
    // with 12 hours to live, India's devices wait for 08:00 (8.5 h later) instead of being dropped
    const waits = await save({
      ...audience,
      timeToLive: 43200,
      scheduleType: 2,
      scheduleDate: tomorrowAt('18:00'),
    });
    expect(waits.json()).toMatchObject({ status: 200 });
  });

  it('checks each local-time wave at its own instant (schedule type 3)', async () => {
    const before = await messages();
    const late = await save({
      ...inCountries('IN', 'DE'),
      pushCount: 9,
      timeToLive: 3600,
      scheduleType: 3,
      scheduleDate: tomorrowAt('23:00'),
    });
    expect(late.json()).toMatchObject({
      status: 202,
      data: { forbidden: [{ countryCode: 'IN', lossCode: 105, devices: 5 }] },
    });
    const onlyIndia = await save({
      ...inCountries('IN'),
      pushCount: 5,
      timeToLive: 3600,
      scheduleType: 3,
      scheduleDate: tomorrowAt('06:00'),
      countryMsgforceCreate: true,
    });
    expect(onlyIndia.json()).toMatchObject({
      status: 201,
      data: { forbidden: [{ countryCode: 'IN', lossCode: 105, devices: 5 }] },
    });
    expect(await messages()).toBe(before);
    // 07:30 with an hour to live: the window ends at 08:00, so the devices only wait
    const waits = await save({
      ...inCountries('IN'),
      pushCount: 5,
      timeToLive: 3600,
      scheduleType: 3,
      scheduleDate: tomorrowAt('07:30'),
    });
    expect(waits.json()).toMatchObject({ status: 200, data: { status: 7 } });
    const eight = await save({
      ...inCountries('IN'),
      pushCount: 5,
      timeToLive: 3600,
      scheduleType: 3,
      scheduleDate: tomorrowAt('08:00'),
    });
    expect(eight.json()).toMatchObject({ status: 200, data: { status: 7 } });
  });

  it('checks an edit the same way and leaves the saved message unchanged when refused', async () => {
    const created = await save({ ...inCountries('DE'), title: 'Sale' });
    const id = created.json().data.id as number;
    await t.database.query(`UPDATE messages SET status = 2 WHERE id = $1`, [id]);
    const edit = await save({ id, ...inCountries('DE', 'FR'), title: 'Edited' });
    expect(edit.json()).toMatchObject({ status: 202 });
    const [row] = await t.database.query<{ title: string }>('SELECT title FROM messages WHERE id = $1', [id]);
    expect(row?.title).toBe('Sale');
  });
});
