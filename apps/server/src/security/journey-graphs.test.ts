import { JOURNEY_LIMITS } from '@beacon/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../test/databases';
import { clientFor, seedTeam } from '../test/fixtures/team';
import { NOTIFICATION } from '../test/messaging';
import { startTestApp, type TestApp, type TestClient } from '../test/test-app';

/**
 * Journeys with a cycle and with 10,000 nodes (Hardening, item 6e) through msg/flow/canvas/save: a cycle is refused
 * with a 400 naming the branch that closes it; 10,000 nodes (a chain, as deep as it gets) are refused within a second
 * with a 400 naming childMsgs and the step limit of packages/shared (JOURNEY_LIMITS.stepsMax); nothing is saved.
 */
describe.each(backends('one'))('journey graphs [$name]', (backend) => {
  let t: TestApp;
  let owner: TestClient;
  let appId: number;

  beforeAll(async () => {
    t = await startTestApp(backend);
    ({ appId } = await seedTeam(t));
    owner = await clientFor(t, 'owner');
  });
  afterAll(async () => t?.close());

  const step = (i: number, from: string | null) => ({
    groupTag: `s${i}`,
    msgType: 1,
    data: { ...NOTIFICATION, noti_title: `Step ${i}` },
    displayConditions: from === null ? null : { from, outcome: 'clicked', wait: { unit: 'hours', value: 1 } },
  });
  const save = (childMsgs: unknown[]) =>
    owner.post(`/tcm/v1/app/${appId}/msg/flow/canvas/save`, {
      title: 'Graph',
      targetingType: 0,
      scheduleType: 1,
      childMsgs,
    });
  const journeys = async () =>
    (
      await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM messages WHERE app_id = $1', [
        appId,
      ])
    )[0]!.n;

  it('refuses a cycle (s1 ← s2 ← s1) naming the branch that closes it', async () => {
    const res = await save([step(0, null), step(1, 's2'), step(2, 's1')]);
    expect(res.json(), res.body).toMatchObject({
      status: 400,
      data: {
        fields: [
          {
            field: 'childMsgs.1.displayConditions.from',
            message: 'must be a step listed before this one (“s2” comes later)',
          },
        ],
      },
    });
    // a step that is its own source is a cycle too
    const self = await save([step(0, null), step(1, 's1')]);
    expect(self.json().data.fields[0]).toEqual({
      field: 'childMsgs.1.displayConditions.from',
      message: 'must not be the step itself',
    });
    expect(await journeys()).toBe(0);
  });

  it('refuses 10,000 nodes within a second, naming childMsgs and the limit', async () => {
    // lean steps, so that 10,000 of them fit the body limit (2 MB) and reach the journey's rules
    const chain = Array.from({ length: 10_000 }, (_, i) => ({
      ...step(i, i === 0 ? null : `s${i - 1}`),
      data: {},
    }));
    const started = performance.now();
    const res = await save(chain);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(res.json(), res.body.slice(0, 300)).toMatchObject({
      status: 400,
      data: { fields: [{ field: 'childMsgs' }] },
    });
    expect(res.json().data.fields[0].message).toContain(String(JOURNEY_LIMITS.stepsMax));
    expect(await journeys()).toBe(0);
  });
});
