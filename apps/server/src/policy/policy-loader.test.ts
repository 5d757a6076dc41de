import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../test/databases';
import { startTestApp, type TestApp } from '../test/test-app';
import { evaluate, modelKey } from './policy-evaluator';
import { loadPolicySnapshot } from './policy-loader';
import type { DeviceFacts } from './policy-types';

describe.each(backends('one'))('loadPolicySnapshot [$name]', (backend) => {
  let t: TestApp;
  let shop: number;
  let news: number;

  beforeAll(async () => {
    t = await startTestApp(backend);
    await t.services.users.upsertAdmin('root@example.com', 'Root#2024x', 100);
    const root = (await t.repos.users.findByEmail('root@example.com'))!;
    const owner = { userId: root.id, email: root.email };
    shop = (await t.services.apps.create({ title: 'Shop', pkg: 'com.example.shop', owner })).app.id;
    news = (await t.services.apps.create({ title: 'News', pkg: 'org.example.news', owner })).app.id;
    const q = (sql: string, params: unknown[] = []) => t.database.query(sql, params);
    await q(`INSERT INTO platform_forbidden_countries (country) VALUES ('KP')`);
    await q(`INSERT INTO app_forbidden_countries (app_id, country) VALUES ($1, 'FR')`, [shop]);
    await q(
      `INSERT INTO app_forbidden_times (app_id, country, start_minute, end_minute) VALUES ($1, 'IN', 1320, 480), ($1, 'IN', 720, 780)`,
      [shop],
    );
    await q(`INSERT INTO app_control_entries (app_id, control_type) VALUES ($1, 1), ($2, 1), ($2, 2)`, [
      shop,
      news,
    ]);
    await q(
      `INSERT INTO model_control_entries (shield_type, tier, brand, model, protect_default, protect_new_market)
       VALUES (1, 1, 'SAMSUNG', 'SMG991B', 6, 12), (2, 3, 'TECNO', 'KF6', 999, 999)`,
    );
    await q(`INSERT INTO model_control_countries (country, market) VALUES ('NG', 1), ('DE', 2)`);
  });
  afterAll(async () => t.close());

  it('loads every table the evaluator reads', async () => {
    const s = await loadPolicySnapshot(t.database, shop, { dailyLimits: null });
    expect([...s.platformBannedCountries]).toEqual(['KP']);
    expect([...s.appBannedCountries]).toEqual(['FR']);
    expect(s.bannedWindows.get('IN')).toEqual([
      { startMinute: 720, endMinute: 780 },
      { startMinute: 1320, endMinute: 480 },
    ]);
    expect(s).toMatchObject({
      appId: shop,
      isNotificationControlApp: true,
      isGlobalWhitelistApp: false,
      dailyLimits: null,
    });
    expect(s.adShield.get(modelKey('samsung', 'SM-G991B'))).toEqual({
      protectDefault: 6,
      protectNewMarket: 12,
    });
    expect(s.globalShield.get(modelKey('Tecno', 'KF6'))).toEqual({
      protectDefault: 999,
      protectNewMarket: 999,
    });
    expect([...s.newMarketCountries]).toEqual(['NG']);
    const n = await loadPolicySnapshot(t.database, news, { dailyLimits: null });
    expect(n).toMatchObject({ isNotificationControlApp: true, isGlobalWhitelistApp: true });
    expect(n.bannedWindows.size).toBe(0);
  });

  it('skips the model lists for apps that are not notification-control apps, and passes the daily limits through', async () => {
    await t.database.query(`DELETE FROM app_control_entries WHERE app_id = $1`, [shop]);
    const limits = {
      total: { enable: true, number: 2 },
      ad: { enable: false, number: 0 },
      distribute: { enable: false, number: 0 },
      content: { enable: false, number: 0 },
    };
    const s = await loadPolicySnapshot(t.database, shop, { dailyLimits: limits });
    expect(s.isNotificationControlApp).toBe(false);
    expect(s.adShield.size + s.globalShield.size + s.newMarketCountries.size).toBe(0);
    expect(s.dailyLimits).toBe(limits);
    await t.database.query(`INSERT INTO app_control_entries (app_id, control_type) VALUES ($1, 1)`, [shop]);
  });

  it('gives each loss code for devices of the stored policies', async () => {
    const s = await loadPolicySnapshot(t.database, shop, { dailyLimits: null });
    const now = new Date('2025-06-15T12:00:00Z');
    const base: DeviceFacts = {
      country: 'BR',
      brand: 'motorola',
      model: 'G84',
      utcOffsetMin: -180,
      firstSeenAt: new Date('2025-05-01T00:00:00Z'),
      sentToday: { total: 0, ad: 0, distribute: 0, content: 0 },
    };
    const codeFor = (over: Partial<DeviceFacts>, kind: 1 | 2 | 3 = 1) => {
      const v = evaluate({ ...base, ...over }, { appId: shop, kind }, s, now);
      return v.drop ? v.lossCode : 0;
    };
    expect(codeFor({})).toBe(0);
    expect(codeFor({ country: 'KP' })).toBe(6);
    expect(codeFor({ country: 'FR' })).toBe(104);
    expect(codeFor({ country: 'IN', utcOffsetMin: 330 }, 3)).toBe(0); // 17:30 IST
    expect(codeFor({ country: 'IN', utcOffsetMin: 330 })).toBe(0);
    expect(
      evaluate(
        { ...base, country: 'IN', utcOffsetMin: 330 },
        { appId: shop, kind: 1 },
        s,
        new Date('2025-06-15T07:00:00Z'),
      ),
    ).toMatchObject({ lossCode: 105 }); // 12:30 IST
    expect(codeFor({ brand: 'samsung', model: 'SM-G991B' })).toBe(4);
    expect(codeFor({ brand: 'samsung', model: 'SM-G991B' }, 2)).toBe(0);
    expect(codeFor({ brand: 'tecno', model: 'KF6' }, 3)).toBe(4);
    // the news app is on the global whitelist
    const n = await loadPolicySnapshot(t.database, news, { dailyLimits: null });
    expect(evaluate({ ...base, brand: 'TECNO', model: 'KF6' }, { appId: news, kind: 3 }, n, now)).toEqual({
      drop: false,
    });
  });
});
