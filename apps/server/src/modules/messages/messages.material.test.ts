import { startEmulator, type FcmEmulator } from '@beacon/fcm-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { seedDevicesAt } from '../../test/devices';
import { NOTIFICATION, ownerAppOnEmulator } from '../../test/messaging';
import { startTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { until } from '../../test/until';

// devices 1–3 in Nigeria, 4–5 in Kenya, 6 in Ghana
const COUNTRIES = ['NG', 'NG', 'NG', 'KE', 'KE', 'GH'];

/**
 * A message composed from a material (issue 14 item 1): the material must be passed and of the message's kind, and
 * its national attributes, kept with the message, drop the devices outside them at send time with loss 109 — counted
 * per message so that targeted = dispatched + losses.
 */
describe.each(backends('one'))('messages composed from a material [$name]', (backend) => {
  let t: TestApp;
  let emu: FcmEmulator;
  let owner: TestClient;
  let appId: number;
  const tokens: string[] = [];

  beforeAll(async () => {
    emu = await startEmulator({ tlsPort: null });
    t = await startTestApp(backend, { FCM_BASE_URL: emu.h2cUrl }, { runWorkers: true });
    const created = await ownerAppOnEmulator(t, emu, {
      title: 'Material sends',
      pkg: 'com.example.matsend',
      projectId: 'matsend-project',
    });
    owner = created.owner;
    appId = created.app.id;
    for (const _ of COUNTRIES)
      tokens.push(emu.registerDevice({ projectId: 'matsend-project', packageName: 'com.example.matsend' }));
    const lagos = (country: string) => ({ country, timezone: 'Africa/Lagos', utcOffsetMin: 60 });
    await seedDevicesAt(t, appId, COUNTRIES.map(lagos), tokens, '30000000');
  });
  afterAll(async () => {
    await t?.close();
    await emu?.close();
  });

  const material = async (title: string, countries: Record<string, string[]>, materialType = 1) => {
    const res = await owner.post(`/tcm/v1/app/${appId}/material/create`, {
      materialType,
      title,
      data: { ...NOTIFICATION, noti_title: title },
      nationalAttributes: countries,
    });
    expect(res.json(), res.body).toMatchObject({ status: 200, data: { status: 1 } });
    return res.json().data.materialId as number;
  };
  const send = (materialId: number, over: Record<string, unknown> = {}) =>
    owner.post(`/tcm/v1/app/${appId}/msg/save`, {
      msgType: 1,
      data: NOTIFICATION,
      title: `From material ${materialId}`,
      pushCount: COUNTRIES.length,
      targetingType: 0,
      scheduleType: 1,
      materialId,
      ...over,
    });
  const receivers = (id: number) =>
    tokens.map(
      (tok) =>
        emu.inbox(tok).filter((d) => (d.message.data as Record<string, string>).tcm_msg_id === String(id))
          .length,
    );
  const losses = async (id: number) => {
    const list = (await owner.call('GET', `/tcm/v1/app/${appId}/msg/${id}/lose`)).json().data
      .messageDistributionLoseList as Array<{ type: number; count: number }>;
    return Object.fromEntries(list.map((l) => [l.type, l.count]));
  };
  const sent = (id: number) =>
    until(
      `message ${id} sent`,
      () =>
        owner
          .post(`/tcm/v1/app/${appId}/msg/detail`, { id })
          .then((r) => r.json().data as { status: number; dispatchCount: number; targetCount: number }),
      (d) => d.status === 1,
      60_000,
    );

  it('sends only to the countries to push to, counting the others as loss 109, as forecast', async () => {
    const materialId = await material('West and East', { pushCountrySet: ['ng', 'KE'] });
    const asked = await owner.post(`/tcm/v1/app/${appId}/msg/target/max`, {
      targetingType: 0,
      forecast: true,
      materialId,
    });
    expect(asked.json(), asked.body).toMatchObject({
      status: 200,
      data: { newCount: 6, forecast: { exact: true, send: 5, losses: [{ type: 109, count: 1 }] } },
    });
    const id = (await send(materialId)).json().data.id as number;
    const [stored] = await t.database.query<{ forecast: { send: number; losses: unknown[] } }>(
      'SELECT forecast FROM messages WHERE id = $1',
      [id],
    );
    expect(stored!.forecast).toMatchObject({ send: 5, losses: [{ type: 109, count: 1 }] });
    const d = await sent(id);
    expect(receivers(id)).toEqual([1, 1, 1, 1, 1, 0]);
    expect(await losses(id)).toEqual({ 109: 1 });
    expect(d.dispatchCount).toBe(5);
    expect(d.targetCount).toBe(d.dispatchCount + 1);
  });

  it('skips the countries not to push to', async () => {
    const id = (await send(await material('Not Nigeria', { notPushCountrySet: ['NG'] }))).json().data
      .id as number;
    const d = await sent(id);
    expect(receivers(id)).toEqual([0, 0, 0, 1, 1, 1]);
    expect(await losses(id)).toEqual({ 109: 3 });
    expect(d.dispatchCount).toBe(3);
  });

  it('keeps the countries the material had when the message was saved', async () => {
    const materialId = await material('Kenya only', { pushCountrySet: ['KE'] });
    const later = new Date(Date.now() + 3600_000).toISOString().slice(0, 19).replace('T', ' ');
    const id = (await send(materialId, { scheduleType: 2, scheduleDate: later })).json().data.id as number;
    const edit = await owner.post(`/tcm/v1/app/${appId}/material/${materialId}/edit`, {
      materialType: 1,
      title: 'Kenya only',
      data: { ...NOTIFICATION, noti_title: 'Kenya only' },
      nationalAttributes: { pushCountrySet: ['GH'] },
    });
    expect(edit.json(), edit.body).toMatchObject({ status: 200 });
    const [row] = await t.database.query<{ countries: unknown }>(
      'SELECT material_countries AS countries FROM messages WHERE id = $1',
      [id],
    );
    expect(row!.countries).toEqual({ pushCountrySet: ['KE'], notPushCountrySet: [] });
    // an edit that names no material keeps the link and its countries
    const edited = await send(materialId, {
      id,
      scheduleType: 2,
      scheduleDate: later,
      materialId: undefined,
    });
    expect(edited.json(), edited.body).toMatchObject({ status: 200 });
    const [kept] = await t.database.query<{ materialId: number; countries: unknown }>(
      'SELECT material_id::int AS "materialId", material_countries AS countries FROM messages WHERE id = $1',
      [id],
    );
    expect(kept).toEqual({ materialId, countries: { pushCountrySet: ['KE'], notPushCountrySet: [] } });
  });

  it('refuses a material that is not passed, another kind’s, or unknown, naming it', async () => {
    const waiting = await material('Waiting', { pushCountrySet: ['NG'] });
    await t.database.query('UPDATE materials SET status = 3 WHERE id = $1', [waiting]);
    expect((await send(waiting)).json().status).toBe(25102);
    expect((await send(999_999)).json().status).toBe(25102);
    const notification = await material('Notification', {});
    const cross = await send(notification, {
      msgType: 2,
      data: { trans_data: Buffer.from('{"a":1}').toString('base64') },
    });
    expect(cross.statusCode, cross.body).toBe(400);
    expect(cross.json().data.fields[0].field).toBe('materialId');
  });
});
