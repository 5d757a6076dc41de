// Attribute and event conditions through the console API (issue 33 §3): attributes and events written by the device API,
// counted by the user group and message estimates; a key, type, op or name the app does not have is a 400 naming the
// field, on user groups, messages and a journey's later step alike (one check: audience/check-conditions.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION } from '../../test/messaging';
import { gaid, registerSdkDevice, sdkDevice } from '../../test/devices';
import { seedTeamClients, type TeamFixture } from '../../test/fixtures/team';
import { backends } from '../../test/databases';
import { startTestApp, type TestApp } from '../../test/test-app';

const attr = (key: string, attributeType: string, op: string, values: string[] = []) => ({
  label: 'attribute',
  key,
  attributeType,
  op,
  values,
});
const ev = (event: string, op: string, values: string[]) => ({ label: 'event', event, op, values });

describe.each(backends('one'))('attribute and event conditions on the console API [$name]', (backend) => {
  let t: TestApp;
  let f: TeamFixture;
  const sdk = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: { authorization: f.sdkAuth }, payload });
  const groupEstimate = async (conditions: unknown[]) => {
    const res = await f.clients.owner.post(`/tcm/v1/app/${f.appId}/group/estimate`, { conditions });
    expect(res.json().status, res.body).toBe(200);
    return res.json().data.count as number;
  };
  const messageEstimate = async (conditions: unknown[]) => {
    const res = await f.clients.owner.post(`/tcm/v1/app/${f.appId}/msg/target/max`, {
      targetingType: 1,
      conditions,
      msgRestrictType: 1,
    });
    expect(res.json().status, res.body).toBe(200);
    return res.json().data.newCount as number;
  };
  const refusedField = async (url: string, body: object) => {
    const res = await f.clients.owner.post(url, body);
    expect(res.statusCode, res.body).toBe(400);
    return (res.json().data.fields as Array<{ field: string }>)[0]?.field;
  };

  beforeAll(async () => {
    t = await startTestApp(backend);
    f = await seedTeamClients(t);
    for (let i = 1; i <= 6; i++) await registerSdkDevice(t, f.sdkAuth, sdkDevice(i));
    // devices 1–4 have users: plans pro, pro, free, and 4 only a score; 5 and 6 none
    const plans: Array<Record<string, unknown>> = [
      { plan: 'pro', score: 10, vip: true, genres: ['jazz'] },
      { plan: 'pro', score: 3, vip: false, genres: [] },
      { plan: 'free', score: 7.5, signup: '2020-01-01' },
      { score: 1 },
    ];
    for (const [k, attributes] of plans.entries()) {
      const res = await sdk('/sdk/v1/attributes', { gaid: gaid(k + 1), attributes });
      expect(res.json().status, res.body).toBe(200);
    }
    // purchases: device 1 three times, device 2 once, today
    for (const [i, n] of [
      [1, 3],
      [2, 1],
    ] as const) {
      const now = Date.now();
      const events = Array.from({ length: n }, (_, k) => ({ name: 'purchase', at: now - k * 1000 }));
      const res = await sdk('/sdk/v1/track', { gaid: gaid(i), events });
      expect(res.json().status, res.body).toBe(200);
    }
    await sdk('/sdk/v1/track', { gaid: gaid(6), events: [{ name: 'open' }] });
    // the counts are written off the request path: the report waits for them
    await f.clients.owner.call('GET', `/tcm/v1/app/${f.appId}/report/custom-events`);
  });
  afterAll(async () => t?.close());

  it('counts attribute and event audiences in the user group and message estimates', async () => {
    const cases: Array<[unknown[], number]> = [
      [[attr('plan', 'string', 'in', ['pro'])], 2],
      [[attr('plan', 'string', 'notExists')], 3],
      [[attr('score', 'number', 'gte', ['3'])], 3],
      [[attr('score', 'number', 'gte', ['3']), attr('score', 'number', 'lt', ['10'])], 2],
      [[attr('vip', 'boolean', 'in', ['true'])], 1],
      [[attr('genres', 'list', 'nin', ['jazz'])], 1],
      [[attr('signup', 'date', 'before', ['2021-01-01'])], 1],
      [[ev('purchase', 'atLeast', ['1', '1'])], 2],
      [[ev('purchase', 'atLeast', ['3', '7'])], 1],
      [[ev('purchase', 'notWithin', ['30'])], 4],
      [
        [
          ev('purchase', 'atLeast', ['1', '7']),
          attr('plan', 'string', 'in', ['pro']),
          ev('open', 'notWithin', ['1']),
        ],
        2,
      ],
    ];
    for (const [conditions, expected] of cases) {
      expect(await groupEstimate(conditions), JSON.stringify(conditions)).toBe(expected);
      expect(await messageEstimate(conditions), JSON.stringify(conditions)).toBe(expected);
    }
  });

  const bad: Array<[string, unknown[], string]> = [
    ['an attribute the app does not have', [attr('nickname', 'string', 'exists')], 'conditions.0.key'],
    [
      'another type than the attribute’s',
      [attr('score', 'string', 'in', ['3'])],
      'conditions.0.attributeType',
    ],
    ['an op not for the type', [attr('score', 'number', 'contains', ['3'])], 'conditions.0.op'],
    ['a bad value for the type', [attr('vip', 'boolean', 'in', ['yes'])], 'conditions.0.values.0'],
    ['no key', [{ label: 'attribute', op: 'exists', values: [] }], 'conditions.0.key'],
    [
      'an event the app does not have (second row)',
      [attr('plan', 'string', 'exists'), ev('refund', 'notWithin', ['7'])],
      'conditions.1.event',
    ],
    ['an event op the label does not take', [ev('purchase', 'in', ['1'])], 'conditions.0.op'],
    ['a window too long', [ev('purchase', 'atLeast', ['1', '366'])], 'conditions.0.values.1'],
  ];
  it.each(bad)(
    'refuses %s with a 400 naming the field, on groups, messages and journeys',
    async (_, conditions, field) => {
      const app = `/tcm/v1/app/${f.appId}`;
      expect(await refusedField(`${app}/group/create`, { name: 'bad', conditions })).toBe(field);
      expect(await refusedField(`${app}/group/estimate`, { conditions })).toBe(field);
      expect(
        await refusedField(`${app}/msg/target/max`, { targetingType: 1, conditions, msgRestrictType: 1 }),
      ).toBe(field);
      const journey = {
        title: 'Journey',
        targetingType: 0,
        scheduleType: 1,
        msgRestrictType: 1,
        childMsgs: [
          { groupTag: 'Start', msgType: 1, data: NOTIFICATION },
          {
            groupTag: 'Later',
            msgType: 1,
            data: NOTIFICATION,
            conditions,
            displayConditions: { from: 'Start', outcome: 'clicked', wait: { unit: 'hours', value: 1 } },
          },
        ],
      };
      expect(await refusedField(`${app}/msg/flow/canvas/save`, journey)).toBe(`childMsgs.1.${field}`);
    },
  );
});
