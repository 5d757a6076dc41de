import { contentCheckCode } from '@beacon/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { startTestApp, TestClient, type TestApp } from '../../test/test-app';
import { adminFixture, auditRows, type AdminFixture, type Who } from '../../test/fixtures/admins';
import { checkContent } from './content-check';

interface Envelope {
  status: number;
  msg: string;
  data: {
    results?: Array<{ id: number; word: string; createdBy: string }>;
    total?: number;
    added?: number;
    duplicates?: number;
  };
}

describe.each(backends('one'))('sensitive words and the content check [$name]', (backend) => {
  let t: TestApp;
  let f: AdminFixture;

  beforeAll(async () => {
    t = await startTestApp(backend);
    f = await adminFixture(t);
  });
  afterAll(async () => t.close());

  const post = async (who: Who, url: string, body: unknown = {}) =>
    (await f.clients[who].post(url, body)).json<Envelope>();

  it('keeps the platform list to levels 100 and 150', async () => {
    for (const who of ['plain', 'owner', 'manager', 'operator'] as const) {
      for (const [url, body] of [
        ['/tcm/global/sensitive/list', {}],
        ['/tcm/global/sensitive/add', { word: 'casino' }],
        ['/tcm/global/sensitive/import', { text: 'casino' }],
        ['/tcm/global/sensitive/delete', { ids: [1] }],
      ] as const) {
        expect([who, url, (await post(who, url, body)).status]).toEqual([who, url, 1002]);
      }
    }
    expect((await post('root', '/tcm/global/sensitive/list')).data).toEqual({ results: [], total: 0 });
  });

  it('adds, imports (trimmed, deduplicated, one per line or comma-separated) and removes platform words, audited', async () => {
    expect((await post('root', '/tcm/global/sensitive/add', { word: '  Casino ' })).data).toEqual({
      added: 1,
      duplicates: 0,
    });
    expect((await post('platform', '/tcm/global/sensitive/add', { word: 'CASINO' })).data).toEqual({
      added: 0,
      duplicates: 1,
    });
    const imported = await post('platform', '/tcm/global/sensitive/import', {
      text: 'free money, casino\n赌博，  loan shark \n\nfree money',
    });
    expect(imported.data).toEqual({ added: 3, duplicates: 1 });
    for (const [url, body, field] of [
      ['/tcm/global/sensitive/add', { word: '' }, 'word'],
      ['/tcm/global/sensitive/add', { word: 'x'.repeat(51) }, 'word'],
      ['/tcm/global/sensitive/import', { text: `ok word, ${'y'.repeat(51)}` }, 'text'],
      ['/tcm/global/sensitive/import', { text: ' , \n ' }, 'text'],
      ['/tcm/global/sensitive/delete', { ids: [] }, 'ids'],
    ] as const) {
      const res = await post('root', url, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.msg).toContain(field);
    }
    const list = await post('root', '/tcm/global/sensitive/list', { pageSize: 50 });
    expect(list.data.total).toBe(4);
    expect(list.data.results?.map((r) => r.word).sort()).toEqual([
      'Casino',
      'free money',
      'loan shark',
      '赌博',
    ]);
    const shark = list.data.results!.find((r) => r.word === 'loan shark')!;
    expect(shark.createdBy).toBe('platform@example.com');
    expect((await post('root', '/tcm/global/sensitive/list', { word: 'MONEY' })).data.total).toBe(1);
    expect((await post('root', '/tcm/global/sensitive/delete', { ids: [shark.id] })).status).toBe(200);
    expect((await post('root', '/tcm/global/sensitive/list')).data.total).toBe(3);
    const rows = await auditRows(t, 'sensitive-words');
    expect(rows.map((r) => [r.actor_email, r.action, r.target, r.old_value, r.new_value])).toEqual([
      ['root@example.com', 'create', 'platform', null, ['Casino']],
      ['platform@example.com', 'import', 'platform', null, ['free money', '赌博', 'loan shark']],
      ['root@example.com', 'delete', 'platform', ['loan shark'], null],
    ]);
  });

  it('lets 100, 150, the owner and a manager edit the app list; operators read it; others are refused', async () => {
    const base = `/tcm/v1/app/${f.appId}/sensitive`;
    expect((await post('owner', `${base}/add`, { word: 'discount' })).data.added).toBe(1);
    expect((await post('manager', `${base}/import`, { text: 'Promo Code,bonus' })).data.added).toBe(2);
    expect((await post('platform', `${base}/add`, { word: 'Giveaway' })).data.added).toBe(1);
    expect((await post('root', `${base}/add`, { word: 'casino' })).data.added).toBe(1);
    expect((await post('operator', `${base}/list`)).data.total).toBe(5);
    expect((await post('operator', `${base}/add`, { word: 'nope' })).status).toBe(1002);
    expect((await post('plain', `${base}/list`)).status).toBe(1002);
    expect((await post('owner', `/tcm/v1/app/${f.otherAppId}/sensitive/list`)).data.total).toBe(0);
    expect((await post('manager', `/tcm/v1/app/${f.otherAppId}/sensitive/add`, { word: 'x' })).status).toBe(
      1002,
    );
    expect((await post('root', '/tcm/v1/app/99999/sensitive/list')).status).toBe(2006);
    // a word of another list cannot be deleted through this one: not found, and nothing is removed
    const platformIds = (await post('root', '/tcm/global/sensitive/list')).data.results!.map((r) => r.id);
    expect((await post('owner', `${base}/delete`, { ids: platformIds })).status).toBe(404);
    expect((await post('root', '/tcm/global/sensitive/list')).data.total).toBe(3);
    const rows = (await auditRows(t, 'sensitive-words')).filter((r) => r.target === `app ${f.appId}`);
    expect(rows.map((r) => r.actor_email)).toEqual([
      'owner@example.com',
      'manager@example.com',
      'platform@example.com',
      'root@example.com',
    ]);
  });

  it('refuses a tester (500) the app list (read and edit) but lets them check content', async () => {
    await t.services.users.save(
      { email: 'tester@example.com', source: 2, ulevel: 0, description: '', password: 'Tester#2024' },
      (await t.repos.users.findByEmail('root@example.com'))!,
    );
    await t.database.query(
      `INSERT INTO app_members (app_id, user_id, email, ulevel, status) SELECT $1, id, email, 500, 0 FROM users WHERE email = 'tester@example.com'`,
      [f.appId],
    );
    const tester = new TestClient(t.app);
    await tester.login('tester@example.com', 'Tester#2024');
    const base = `/tcm/v1/app/${f.appId}/sensitive`;
    for (const [url, body] of [
      [`${base}/list`, {}],
      [`${base}/add`, { word: 'x' }],
      [`${base}/import`, { text: 'x' }],
      [`${base}/delete`, { ids: [1] }],
    ] as const) {
      const res = await tester.post(url, body);
      expect([url, res.statusCode, res.json<Envelope>().status]).toEqual([url, 403, 1002]);
    }
    expect(
      (await tester.post(`/tcm/v1/app/${f.appId}/content/check`, { content: {} })).json<Envelope>().status,
    ).toBe(200);
  });

  it('reports matches per language and field: case-insensitive, whole words for Latin, substrings for CJK', async () => {
    const res = await f.clients.operator.post(`/tcm/v1/app/${f.appId}/content/check`, {
      content: {
        en: { title: 'Big CASINO night', desc: 'Use PROMO code today', buttons: ['Open', 'Get your bonus!'] },
        fr: { title: 'Soirée casinos', desc: 'Free money for you', extra: 'discounted items' },
        zh: { title: '网络赌博警告', desc: '免费' },
      },
    });
    expect(res.json<{ status: number }>().status).toBe(200);
    const data = res.json<{ data: unknown }>().data;
    expect(data).toEqual({
      platform: [
        { lang: 'en', field: 'title', words: ['Casino'] },
        { lang: 'fr', field: 'desc', words: ['free money'] },
        { lang: 'zh', field: 'title', words: ['赌博'] },
      ],
      app: [
        { lang: 'en', field: 'desc', words: ['Promo Code'] },
        { lang: 'en', field: 'buttons', index: 1, words: ['bonus'] },
      ],
    });
    expect(contentCheckCode(data as never, { mayForce: false })).toBe(60000);
    const appOnly = await checkContent(t.database, f.appId, { en: { title: 'A Giveaway' } });
    expect(appOnly).toEqual({ platform: [], app: [{ lang: 'en', field: 'title', words: ['Giveaway'] }] });
    expect(contentCheckCode(appOnly, { mayForce: false })).toBe(60001);
    expect(contentCheckCode(appOnly, { mayForce: true })).toBe(60003);
    expect(
      contentCheckCode(await checkContent(t.database, f.otherAppId, { en: { title: 'A Giveaway' } }), {
        mayForce: false,
      }),
    ).toBeUndefined();
    // no role on the app: refused, a platform admin (150) too; a super admin is 100 on every app
    for (const who of ['plain', 'platform'] as const) {
      expect(
        (await f.clients[who].post(`/tcm/v1/app/${f.appId}/content/check`, { content: {} })).json<{
          status: number;
        }>().status,
        who,
      ).toBe(1002);
    }
    expect(
      (await f.clients.root.post(`/tcm/v1/app/${f.appId}/content/check`, { content: {} })).json<{
        status: number;
      }>().status,
    ).toBe(200);
    expect(
      (
        await f.clients.owner.post(`/tcm/v1/app/${f.appId}/content/check`, {
          content: { en: { buttons: 'x' } },
        })
      ).json<{ status: number }>().status,
    ).toBe(400);
  });
});
