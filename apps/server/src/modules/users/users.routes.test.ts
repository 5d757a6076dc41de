import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { SmtpCatcher } from '../../test/smtp-catcher';
import { startTestApp, TestClient, type TestApp } from '../../test/test-app';

describe.each(backends('one'))('accounts and sessions [$name]', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    // inject connects from 127.0.0.1: trusting it as a proxy lets the tests name client addresses
    t = await startTestApp(backend, { TRUST_PROXY: '127.0.0.1' });
    await t.services.users.upsertAdmin('root@example.com', 'Root#2024x', 100);
  });
  afterAll(async () => t.close());

  it('signs in with the right password and sets an HttpOnly SameSite=Lax session cookie', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/tcm/v1/user/login',
      payload: { email: 'ROOT@example.com', password: 'Root#2024x' },
    });
    expect(res.json()).toMatchObject({
      status: 200,
      data: { email: 'root@example.com', ulevel: 100, source: 2 },
    });
    const header = String(res.headers['set-cookie']);
    expect(header).toMatch(/^beacon_session=[\w-]{40,};/);
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Lax');
  });

  it('refuses a wrong password with code 1003 and answers 401 without a session', async () => {
    const c = new TestClient(t.app);
    const bad = await c.login('root@example.com', 'nope');
    expect(bad.statusCode).toBe(200);
    expect(bad.json()).toMatchObject({ status: 1003, msg: 'Wrong e-mail or password' });
    const status = await c.post('/tcm/v1/user/login/status');
    expect(status.statusCode).toBe(401);
    expect(status.json()).toMatchObject({ status: 401 });
  });

  it('names the invalid field with status 400, in the request language', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/tcm/v1/user/login',
      headers: { 'accept-language': 'zh-CN,zh;q=0.9' },
      payload: { email: 'not-an-email', password: 'x' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.status).toBe(400);
    expect(body.msg).toBe('参数不合法：email 必须为有效的邮箱地址');
    expect(body.data.fields).toEqual([{ field: 'email', message: '必须为有效的邮箱地址' }]);
  });

  it('says what is wrong in French too, for our rules, zod’s own checks and a body that is not JSON', async () => {
    const fr = { 'accept-language': 'fr-FR,fr;q=0.9' };
    const missing = await t.app.inject({
      method: 'POST',
      url: '/tcm/v1/user/login',
      headers: fr,
      payload: { password: 'x' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().data.fields).toEqual([{ field: 'email', message: 'est obligatoire' }]);
    expect(missing.json().msg).toBe('Paramètre invalide\u00a0: email est obligatoire');
    const both = await t.app.inject({ method: 'POST', url: '/tcm/v1/user/login', headers: fr, payload: {} });
    expect(both.json().msg).toBe(
      'Paramètre invalide\u00a0: email est obligatoire\u00a0; password est obligatoire',
    );
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/tcm/v1/user/login',
      headers: { ...fr, 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().msg).toContain('le corps n’est pas du JSON valide');
    // English stays as the rules word it
    const en = await t.app.inject({
      method: 'POST',
      url: '/tcm/v1/user/login',
      payload: { email: 'not-an-email', password: 'x' },
    });
    expect(en.json().data.fields).toEqual([{ field: 'email', message: 'must be a valid e-mail address' }]);
  });

  it('slows down repeated failures per e-mail with code 1007 and a clear message', async () => {
    await t.services.users.upsertAdmin('victim@example.com', 'Victim#2024', 150);
    const c = new TestClient(t.app, { 'x-forwarded-for': '10.9.9.9' });
    for (let i = 0; i < 5; i++)
      expect((await c.login('victim@example.com', `wrong${i}`)).json().status).toBe(1003);
    const blocked = await c.login('victim@example.com', 'Victim#2024');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('1');
    expect(blocked.json()).toMatchObject({
      status: 1007,
      msg: 'Too many sign-in attempts: try again in 1 second',
      data: { retryAfterSeconds: 1 },
    });
  });

  it('slows down repeated failures per client across e-mails', async () => {
    const c = new TestClient(t.app, { 'x-forwarded-for': '10.1.2.3' });
    for (let i = 0; i < 20; i++) await c.login(`nobody${i}@example.com`, 'whatever1');
    expect((await c.login('root@example.com', 'Root#2024x')).json().status).toBe(1007);
    const other = new TestClient(t.app, { 'x-forwarded-for': '10.1.2.4' });
    expect((await other.login('root@example.com', 'Root#2024x')).json().status).toBe(200);
  });

  it('registers, activates from the mailed link, signs in, changes password and signs out', async () => {
    const c = new TestClient(t.app);
    const reg = await c.post('/tcm/v1/user/register', {
      email: 'new.user@example.com',
      password: 'Abcdef1!',
      lang: 'fr',
    });
    expect(reg.json()).toMatchObject({ status: 200 });
    const mail = await t.smtp.take('new.user@example.com');
    expect(mail.subject).toBe('Activez votre compte Beacon');
    const link = new URL(SmtpCatcher.link(mail));
    expect(link.origin + link.pathname).toBe('http://beacon.test/activate');

    expect((await c.login('new.user@example.com', 'Abcdef1!')).json().status).toBe(1004);
    expect(
      (await c.post('/tcm/v1/user/activate', { token: link.searchParams.get('token') })).json().status,
    ).toBe(200);
    expect(
      (await c.post('/tcm/v1/user/activate', { token: link.searchParams.get('token') })).json().status,
    ).toBe(1006);

    expect((await c.login('new.user@example.com', 'Abcdef1!')).json()).toMatchObject({
      status: 200,
      data: { ulevel: 0, source: 2 },
    });
    expect((await c.post('/tcm/v1/user/login/status')).json()).toMatchObject({
      status: 200,
      data: { email: 'new.user@example.com' },
    });

    expect(
      (
        await c.post('/tcm/v1/user/password/change', { oldPassword: 'wrong', newPassword: 'Xyz12345!' })
      ).json().status,
    ).toBe(1008);
    expect(
      (await c.post('/tcm/v1/user/password/change', { oldPassword: 'Abcdef1!', newPassword: 'short' })).json()
        .status,
    ).toBe(400);
    expect(
      (
        await c.post('/tcm/v1/user/password/change', { oldPassword: 'Abcdef1!', newPassword: 'Xyz12345!' })
      ).json().status,
    ).toBe(200);

    const cookie = c.cookie;
    expect((await c.post('/tcm/v1/user/logout')).json().status).toBe(200);
    const replay = await t.app.inject({
      method: 'POST',
      url: '/tcm/v1/user/login/status',
      headers: { cookie },
    });
    expect(replay.statusCode).toBe(401);
    expect((await c.login('new.user@example.com', 'Xyz12345!')).json().status).toBe(200);
  });

  it('refuses a password that breaks the rule; answers a taken e-mail as a new one and mails its owner', async () => {
    const weak = await t.app.inject({
      method: 'POST',
      url: '/tcm/v1/user/register',
      payload: { email: 'w@example.com', password: 'abcdefgh' },
    });
    expect(weak.json()).toMatchObject({ status: 400, data: { fields: [{ field: 'password' }] } });
    const taken = await t.app.inject({
      method: 'POST',
      url: '/tcm/v1/user/register',
      payload: { email: 'root@example.com', password: 'Abcdef1!' },
    });
    expect(taken.json()).toMatchObject({ status: 200, data: {} });
    expect((await t.smtp.take('root@example.com')).subject).toBe(
      'Someone tried to register with your address on Beacon',
    );
  });

  it('resets a password with a single-use link and revokes old sessions', async () => {
    await t.services.users.upsertAdmin('forgetful@example.com', 'Old#pass123', 150);
    const c = new TestClient(t.app);
    await c.login('forgetful@example.com', 'Old#pass123');
    expect((await c.post('/tcm/v1/user/recover', { email: 'forgetful@example.com' })).json().status).toBe(
      200,
    );
    expect((await c.post('/tcm/v1/user/recover', { email: 'unknown@example.com' })).json().status).toBe(200);
    const token = new URL(SmtpCatcher.link(await t.smtp.take('forgetful@example.com'))).searchParams.get(
      'token',
    );
    expect(
      (await c.post('/tcm/v1/user/password/reset', { token, password: 'New#pass123' })).json().status,
    ).toBe(200);
    expect(
      (await c.post('/tcm/v1/user/password/reset', { token, password: 'New#pass456' })).json().status,
    ).toBe(1006);
    expect((await c.post('/tcm/v1/user/login/status')).statusCode).toBe(401);
    expect((await c.login('forgetful@example.com', 'Old#pass123')).json().status).toBe(1003);
    expect((await c.login('forgetful@example.com', 'New#pass123')).json().status).toBe(200);
    expect(t.smtp.mails.filter((m) => m.to.includes('unknown@example.com'))).toHaveLength(0);
  });

  it('lets only level 100 manage users: list, add an external user, edit, delete', async () => {
    const admin = new TestClient(t.app);
    await admin.login('root@example.com', 'Root#2024x');
    const add = await admin.post('/tcm/v1/user/save', {
      email: 'ext@example.com',
      description: 'agency',
      source: 2,
      password: 'Agency#2024',
    });
    expect(add.json()).toMatchObject({ status: 200, data: { id: expect.any(Number) } });
    const noPassword = await admin.post('/tcm/v1/user/save', { email: 'ext2@example.com', source: 2 });
    expect(noPassword.json()).toMatchObject({ status: 400, data: { fields: [{ field: 'password' }] } });
    const longDescription = await admin.post('/tcm/v1/user/save', {
      email: 'ext3@example.com',
      source: 1,
      description: 'x'.repeat(151),
    });
    expect(longDescription.json()).toMatchObject({
      status: 400,
      data: { fields: [{ field: 'description' }] },
    });

    const list = await admin.post('/tcm/v1/user/list', { email: 'ext@', pageNo: 1, pageSize: 20 });
    expect(list.json().data).toMatchObject({
      total: 1,
      results: [{ email: 'ext@example.com', description: 'agency', source: 2, activated: true, ownApps: 0 }],
    });

    const user = new TestClient(t.app);
    expect((await user.login('ext@example.com', 'Agency#2024')).json().status).toBe(200);
    const refused = await user.post('/tcm/v1/user/list', {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json().status).toBe(1002);
    expect((await user.post('/tcm/v1/user/delete', { email: 'root@example.com' })).json().status).toBe(1002);

    const id = add.json().data.id as number;
    const edit = await admin.post('/tcm/v1/user/save', {
      id,
      email: 'ext@example.com',
      description: 'edited',
      source: 2,
    });
    expect(edit.json().status).toBe(200);
    expect((await user.post('/tcm/v1/user/login/status')).json().data.description).toBe('edited');
    expect((await admin.post('/tcm/v1/user/delete', { email: 'root@example.com' })).json().status).toBe(1013);
    expect((await admin.post('/tcm/v1/user/delete', { email: 'ext@example.com' })).json().status).toBe(200);
    expect((await user.post('/tcm/v1/user/login/status')).statusCode).toBe(401);
  });

  it('pages the user list 20 at a time', async () => {
    const admin = new TestClient(t.app);
    await admin.login('root@example.com', 'Root#2024x');
    for (let i = 0; i < 23; i++)
      await admin.post('/tcm/v1/user/save', { email: `bulk${i}@paged.test`, source: 1 });
    const first = (await admin.post('/tcm/v1/user/list', { email: 'paged.test', pageNo: 1 })).json().data;
    const second = (await admin.post('/tcm/v1/user/list', { email: 'paged.test', pageNo: 2 })).json().data;
    expect(first.total).toBe(23);
    expect(first.results).toHaveLength(20);
    expect(second.results).toHaveLength(3);
  });
});
