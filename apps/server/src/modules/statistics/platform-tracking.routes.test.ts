import { addDays, utcDay, type TrackingResult } from '@beacon/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackAiAction } from '../../platform/tracking';
import { backends } from '../../test/databases';
import { platformFixture, type PlatformFixture } from '../../test/fixtures/admins';
import { startTestApp, TestClient, type TestApp } from '../../test/test-app';

/**
 * System tracking: a record per new account (sign-up, administrators created) and per AI assistant action (the
 * writer the assistant calls), read by GET /tcm/v1/dashboard/tracking (level 100) over ≤ 30 days.
 */
describe.each(backends())('platform statistics: system tracking [$name]', (backend) => {
  let t: TestApp;
  let f: PlatformFixture;
  const y = addDays(utcDay(), -1);

  beforeAll(async () => {
    t = await startTestApp(backend);
    f = await platformFixture(t);
    const signUp = await new TestClient(t.app).post('/tcm/v1/user/register', {
      email: 'new.user@example.com',
      password: 'Abcdef1!',
    });
    expect(signUp.json<{ status: number }>().status).toBe(200);
    // registering again with the same address creates nothing and records nothing
    await new TestClient(t.app).post('/tcm/v1/user/register', {
      email: 'new.user@example.com',
      password: 'Abcdef1!',
    });
    const user = { id: 7, email: 'writer@example.com' };
    await trackAiAction(t.database, { action: 'ai', appId: f.appId, title: 'Shop', from: 'push', user });
    await trackAiAction(t.database, {
      action: 'ai_use',
      appId: f.appId,
      title: 'Shop',
      from: 'material',
      user,
    });
    await trackAiAction(t.database, {
      action: 'ai_submit',
      appId: f.otherAppId,
      title: 'News',
      from: 'push',
      user,
      domain: 'eu.beacon.example',
    });
    await trackAiAction(t.database, { action: 'ai_error', appId: f.appId, title: 'Shop', user });
    // everything so far happened yesterday; one record is older than a 30-day range
    await t.database.query(`UPDATE tracking_events SET ts = ts - interval '1 day'`);
    await trackAiAction(t.database, { action: 'ai', appId: f.appId, title: 'Shop', user });
    await t.database.query(
      `UPDATE tracking_events SET ts = ts - interval '40 days' WHERE id = (SELECT max(id) FROM tracking_events)`,
    );
  });
  afterAll(async () => t.close());

  const tracking = async (query: string) => {
    const res = await f.clients.root.call('GET', `/tcm/v1/dashboard/tracking?${query}`);
    const json = res.json<{ status: number; data: TrackingResult }>();
    expect(json.status, res.body).toBe(200);
    return json.data;
  };

  it('lists the range’s records newest first, with counts by event and action and the domains seen', async () => {
    const r = await tracking(`begin=${addDays(y, -29)}&end=${y}`);
    expect([r.begin, r.end, r.fallback, r.total]).toEqual([addDays(y, -29), y, false, 9]);
    expect(r.counts).toEqual({ user_info_new: 5, ai: 1, ai_error: 1, ai_use: 1, ai_submit: 1 });
    expect(r.domains).toEqual(['beacon.test', 'eu.beacon.example']);
    expect(
      r.results.slice(0, 4).map((x) => [x.ext.ev, x.ext.ep.action, x.ext.ep.from, x.ext.ep.title, x.dm]),
    ).toEqual([
      ['action', 'ai_error', '', 'Shop', 'beacon.test'],
      ['action', 'ai_submit', 'push', 'News', 'eu.beacon.example'],
      ['action', 'ai_use', 'material', 'Shop', 'beacon.test'],
      ['action', 'ai', 'push', 'Shop', 'beacon.test'],
    ]);
    expect(r.results[1]!.ext.ep).toEqual({
      appId: f.otherAppId,
      title: 'News',
      action: 'ai_submit',
      from: 'push',
      email: 'writer@example.com',
    });
    const signUps = r.results.filter((x) => x.ext.ev === 'user_info_new').map((x) => x.ext.ep.email);
    expect(signUps).toEqual([
      'new.user@example.com',
      'operator@example.com',
      'plain@example.com',
      'platform@example.com',
      'root@example.com',
    ]);
    expect(r.results[4]!.ext.ep).toEqual({
      appId: null,
      title: '',
      action: '',
      from: '',
      email: 'new.user@example.com',
    });
    expect(Math.abs(r.results[0]!.ts - (Date.now() - 86_400_000))).toBeLessThan(120_000);
  });

  it('filters by domain (a record without one is this deployment’s), event and action; pages', async () => {
    const range = `begin=${addDays(y, -6)}&end=${y}`;
    const eu = await tracking(`${range}&domain=eu.beacon.example`);
    expect([eu.total, eu.counts.ai_submit, eu.counts.user_info_new]).toEqual([1, 1, 0]);
    expect((await tracking(`${range}&domain=beacon.test`)).total).toBe(8);
    expect((await tracking(`${range}&domain=nowhere.example`)).results).toEqual([]);
    expect((await tracking(`${range}&ev=action`)).total).toBe(4);
    const used = await tracking(`${range}&ev=action&action=ai_use`);
    expect(used.results.map((x) => x.ext.ep.action)).toEqual(['ai_use']);
    const page2 = await tracking(`${range}&pageSize=4&pageNo=2`);
    expect([page2.total, page2.results.map((x) => x.ext.ep.email)]).toEqual([
      9,
      ['new.user@example.com', 'operator@example.com', 'plain@example.com', 'platform@example.com'],
    ]);
  });

  it('takes at most 30 days, else the last 7 days ending yesterday', async () => {
    const long = await tracking(`begin=${addDays(y, -30)}&end=${y}`);
    expect([long.begin, long.end, long.fallback]).toEqual([addDays(y, -6), y, true]);
    const old = await tracking(`begin=${addDays(y, -45)}&end=${addDays(y, -16)}`);
    expect([old.fallback, old.total, old.counts.ai]).toEqual([false, 1, 1]);
  });
});
