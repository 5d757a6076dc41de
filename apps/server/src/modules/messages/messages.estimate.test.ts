import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roundEstimate } from '../../audience/sampled-estimate';
import { seedSyntheticDevices } from '../../test/fixtures/synthetic-devices';
import { backends } from '../../test/databases';
import { startTestApp, TestClient, type TestApp } from '../../test/test-app';
import { NOTIFICATION } from '../../test/messaging';

const content = NOTIFICATION;
const NG_KE = [{ label: 'country', op: 'in', values: ['NG', 'KE'], allSelected: 0 }];

describe.each(backends())(
  'audience estimate (getMessageTargetMax) and the expected push count [$name]',
  (backend) => {
    let t: TestApp;
    let owner: TestClient;
    let big: number;
    let small: number;
    const exactCount = async (appId: number, country?: string[]) =>
      (
        await t.database.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM devices WHERE app_id = $1 AND ($2::text[] IS NULL OR country = ANY($2))',
          [appId, country ?? null],
        )
      )[0]!.n;
    const estimate = async (appId: number, body: object) => {
      const res = (await owner.post(`/tcm/v1/app/${appId}/msg/target/max`, body)).json<{
        status: number;
        data: { newCount: number };
      }>();
      expect(res.status).toBe(200);
      return res.data.newCount;
    };
    // a title of its own: the same message again within a day would be a twin (21030)
    let seq = 0;
    const save = (pushCount: number) =>
      owner.post(`/tcm/v1/app/${big}/msg/save`, {
        msgType: 1,
        data: content,
        title: `Sale ${++seq}`,
        pushCount,
        targetingType: 1,
        conditions: NG_KE,
        scheduleType: 1,
      });
    const detail = async (id: number) =>
      (await owner.post(`/tcm/v1/app/${big}/msg/detail`, { id })).json<{
        data: { pushCount: number; targetCount: number };
      }>().data;

    beforeAll(async () => {
      t = await startTestApp(backend);
      await t.services.users.upsertAdmin('owner@example.com', 'Owner#2024', 150);
      const user = (await t.repos.users.findByEmail('owner@example.com'))!;
      const create = async (pkg: string) =>
        (await t.services.apps.create({ title: pkg, pkg, owner: { userId: user.id, email: user.email } })).app
          .id;
      big = await create('com.example.big');
      small = await create('com.example.small');
      await seedSyntheticDevices(t.database, big, 150_000);
      await seedSyntheticDevices(t.database, small, 400);
      await t.database.exec('VACUUM ANALYZE devices');
      owner = new TestClient(t.app);
      await owner.login('owner@example.com', 'Owner#2024');
    }, 300_000);
    afterAll(async () => t?.close());

    it('answers a large app with a rounded sampled estimate near the exact count, a small app and device ids exactly', async () => {
      const exact = await exactCount(big, ['NG', 'KE']);
      const sampled = await estimate(big, { targetingType: 1, conditions: NG_KE });
      expect(sampled).toBe(roundEstimate(sampled));
      expect(Math.abs(sampled - exact) / exact).toBeLessThanOrEqual(0.05);
      const all = await estimate(big, { targetingType: 0 });
      expect(Math.abs(all - 150_000) / 150_000).toBeLessThanOrEqual(0.03);

      expect(await estimate(small, { targetingType: 1, conditions: NG_KE })).toBe(
        await exactCount(small, ['NG', 'KE']),
      );
      expect(await estimate(small, { targetingType: 0 })).toBe(400);
      const [device] = await t.database.query<{ gaid: string }>(
        'SELECT gaid::text AS gaid FROM devices WHERE app_id = $1 ORDER BY id LIMIT 1',
        [big],
      );
      expect(await estimate(big, { targetingType: 2, userIds: [device!.gaid] })).toBe(1);
      // the answer says which it is, so the console can show "≈"
      const flag = async (appId: number, body: object) =>
        (await owner.post(`/tcm/v1/app/${appId}/msg/target/max`, body)).json<{ data: { exact: boolean } }>()
          .data.exact;
      expect(await flag(big, { targetingType: 1, conditions: NG_KE })).toBe(false);
      expect(await flag(small, { targetingType: 1, conditions: NG_KE })).toBe(true);
    });

    it('takes the estimate (100 % in the console) as the whole audience at save, and stores the exact count', async () => {
      const exact = await exactCount(big, ['NG', 'KE']);
      const sampled = await estimate(big, { targetingType: 1, conditions: NG_KE });
      expect(sampled).not.toBe(exact);
      const whole = await save(sampled);
      expect(whole.json()).toMatchObject({ status: 200 });
      expect(await detail(whole.json<{ data: { id: number } }>().data.id)).toMatchObject({
        pushCount: exact,
        targetCount: exact,
      });

      // between the estimate and the exact count, either way: still the whole audience
      const between = await save(Math.round((sampled + exact) / 2));
      expect(await detail(between.json<{ data: { id: number } }>().data.id)).toMatchObject({
        pushCount: exact,
        targetCount: exact,
      });

      // a part of the audience is kept as asked
      const part = await save(1000);
      expect(await detail(part.json<{ data: { id: number } }>().data.id)).toMatchObject({
        pushCount: 1000,
        targetCount: exact,
      });
    });

    it('refuses a push count above both the estimate and the audience, naming the field', async () => {
      const exact = await exactCount(big, ['NG', 'KE']);
      const sampled = await estimate(big, { targetingType: 1, conditions: NG_KE });
      const res = await save(Math.max(exact, sampled) + 1);
      expect(res.json()).toMatchObject({ status: 400, data: { fields: [{ field: 'pushCount' }] } });
      const zero = await save(0);
      expect(zero.json()).toMatchObject({ status: 400, data: { fields: [{ field: 'pushCount' }] } });
    });
  },
);
