import { startEmulator, type FcmEmulator } from '@beacon/fcm-emulator';
import { TEMPLATE_RENDER_LOSS } from '@beacon/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { startTestApp, TestClient, type TestApp } from '../../test/test-app';
import { NOTIFICATION, ownerAppOnEmulator } from '../../test/messaging';
import { until } from '../../test/until';
import { gaid, registerOnEmulator } from '../../test/devices';

/**
 * Personalised content (issue 33 §4) through the FCM emulator: the save refuses a template naming an unknown variable
 * or using a tag (400 naming the field and the variable); a templated notification arrives rendered with each
 * device's own values (links URL-encoded); a device whose template renders a blank title is lost with 112, never sent
 * the template, and the funnel reconciles (targeted = dispatched + Σ losses).
 *
 * Devices: 0–3 with an operator (MTN, Airtel), in NG/KE, models with a space (upper-cased by the device API); 4–5 with none.
 */
const OPERATORS = ['MTN', 'Airtel', 'MTN', 'Airtel', '', ''];

describe.each(backends())('templates: save-time check and per-device render [$name]', (backend) => {
  let t: TestApp;
  let emu: FcmEmulator;
  let appId: number;
  let owner: TestClient;
  let sdkAuth = '';
  const tokens: string[] = [];
  const sdk = async (url: string, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url, headers: { authorization: sdkAuth }, payload });
    expect(res.json().status, res.body).toBe(200);
  };

  beforeAll(async () => {
    emu = await startEmulator({ tlsPort: null });
    t = await startTestApp(backend, { FCM_BASE_URL: emu.h2cUrl }, { runWorkers: true });
    const created = await ownerAppOnEmulator(t, emu, {
      title: 'Shop',
      pkg: 'com.example.shop',
      projectId: 'shop-project',
    });
    owner = created.owner;
    appId = created.app.id;
    sdkAuth = created.sdkAuth;
    for (let i = 0; i < OPERATORS.length; i++)
      tokens.push(
        await registerOnEmulator(t, emu, created, i, {
          country: i % 2 ? 'NG' : 'KE',
          operator: OPERATORS[i],
          model: `Phone ${i}`,
        }),
      );
  });
  afterAll(async () => {
    await t?.close();
    await emu?.close();
  });

  const save = (data: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    owner.post(`/tcm/v1/app/${appId}/msg/save`, {
      msgType: 1,
      data: { ...NOTIFICATION, ...data },
      title: 'Personal',
      pushCount: OPERATORS.length,
      targetingType: 0,
      scheduleType: 1,
      ...extra,
    });

  it('refuses an unknown variable, a tag or a filter not allowed, naming the field and the variable', async () => {
    const unknown = await save({ noti_desc: 'Hi {{ first_name | default: "there" }}' });
    expect(unknown.json()).toMatchObject({
      status: 400,
      data: { fields: [{ field: 'data.noti_desc', message: 'uses the unknown variable first_name' }] },
    });
    expect(unknown.json().msg).toContain('first_name');
    const tag = await save({ noti_title: '{% for i in (1..9) %}x{% endfor %}' });
    expect(tag.json()).toMatchObject({ status: 400, data: { fields: [{ field: 'data.noti_title' }] } });
    const link = await save({ noti_open_content: 'shop://x?c={{ device.imei }}' });
    expect(link.json()).toMatchObject({
      status: 400,
      data: {
        fields: [{ field: 'data.noti_open_content', message: 'uses the unknown variable device.imei' }],
      },
    });
    const lang = await save(
      {},
      {
        multiLangEnable: true,
        multiLangContent: [{ lang: 'en', title: 'Hi {{ nickname }}', desc: 'x' }],
      },
    );
    expect(lang.json()).toMatchObject({
      status: 400,
      data: { fields: [{ field: 'multiLangContent.0.title' }] },
    });
    const french = new TestClient(t.app, { 'accept-language': 'fr' });
    french.cookie = owner.cookie;
    const fr = await french.post(`/tcm/v1/app/${appId}/msg/save`, {
      msgType: 1,
      data: { ...NOTIFICATION, noti_title: '{{ nickname }}' },
      title: 'x',
      pushCount: 1,
      targetingType: 0,
      scheduleType: 1,
    });
    expect(fr.json().data.fields[0].message).toBe('utilise la variable inconnue nickname');
  });

  it('renders each device’s values, loses a device whose title renders blank with 112, and reconciles', async () => {
    emu.resetStats();
    const saved = await save({
      noti_title: '{{ device.operator }}',
      noti_desc: 'Deals in {{ device.country }} for {{ user.id | default: "you" }}, {{ "{{ not parsed }}" }}',
      noti_open_content: 'shop://deal/{{ device.country | downcase }}?m={{ device.model }}',
    });
    expect(saved.json()).toMatchObject({ status: 200 });
    const id = saved.json().data.id as number;
    const detail = await until(
      'sent',
      () => owner.post(`/tcm/v1/app/${appId}/msg/detail`, { id }).then((r) => r.json().data),
      (d) => d.status === 1,
    );
    const inbox = tokens.map((tok) =>
      emu.inbox(tok).filter((d) => (d.message.data as Record<string, string>).tcm_msg_id === String(id)),
    );
    expect(inbox.map((x) => x.length)).toEqual([1, 1, 1, 1, 0, 0]);
    for (let i = 0; i < 4; i++) {
      const country = i % 2 ? 'NG' : 'KE';
      expect(inbox[i]![0]!.message.data).toMatchObject({
        noti_title: OPERATORS[i],
        noti_desc: `Deals in ${country} for you, {{ not parsed }}`,
        noti_open_content: `shop://deal/${country.toLowerCase()}?m=PHONE%20${i}`,
      });
    }
    const lose = (await owner.call('GET', `/tcm/v1/app/${appId}/msg/${id}/lose`)).json().data;
    const losses = Object.fromEntries(
      (lose.messageDistributionLoseList as Array<{ type: number; count: number }>).map((l) => [
        l.type,
        l.count,
      ]),
    );
    expect(losses).toEqual({ [TEMPLATE_RENDER_LOSS]: 2 });
    expect(detail).toMatchObject({ targetCount: 6, dispatchCount: 4 });
    const lost = Object.values(losses).reduce((a, b) => a + b, 0);
    expect(detail.dispatchCount + lost).toBe(detail.targetCount);
  });

  it('renders the user’s attributes and id (a list as its items), the default for a device without them', async () => {
    // device 0: user cust-0 with a name and interests; device 1: an anonymous user with a name; the rest: none
    await sdk('/sdk/v1/user', { gaid: gaid(0), externalId: 'cust-0' });
    await sdk('/sdk/v1/attributes', {
      gaid: gaid(0),
      attributes: { first_name: 'Ada', interests: ['music', 'food'] },
    });
    await sdk('/sdk/v1/attributes', { gaid: gaid(1), attributes: { first_name: 'Tunde' } });
    const saved = await save({
      noti_title: 'Hi {{ first_name | default: "there" }}',
      noti_desc: 'For {{ user.id | default: "you" }}: {{ interests | default: "deals" }}',
    });
    expect(saved.json(), saved.body).toMatchObject({ status: 200 });
    const id = saved.json().data.id as number;
    await until(
      'sent',
      () => owner.post(`/tcm/v1/app/${appId}/msg/detail`, { id }).then((r) => r.json().data),
      (d) => d.status === 1,
    );
    const got = tokens.map((tok) => {
      const d = emu
        .inbox(tok)
        .find((x) => (x.message.data as Record<string, string>).tcm_msg_id === String(id));
      const data = d?.message.data as Record<string, string> | undefined;
      return [data?.noti_title, data?.noti_desc];
    });
    expect(got).toEqual([
      ['Hi Ada', 'For cust-0: music, food'],
      ['Hi Tunde', 'For you: deals'],
      ...Array.from({ length: OPERATORS.length - 2 }, () => ['Hi there', 'For you: deals']),
    ]);
  });

  it('sends a message without template syntax as it is', async () => {
    const saved = await save({ noti_title: 'Plain {not a template}' });
    const id = saved.json().data.id as number;
    await until(
      'sent',
      () => owner.post(`/tcm/v1/app/${appId}/msg/detail`, { id }).then((r) => r.json().data),
      (d) => d.status === 1,
    );
    const got = emu
      .inbox(tokens[5]!)
      .find((d) => (d.message.data as Record<string, string>).tcm_msg_id === String(id));
    expect(got?.message.data).toMatchObject({ noti_title: 'Plain {not a template}' });
  });
});
