import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PolicyAuditRow } from '@beacon/shared';
import { backends } from '../../test/databases';
import { startTestApp, type TestApp } from '../../test/test-app';
import { platformFixture, REFUSED, type PlatformFixture } from '../../test/fixtures/admins';
import { record } from '../../platform/audit-log';

describe.each(backends('one'))('policy audit log [$name]', (backend) => {
  let t: TestApp;
  let f: PlatformFixture;

  beforeAll(async () => {
    t = await startTestApp(backend);
    f = await platformFixture(t);
    const root = { id: null, email: 'root@example.com' };
    const platform = { id: null, email: 'Platform@Example.com' };
    // 25 model changes by root, 2 daily-limit changes by the platform admin, dated one per hour
    for (let i = 0; i < 25; i++)
      await record(t.database.db, {
        actor: root,
        area: 'models',
        action: 'create',
        target: `ad BRAND M${i}`,
        newValue: { i },
      });
    await record(t.database, {
      actor: platform,
      area: 'daily-limits',
      action: 'update',
      target: 'restrict ad',
      oldValue: { number: 3 },
      newValue: { number: 4 },
    });
    await t.database.db.transaction(async (tx) =>
      record(tx, { actor: platform, area: 'daily-limits', action: 'update', target: 'restrict total' }),
    );
    await t.database.query(
      `UPDATE policy_audit SET at = timestamptz '2025-03-01T00:00:00Z' + (id * interval '1 hour')`,
    );
  });
  afterAll(async () => t.close());

  const page = async (query: string, who: 'root' | 'platform' = 'root') => {
    const res = await f.clients[who].call('GET', `/tcm/v1/platform/audit${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: { list: PolicyAuditRow[]; total: number } }>().data;
  };

  it('lists changes newest first, 20 a page, for 100 and 150', async () => {
    const first = await page('', 'platform');
    expect(first.total).toBe(27);
    expect(first.list).toHaveLength(20);
    expect(first.list[0]).toEqual({
      id: 27,
      actorId: null,
      actorEmail: 'Platform@Example.com',
      area: 'daily-limits',
      action: 'update',
      target: 'restrict total',
      oldValue: null,
      newValue: null,
      at: '2025-03-02T03:00:00.000Z',
    });
    expect(first.list[1]).toMatchObject({
      target: 'restrict ad',
      oldValue: { number: 3 },
      newValue: { number: 4 },
    });
    const third = await page('?pageNo=2');
    expect(third.list.map((r) => r.id)).toEqual([7, 6, 5, 4, 3, 2, 1]);
    expect((await page('?pageNo=9')).total).toBe(27);
  });

  it('filters by area, actor (part of the e-mail, any case) and date range', async () => {
    expect((await page('?area=daily-limits')).total).toBe(2);
    expect((await page('?actor=PLATFORM')).total).toBe(2);
    expect((await page('?actor=root&area=daily-limits')).total).toBe(0);
    const range = await page(
      `?from=${encodeURIComponent('2025-03-01T03:00:00Z')}&to=${encodeURIComponent('2025-03-01T05:00:00+00:00')}`,
    );
    expect(range.list.map((r) => r.id)).toEqual([5, 4, 3]);
  });

  it.each([
    ['?area=Bad Area', 'area'],
    ['?from=yesterday', 'from'],
    ['?from=2025-03-02T00:00:00Z&to=2025-03-01T00:00:00Z', 'to'],
    ['?pageNo=0', 'pageNo'],
    ['?pageSize=1000', 'pageSize'],
  ])('refuses %s with 400 naming %s', async (query, field) => {
    const res = await f.clients.root.call('GET', `/tcm/v1/platform/audit${query.replace(' ', '%20')}`);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ msg: string }>().msg).toContain(field);
  });

  it.each(REFUSED)('refuses %s with 1002', async (who) => {
    const res = await f.clients[who].call('GET', '/tcm/v1/platform/audit');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ status: 1002 });
  });
});
