import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { startTestApp, TestClient, type TestApp } from '../../test/test-app';
import { adminFixture, type AdminFixture } from '../../test/fixtures/admins';
import { raiseAlert } from './alerts.repository';

interface AlertBody {
  status: number;
  data: {
    total: number;
    results: Array<{
      id: number;
      appId: number | null;
      appTitle: string;
      kind: string;
      severity: string;
      message: string;
      count: number;
    }>;
  };
}

describe.each(backends('one'))('admin alerts [$name]', (backend) => {
  let t: TestApp;
  let f: AdminFixture;

  beforeAll(async () => {
    t = await startTestApp(backend);
    f = await adminFixture(t);
  });
  afterAll(async () => t.close());

  const list = async (who: keyof AdminFixture['clients'], lang = 'en') => {
    const client =
      lang === 'en'
        ? f.clients[who]
        : Object.assign(new TestClient(t.app, { 'accept-language': lang }), {
            cookie: f.clients[who].cookie,
          });
    return (await client.call('GET', '/tcm/v1/dashboard/alarm')).json<AlertBody>();
  };

  it('de-duplicates an open alert of the same app and kind, counting repeats', async () => {
    const first = await raiseAlert(t.database, {
      appId: f.appId,
      kind: 'fcm_credentials',
      params: { reason: 'invalid_grant' },
    });
    const again = await raiseAlert(t.database, {
      appId: f.appId,
      kind: 'fcm_credentials',
      params: { reason: 'invalid_grant' },
    });
    const third = await raiseAlert(t.database, { appId: f.appId, kind: 'fcm_credentials' });
    expect([again.id, third.id]).toEqual([first.id, first.id]);
    expect(third.count).toBe(3);
    const otherKind = await raiseAlert(t.database, {
      appId: f.appId,
      kind: 'quota_exhausted',
      params: { minutes: 45 },
    });
    const otherApp = await raiseAlert(t.database, { appId: f.otherAppId, kind: 'fcm_credentials' });
    const concurrent = await Promise.all(
      Array.from({ length: 5 }, () =>
        raiseAlert(t.database, { appId: f.otherAppId, kind: 'message_stopped', params: { messageId: 77 } }),
      ),
    );
    expect(new Set(concurrent.map((c) => c.id)).size).toBe(1);
    expect(new Set([first.id, otherKind.id, otherApp.id, concurrent[0]!.id]).size).toBe(4);
  });

  it('shows open alerts newest first to 100, rendered in the request language', async () => {
    const res = await list('root');
    expect(res.status).toBe(200);
    expect(res.data.total).toBe(4);
    expect(res.data.results.map((r) => [r.kind, r.appTitle, r.count, r.severity])).toEqual([
      ['message_stopped', 'News', 5, 'error'],
      ['fcm_credentials', 'News', 1, 'error'],
      ['quota_exhausted', 'Shop', 1, 'warning'],
      ['fcm_credentials', 'Shop', 3, 'error'],
    ]);
    expect(res.data.results[2]!.message).toBe(
      'The FCM quota of Shop has been exhausted for 45 minutes: sending is slowed down.',
    );
    expect(res.data.results[0]!.message).toBe('Message 77 of News was stopped after repeated errors.');
    const zh = await list('root', 'zh');
    expect(zh.data.results[0]!.message).toBe('News 的消息 77 因连续出错已被停止。');
    const fr = await list('root', 'fr');
    expect(fr.data.results[3]!.message).toContain('FCM refuse les identifiants du compte de service de Shop');
  });

  it('refuses users other than 100: a platform admin (150) too (part 1 §2: Dashboard is level 100 alone)', async () => {
    for (const who of ['platform', 'plain', 'owner', 'manager', 'operator'] as const) {
      expect((await list(who)).status).toBe(1002);
      expect(
        (await f.clients[who].post('/tcm/v1/dashboard/alarm/1/resolve')).json<{ status: number }>().status,
      ).toBe(1002);
    }
  });

  it('resolves an alert; a later occurrence opens a new one', async () => {
    const before = await list('root');
    const shopCreds = before.data.results.find((r) => r.kind === 'fcm_credentials' && r.appTitle === 'Shop')!;
    expect(
      (await f.clients.root.post(`/tcm/v1/dashboard/alarm/${shopCreds.id}/resolve`)).json<{
        status: number;
      }>().status,
    ).toBe(200);
    expect(
      (await f.clients.root.post(`/tcm/v1/dashboard/alarm/${shopCreds.id}/resolve`)).json<{
        status: number;
      }>().status,
    ).toBe(404);
    expect((await list('root')).data.total).toBe(3);
    const reopened = await raiseAlert(t.database, { appId: f.appId, kind: 'fcm_credentials' });
    expect(reopened.id).not.toBe(shopCreds.id);
    expect(reopened.count).toBe(1);
    const platformWide = await raiseAlert(t.database, { appId: null, kind: 'quota_exhausted' });
    expect((await raiseAlert(t.database, { appId: null, kind: 'quota_exhausted' })).id).toBe(platformWide.id);
    const after = await list('root');
    expect(after.data.total).toBe(5);
    expect(after.data.results[0]!.message).toBe(
      'The FCM quota of the platform has been exhausted for a long time: sending is slowed down.',
    );
  });
});
