import { startEmulator, type FcmEmulator } from '@beacon/fcm-emulator';
import { type AbTestSaveInput } from '@beacon/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { registerOnEmulator } from '../../test/devices';
import { NOTIFICATION, ownerAppOnEmulator } from '../../test/messaging';
import { startTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { until } from '../../test/until';

/** The keys every message's data carries (DESIGN §5), whatever its content. */
const TCM_KEYS = ['tcm_msg_id', 'tcm_msg_pkg', 'tcm_msg_timestamp', 'tcm_msg_ttl', 'tcm_msg_type'];
/** The devices: with two arms of 50 % each, every one is in exactly one arm. */
const DEVICES = 12;

/** The A/B sub-config (issue 13 item 2): channel id and name, group id and max, and for a custom design the layout. */
const SUB_CONFIG = {
  noti_channel_id: 'promo',
  noti_channel_name: 'Promotions',
  noti_group_id: 'sale',
  noti_group_max: 5,
};
/** Arm A: the custom design with its layout number; arm B: the system design (no layout). */
const CUSTOM = {
  ...NOTIFICATION,
  noti_type: 3,
  noti_small_icon: '',
  noti_icon: '/files/big.png',
  noti_title: 'Sale A',
  ...SUB_CONFIG,
  noti_layout_id: 7,
};
const SYSTEM = { ...NOTIFICATION, noti_title: 'Sale B', ...SUB_CONFIG };

/**
 * An A/B test of notifications whose arms carry the sub-config, through the FCM emulator: each device receives its
 * arm's noti_* keys with exactly the channel, group and (custom design only) layout keys, all strings; the server
 * refuses a layout number without the custom design and a group max out of range, naming the arm's field.
 */
describe.each(backends('one'))('A/B test sub-config [$name]', (backend) => {
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
      pkg: 'com.example.abconf',
      projectId: 'ab-conf-project',
    });
    ({ owner } = created);
    appId = created.app.id;
    for (let i = 0; i < DEVICES; i++) tokens.push(await registerOnEmulator(t, emu, created, i));
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await emu?.close();
  });

  const arm = (groupTag: 'A' | 'B', data: Record<string, unknown>) => ({
    msgType: 1 as const,
    groupTag,
    groupPercent: 50,
    scheduleType: 1 as const,
    data,
  });
  const create = (childMsgs: AbTestSaveInput['childMsgs']) =>
    owner.post(`/tcm/v1/app/${appId}/msg/abtest/create`, {
      title: 'Channel test',
      targetingType: 0,
      childMsgs,
    });
  const detail = (id: number) =>
    owner.call('GET', `/tcm/v1/app/${appId}/msg/abtest/${id}/detail`).then((r) => r.json().data);

  it('delivers each arm with exactly its channel, group and layout keys, as strings', async () => {
    const res = await create([arm('A', CUSTOM), arm('B', SYSTEM)]);
    expect(res.json(), res.body).toMatchObject({ status: 200 });
    const id = res.json().data.id as number;
    const sent = await until(
      'both arms sent',
      () => detail(id),
      (d) => d.status === 1,
      60_000,
    );
    const [a, b] = sent.childMsgs as Array<{ msgId: number; groupTag: string }>;
    const got = tokens.map((tok) => {
      const inbox = emu.inbox(tok).map((d) => d.message.data as Record<string, string>);
      expect(inbox).toHaveLength(1);
      return inbox[0]!;
    });
    const ofArm = (msgId: number) => got.filter((d) => d.tcm_msg_id === String(msgId));
    expect(ofArm(a!.msgId).length + ofArm(b!.msgId).length).toBe(DEVICES);
    expect(ofArm(a!.msgId).length).toBeGreaterThan(0);
    expect(ofArm(b!.msgId).length).toBeGreaterThan(0);
    const noti = (d: Record<string, unknown>) =>
      Object.keys(d).filter((k) => typeof d[k] !== 'string' || d[k] !== '');
    const channel = {
      noti_channel_id: 'promo',
      noti_channel_name: 'Promotions',
      noti_group_id: 'sale',
      noti_group_max: '5',
    };
    for (const data of ofArm(a!.msgId)) {
      expect(Object.keys(data).sort()).toEqual([...TCM_KEYS, ...noti(CUSTOM)].sort());
      expect(data).toMatchObject({ ...channel, noti_layout_id: '7', noti_type: '3', noti_title: 'Sale A' });
    }
    for (const data of ofArm(b!.msgId)) {
      expect(Object.keys(data).sort()).toEqual([...TCM_KEYS, ...noti(SYSTEM)].sort());
      expect(data).toMatchObject({ ...channel, noti_type: '1', noti_title: 'Sale B' });
      expect(data).not.toHaveProperty('noti_layout_id');
    }
  }, 120_000);

  it('omits the channel and group keys an arm leaves empty', async () => {
    const { noti_channel_id: _id, noti_channel_name: _name, noti_group_id: _group, ...rest } = SYSTEM;
    const bare = { ...rest, noti_channel_id: '', noti_channel_name: '', noti_group_id: '' };
    const before = tokens.map((tok) => emu.inbox(tok).length);
    const res = await create([arm('A', bare), arm('B', bare)]);
    expect(res.json(), res.body).toMatchObject({ status: 200 });
    const id = res.json().data.id as number;
    await until(
      'both arms sent',
      () => detail(id),
      (d) => d.status === 1,
      60_000,
    );
    tokens.forEach((tok, i) => {
      const inbox = emu.inbox(tok);
      expect(inbox).toHaveLength(before[i]! + 1);
      const data = inbox.at(-1)!.message.data as Record<string, string>;
      for (const key of ['noti_channel_id', 'noti_channel_name', 'noti_group_id', 'noti_layout_id'])
        expect(data).not.toHaveProperty(key);
      expect(data.noti_group_max).toBe('5');
    });
  }, 120_000);

  it('refuses a layout number without the custom design and a group max out of range, at the arm’s field', async () => {
    const refusal = async (childMsgs: AbTestSaveInput['childMsgs']) => {
      const res = await create(childMsgs);
      expect(res.json().status, res.body).toBe(400);
      return res.json().data.fields[0] as { field: string; message: string };
    };
    expect(await refusal([arm('A', CUSTOM), arm('B', { ...SYSTEM, noti_layout_id: 7 })])).toEqual({
      field: 'childMsgs.1.data.noti_layout_id',
      message: 'is only allowed with the custom design (noti_type 3)',
    });
    expect(await refusal([arm('A', { ...CUSTOM, noti_group_max: 101 }), arm('B', SYSTEM)])).toEqual({
      field: 'childMsgs.0.data.noti_group_max',
      message: 'must be a whole number from 0 to 100 (0: no limit)',
    });
    expect(await refusal([arm('A', { ...CUSTOM, noti_layout_id: 1001 }), arm('B', SYSTEM)])).toEqual({
      field: 'childMsgs.0.data.noti_layout_id',
      message: 'must be a number from 0 to 1000',
    });
  });
});
