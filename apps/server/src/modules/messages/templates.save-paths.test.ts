import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { registerSdkDevice, sdkDevice } from '../../test/devices';
import { seedTeamClients, type TeamFixture } from '../../test/fixtures/team';
import { NOTIFICATION } from '../../test/messaging';
import { startTestApp, type TestApp } from '../../test/test-app';

/**
 * Every path that saves content checks its templates (issue 33 §4): an A/B test's arm, a journey's message node and a
 * material refuse an unknown variable with a 400 naming the field and the variable; a known one is saved.
 */
const utcIn = (ms: number) => new Date(Date.now() + ms).toISOString().slice(0, 19).replace('T', ' ');
const arm = (groupTag: 'A' | 'B', title: string) => ({
  msgType: 1,
  groupTag,
  groupPercent: 40,
  scheduleType: 2,
  scheduleDate: utcIn(3 * 3600_000),
  data: { ...NOTIFICATION, noti_title: title },
});

describe.each(backends())('templates on every save path [$name]', (backend) => {
  let t: TestApp;
  let team: TeamFixture;
  const url = (rest: string) => `/tcm/v1/app/${team.appId}/${rest}`;
  const fieldsOf = (body: { data?: { fields?: Array<{ field: string; message: string }> } }) =>
    body.data?.fields ?? [];

  beforeAll(async () => {
    t = await startTestApp(backend);
    team = await seedTeamClients(t, 'com.example.paths');
    for (let i = 0; i < 3; i++) await registerSdkDevice(t, team.sdkAuth, sdkDevice(i));
  });
  afterAll(async () => t.close());

  it('an A/B test’s arm', async () => {
    const refused = await team.clients.owner.post(url('msg/abtest/create'), {
      title: 'AB',
      targetingType: 0,
      childMsgs: [arm('A', 'Hi {{ device.country }}'), arm('B', 'Hi {{ nickname }}')],
    });
    expect(refused.json().status).toBe(400);
    expect(fieldsOf(refused.json())[0]?.message).toBe('uses the unknown variable nickname');
    expect(fieldsOf(refused.json())[0]?.field).toMatch(/noti_title$/);
    const saved = await team.clients.owner.post(url('msg/abtest/create'), {
      title: 'AB',
      targetingType: 0,
      childMsgs: [arm('A', 'Hi {{ device.country }}'), arm('B', 'Hi {{ user.id | default: "you" }}')],
    });
    expect(saved.json().status, saved.body).toBe(200);
  });

  it('a journey’s message node', async () => {
    const journey = (title: string) => ({
      title: 'Journey',
      targetingType: 0,
      scheduleType: 2,
      scheduleDate: utcIn(3 * 3600_000),
      childMsgs: [
        { groupTag: 'Start', msgType: 1, data: { ...NOTIFICATION, noti_title: 'Start' } },
        {
          groupTag: 'Clicked',
          msgType: 1,
          data: { ...NOTIFICATION, noti_title: title },
          displayConditions: { from: 'Start', outcome: 'clicked', wait: { unit: 'hours', value: 1 } },
        },
      ],
    });
    const refused = await team.clients.owner.post(url('msg/flow/canvas/save'), journey('{{ device.imei }}'));
    expect(refused.json().status).toBe(400);
    expect(fieldsOf(refused.json())[0]?.message).toBe('uses the unknown variable device.imei');
    const saved = await team.clients.owner.post(url('msg/flow/canvas/save'), journey('{{ device.model }}'));
    expect(saved.json().status, saved.body).toBe(200);
  });

  it('a material', async () => {
    const material = (desc: string) => ({
      materialType: 1,
      title: 'Material',
      data: { ...NOTIFICATION, noti_desc: desc },
    });
    const refused = await team.clients.owner.post(url('material/create'), material('For {{ first_name }}'));
    expect(refused.json()).toMatchObject({
      status: 400,
      data: { fields: [{ field: 'data.noti_desc', message: 'uses the unknown variable first_name' }] },
    });
    const tag = await team.clients.owner.post(url('material/create'), material('{% assign a = 1 %}'));
    expect(fieldsOf(tag.json())[0]?.field).toBe('data.noti_desc');
    const saved = await team.clients.owner.post(url('material/create'), material('For {{ device.brand }}'));
    expect(saved.json().status, saved.body).toBe(200);
  });
});
