import { startEmulator, type FcmEmulator } from '@beacon/fcm-emulator';
import { base64OfText, RESERVED_CROSS_KEYS, textOfBase64 } from '@beacon/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { registerOnEmulator } from '../../test/devices';
import { ownerAppOnEmulator } from '../../test/messaging';
import { startTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { until } from '../../test/until';

/** The keys every message's data carries (DESIGN §5), whatever its content. */
const TCM_KEYS = ['tcm_msg_id', 'tcm_msg_pkg', 'tcm_msg_timestamp', 'tcm_msg_ttl', 'tcm_msg_type'];

/**
 * Cross (pass-through) and pull-up messages through the FCM emulator (issue 13 items 1, 5, 6): the device receives
 * exactly the operator's JSON in `trans_data`, with the tcm_* keys and, for a pull-up, exactly the three enlive_*
 * keys; the server refuses what the contract refuses, naming the field.
 */
describe.each(backends('one'))('cross and pull-up messages [$name]', (backend) => {
  let t: TestApp;
  let emu: FcmEmulator;
  let owner: TestClient;
  let appId: number;
  const tokens: string[] = [];

  beforeAll(async () => {
    emu = await startEmulator({ tlsPort: null });
    t = await startTestApp(backend, { FCM_BASE_URL: emu.h2cUrl }, { runWorkers: true });
    const created = await ownerAppOnEmulator(t, emu, {
      title: 'Shop',
      pkg: 'com.example.shop',
      projectId: 'cross-project',
    });
    ({ owner } = created);
    appId = created.app.id;
    for (let i = 0; i < 3; i++) tokens.push(await registerOnEmulator(t, emu, created, i));
  });
  afterAll(async () => {
    await t?.close();
    await emu?.close();
  });

  const save = (data: Record<string, unknown>, title = 'Sync') =>
    owner.post(`/tcm/v1/app/${appId}/msg/save`, {
      msgType: 2,
      data,
      title,
      pushCount: 3,
      targetingType: 0,
      scheduleType: 1,
    });
  const sent = async (res: Awaited<ReturnType<typeof save>>) => {
    expect(res.json(), res.body).toMatchObject({ status: 200 });
    const id = res.json().data.id as number;
    await until(
      'sent',
      () => owner.post(`/tcm/v1/app/${appId}/msg/detail`, { id }).then((r) => r.json().data),
      (d) => d.status === 1,
    );
    return id;
  };
  const received = (id: number) =>
    tokens.map((tok) => {
      const got = emu
        .inbox(tok)
        .filter((d) => (d.message.data as Record<string, string>).tcm_msg_id === String(id));
      expect(got).toHaveLength(1);
      return got[0]!.message.data as Record<string, string>;
    });

  it('delivers exactly the operator’s JSON in trans_data, beside the tcm_* keys and the layout', async () => {
    const json = { deeplink: 'shop://sale', badge: 3, nested: { zh: '限时优惠', list: [1, true, null] } };
    const id = await sent(await save({ trans_data: base64OfText(JSON.stringify(json)), noti_layout_id: 2 }));
    for (const data of received(id)) {
      expect(Object.keys(data).sort()).toEqual([...TCM_KEYS, 'noti_layout_id', 'trans_data'].sort());
      expect(data).toMatchObject({ tcm_msg_type: '2', tcm_msg_pkg: 'com.example.shop', noti_layout_id: '2' });
      expect(JSON.parse(textOfBase64(data.trans_data!)!)).toEqual(json);
    }
  });

  it('delivers a pull-up with exactly its three enlive_* keys', async () => {
    const extras = { tab: 'deals', from: 'push' };
    const id = await sent(
      await save(
        {
          trans_data: base64OfText('{}'),
          enlive_package: 'com.example.shop',
          enlive_activity: 'com.example.shop.DealsActivity',
          enlive_data: base64OfText(JSON.stringify(extras)),
        },
        'Bring deals forward',
      ),
    );
    for (const data of received(id)) {
      expect(Object.keys(data).sort()).toEqual(
        [...TCM_KEYS, 'enlive_activity', 'enlive_data', 'enlive_package', 'trans_data'].sort(),
      );
      expect(data).toMatchObject({
        enlive_package: 'com.example.shop',
        enlive_activity: 'com.example.shop.DealsActivity',
      });
      expect(JSON.parse(textOfBase64(data.enlive_data!)!)).toEqual(extras);
    }
    // the cross list tells pull-ups from plain cross messages
    const list = async (kind: string) =>
      (await owner.post(`/tcm/v1/app/${appId}/msg/list`, { msgType: 2, kind }))
        .json()
        .data.results.map((r: { title: string }) => r.title);
    expect(await list('pullup')).toEqual(['Bring deals forward']);
    expect(await list('cross')).toEqual(['Sync']);
    expect(await list('')).toEqual(['Bring deals forward', 'Sync']);
  });

  it('never recalls a cross message: only notifications can be taken back (the shared rule the console hides it by)', async () => {
    const id = await sent(await save({ trans_data: base64OfText('{"n":1}') }, 'Not recallable'));
    const res = await owner.post(`/tcm/v1/app/${appId}/msg/${id}/retreat`);
    expect(res.json()).toMatchObject({ status: 400, data: { fields: [{ field: 'msgType' }] } });
  });

  it('refuses what a cross message may not carry, naming the field', async () => {
    const field = async (data: Record<string, unknown>) => {
      const res = await save(data);
      expect(res.json().status, res.body).toBe(400);
      return res.json().data.fields[0] as { field: string; message: string };
    };
    expect(await field({})).toMatchObject({ field: 'data.trans_data' });
    expect(await field({ trans_data: base64OfText('{"a":') })).toEqual({
      field: 'data.trans_data',
      message: 'must be base64 of JSON, and its text is not JSON',
    });
    expect(await field({ trans_data: 'not base64 at all' })).toMatchObject({
      field: 'data.trans_data',
      message: 'must be base64 of UTF-8 text',
    });
    for (const key of RESERVED_CROSS_KEYS)
      expect(await field({ trans_data: base64OfText(JSON.stringify({ [key]: '1' })) })).toEqual({
        field: 'data.trans_data',
        message: `must not hold the reserved keys ${key}`,
      });
    expect(await field({ trans_data: base64OfText('{}'), noti_title: 'Hi' })).toEqual({
      field: 'data.noti_title',
      message: 'is not a key of a cross message',
    });
    expect(await field({ trans_data: base64OfText('{}'), enlive_activity: '.Main' })).toMatchObject({
      field: 'data.enlive_package',
    });
    expect(
      await field({
        trans_data: base64OfText('{}'),
        enlive_package: 'com.x.y',
        enlive_activity: '.Main',
        enlive_data: 'e30',
      }),
    ).toMatchObject({ field: 'data.enlive_data', message: 'must be base64 of UTF-8 text' });
  });
});
