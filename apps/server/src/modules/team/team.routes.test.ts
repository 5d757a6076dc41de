import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { SmtpCatcher } from '../../test/smtp-catcher';
import { startTestApp, TestClient, type TestApp } from '../../test/test-app';

const PW = 'Secret#2024';

describe.each(backends('one'))('team: members, invitations, roles, ownership [$name]', (backend) => {
  let t: TestApp;
  let appId: number;
  const clients: Record<string, TestClient> = {};
  const url = (action: string) => `/tcm/v1/app/${appId}/operator/${action}`;
  const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

  async function user(email: string): Promise<TestClient> {
    const root = (await t.repos.users.findByEmail('root@example.com'))!;
    await t.services.users.save({ email, source: 2, ulevel: 0, description: '', password: PW }, root);
    const client = new TestClient(t.app);
    expect((await client.login(email, PW)).json().status).toBe(200);
    clients[email] = client;
    return client;
  }

  async function invite(by: TestClient, email: string, ulevel: number, lang?: string) {
    const res = await by.post(url('create'), { email, ulevel, ...(lang ? { lang } : {}) });
    expect(res.json(), `invite ${email}`).toMatchObject({ status: 200 });
    const mail = await t.smtp.take(email);
    return { id: res.json().data.id as number, mail, token: tokenOf(SmtpCatcher.link(mail)) };
  }

  async function members(by: TestClient, email = '') {
    const res = await by.post(url('list'), { email, pageNo: 1, pageSize: 50 });
    expect(res.json().status).toBe(200);
    return res.json().data as {
      results: Array<{ id: number; email: string; ulevel: number; status: number }>;
      total: number;
    };
  }

  const rowOf = async (email: string) =>
    (await members(clients.owner!)).results.find((m) => m.email === email)!;
  const levelOf = async (c: TestClient) =>
    (await c.call('GET', `/tcm/v1/app/${appId}/info`)).json().data?.projectLevel as number | undefined;

  beforeAll(async () => {
    t = await startTestApp(backend);
    await t.services.users.upsertAdmin('root@example.com', 'Root#2024x', 100);
    clients.root = new TestClient(t.app);
    await clients.root.login('root@example.com', 'Root#2024x');
    clients.owner = await user('owner@example.com');
    const owner = (await t.repos.users.findByEmail('owner@example.com'))!;
    appId = (
      await t.services.apps.create({
        title: 'Shop',
        pkg: 'com.example.shop',
        owner: { userId: owner.id, email: owner.email },
      })
    ).app.id;
    for (const [email, level] of [
      ['manager@example.com', 300],
      ['operator@example.com', 400],
      ['tester@example.com', 500],
    ] as const) {
      const client = await user(email);
      const { token } = await invite(clients.owner, email, level);
      expect((await client.post('/tcm/v1/team/invite/accept', { token })).json()).toMatchObject({
        status: 200,
        data: { appId, appTitle: 'Shop', ulevel: level },
      });
    }
    clients.stranger = await user('stranger@example.com');
  });
  afterAll(async () => t.close());

  it('lists the team for every level (owner first, e-mail search, paging), refuses strangers and anonymous callers', async () => {
    for (const who of [
      'root',
      'owner',
      'manager@example.com',
      'operator@example.com',
      'tester@example.com',
    ]) {
      const list = await members(clients[who]!);
      expect(list.total).toBe(4);
      expect(list.results.map((m) => m.ulevel)).toEqual([200, 300, 400, 500]);
      expect(list.results.every((m) => m.status === 0)).toBe(true);
    }
    expect((await members(clients.owner!, 'OPERATOR')).results.map((m) => m.email)).toEqual([
      'operator@example.com',
    ]);
    expect((await members(clients.owner!, '%')).total).toBe(0);
    const page2 = (await clients.owner!.post(url('list'), { email: '', pageNo: 2, pageSize: 3 })).json().data;
    expect(page2).toMatchObject({ total: 4, results: [{ email: 'tester@example.com' }] });
    const refused = await clients.stranger!.post(url('list'), {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ status: 1002 });
    expect((await new TestClient(t.app).post(url('list'), {})).statusCode).toBe(401);
  });

  it('lets only 100 and the owner invite; validates e-mail and role; refuses an e-mail already on the team', async () => {
    for (const who of ['manager@example.com', 'operator@example.com', 'tester@example.com', 'stranger']) {
      const res = await clients[who]!.post(url('create'), { email: 'nobody@example.com', ulevel: 400 });
      expect(res.json().status, who).toBe(1002);
    }
    for (const [body, field] of [
      [{ email: 'not-an-email', ulevel: 400 }, 'email'],
      [{ email: '', ulevel: 400 }, 'email'],
      [{ email: 'a@example.com', ulevel: 200 }, 'ulevel'],
      [{ email: 'a@example.com', ulevel: 100 }, 'ulevel'],
      [{ email: 'a@example.com', ulevel: 600 }, 'ulevel'],
      [{ email: 'a@example.com' }, 'ulevel'],
    ] as const) {
      const res = await clients.owner!.post(url('create'), body);
      expect(res.statusCode).toBe(400);
      expect(res.json().data.fields[0].field).toBe(field);
    }
    expect(
      (await clients.owner!.post(url('create'), { email: 'Tester@Example.com', ulevel: 400 })).json().status,
    ).toBe(1040);
    const byRoot = await invite(clients.root!, 'fresh@example.com', 400, 'fr');
    // the catcher joins folded encoded-words with a space: compare without spaces
    expect(byRoot.mail.subject.replace(/\s/g, '')).toBe('Invitationàrejoindre«Shop»surBeacon');
    expect(byRoot.mail.text).toContain('root@example.com');
    expect(SmtpCatcher.link(byRoot.mail)).toMatch(/^http:\/\/beacon\.test\/invite\?token=[\w-]{40,}$/);
    expect(await rowOf('fresh@example.com')).toMatchObject({ status: 1, ulevel: 400, uid: null });
    await clients.owner!.post(url('invite/cancel'), { id: byRoot.id });
  });

  it('mails a single-use, expiring link that only the invited e-mail can accept; it stores only the token hash', async () => {
    const invitee = await user('new.member@example.com');
    const { token, mail } = await invite(clients.owner!, 'new.member@example.com', 500, 'zh');
    expect(mail.subject.replace(/\s/g, '')).toBe('邀请您加入Beacon上的「Shop」');
    const stored = await t.database.query<{ id: string }>('SELECT id FROM team_invites');
    expect(stored.some((r) => r.id === token)).toBe(false);
    expect(stored.every((r) => /^[0-9a-f]{64}$/.test(r.id))).toBe(true);

    const info = (await new TestClient(t.app).post('/tcm/v1/team/invite/info', { token })).json();
    expect(info).toMatchObject({
      status: 200,
      data: {
        email: 'new.member@example.com',
        appId,
        appTitle: 'Shop',
        ulevel: 500,
        inviterEmail: 'owner@example.com',
        hasAccount: true,
      },
    });
    expect(await levelOf(invitee)).toBeUndefined(); // pending grants nothing

    expect((await new TestClient(t.app).post('/tcm/v1/team/invite/accept', { token })).statusCode).toBe(401);
    expect((await clients.stranger!.post('/tcm/v1/team/invite/accept', { token })).json().status).toBe(1041);
    expect((await invitee.post('/tcm/v1/team/invite/accept', { token: 'x'.repeat(43) })).json().status).toBe(
      1006,
    );
    expect((await invitee.post('/tcm/v1/team/invite/accept', { token })).json()).toMatchObject({
      status: 200,
      data: { appId, ulevel: 500 },
    });
    expect(await levelOf(invitee)).toBe(500);
    expect(await rowOf('new.member@example.com')).toMatchObject({ status: 0, ulevel: 500 });
    expect((await invitee.post('/tcm/v1/team/invite/accept', { token })).json().status).toBe(1006);
    expect((await invitee.post('/tcm/v1/team/invite/info', { token })).json().status).toBe(1006);

    const late = await user('late@example.com');
    const expired = await invite(clients.owner!, 'late@example.com', 400);
    await t.database.query(
      `UPDATE team_invites SET expires_at = now() - interval '1 minute' WHERE member_id = $1`,
      [expired.id],
    );
    expect((await late.post('/tcm/v1/team/invite/accept', { token: expired.token })).json().status).toBe(
      1006,
    );
    expect(await levelOf(late)).toBeUndefined();
    await clients.owner!.post(url('invite/cancel'), { id: expired.id });
  });

  it('re-invites (cancel, then create: a new mail, the old link dead) and cancels invitations', async () => {
    const first = await invite(clients.owner!, 'again@example.com', 400);
    for (const who of ['manager@example.com', 'operator@example.com', 'tester@example.com', 'stranger']) {
      expect((await clients[who]!.post(url('invite/cancel'), { id: first.id })).json().status, who).toBe(
        1002,
      );
    }
    expect((await clients.owner!.post(url('invite/cancel'), { id: first.id })).json().status).toBe(200);
    const second = await invite(clients.owner!, 'again@example.com', 300);
    expect(second.token).not.toBe(first.token);
    const again = await user('again@example.com');
    expect((await again.post('/tcm/v1/team/invite/accept', { token: first.token })).json().status).toBe(1006);
    expect((await again.post('/tcm/v1/team/invite/accept', { token: second.token })).json().status).toBe(200);
    expect(await levelOf(again)).toBe(300);
    const active = await rowOf('again@example.com');
    expect((await clients.owner!.post(url('invite/cancel'), { id: active.id })).json().status).toBe(400);
    expect((await clients.owner!.post(url('invite/cancel'), { id: 999_999 })).json().status).toBe(404);
    expect((await clients.root!.post(url('delete'), { id: active.id })).json().status).toBe(200);
    expect(await levelOf(again)).toBeUndefined();
  });

  it('edits roles to 300/400/500 only, by 100 and the owner only, never the owner row', async () => {
    const operator = await rowOf('operator@example.com');
    for (const ulevel of [200, 100, 600, 0]) {
      const res = await clients.owner!.post(url('edit'), {
        id: operator.id,
        ulevel,
        email: 'owner@example.com',
        targetEmail: operator.email,
        type: 300,
        lang: 'en',
      });
      expect(res.statusCode, `ulevel ${ulevel}`).toBe(400);
      expect(res.json().data.fields[0].field).toBe('ulevel');
    }
    expect((await clients.owner!.post(url('edit'), { ulevel: 300 })).json().data.fields[0].field).toBe('id');
    for (const who of ['manager@example.com', 'operator@example.com', 'tester@example.com', 'stranger']) {
      expect(
        (await clients[who]!.post(url('edit'), { id: operator.id, ulevel: 300 })).json().status,
        who,
      ).toBe(1002);
    }
    const ownerRow = await rowOf('owner@example.com');
    expect((await clients.root!.post(url('edit'), { id: ownerRow.id, ulevel: 300 })).json().status).toBe(
      1002,
    );
    expect((await clients.owner!.post(url('edit'), { id: operator.id, ulevel: 300 })).json().status).toBe(
      200,
    );
    expect(await levelOf(clients['operator@example.com']!)).toBe(300);
    expect((await clients.root!.post(url('edit'), { id: operator.id, ulevel: 400 })).json().status).toBe(200);
    expect(await levelOf(clients['operator@example.com']!)).toBe(400);
  });

  it('deletes members for 100, 200 and 300 only, never the owner row', async () => {
    const ownerRow = await rowOf('owner@example.com');
    for (const who of ['root', 'owner', 'manager@example.com']) {
      const res = await clients[who]!.post(url('delete'), { id: ownerRow.id, email: 'owner@example.com' });
      expect(res.json().status, who).toBe(1002);
    }
    const victim = await user('victim@example.com');
    const { token } = await invite(clients.owner!, 'victim@example.com', 500);
    await victim.post('/tcm/v1/team/invite/accept', { token });
    const row = await rowOf('victim@example.com');
    for (const who of ['operator@example.com', 'tester@example.com', 'stranger']) {
      expect((await clients[who]!.post(url('delete'), { id: row.id })).json().status, who).toBe(1002);
    }
    expect(
      (await clients['manager@example.com']!.post(url('delete'), { id: row.id, email: row.email })).json()
        .status,
    ).toBe(200);
    expect(await levelOf(victim)).toBeUndefined();
    expect((await clients.owner!.post(url('delete'), { id: row.id })).json().status).toBe(404);
  });

  it('creates an account from the invitation (the link proves the mailbox), signs it in and accepts', async () => {
    const { token } = await invite(clients.owner!, 'brand.new@example.com', 400);
    const anon = new TestClient(t.app);
    expect((await anon.post('/tcm/v1/team/invite/info', { token })).json().data).toMatchObject({
      hasAccount: false,
      registrationEnabled: true,
    });
    const weak = await anon.post('/tcm/v1/team/invite/register', { token, password: 'short' });
    expect(weak.json().data.fields[0].field).toBe('password');
    expect((await anon.post('/tcm/v1/team/invite/register', { token, password: PW })).json()).toMatchObject({
      status: 200,
      data: { appId, ulevel: 400 },
    });
    expect(await levelOf(anon)).toBe(400);
    expect((await new TestClient(t.app).login('brand.new@example.com', PW)).json().status).toBe(200);
    expect(
      (await new TestClient(t.app).post('/tcm/v1/team/invite/register', { token, password: PW })).json()
        .status,
    ).toBe(1006);
  });

  it('hands ownership to an active member only; the old owner becomes manager; refused below 200', async () => {
    const pending = await invite(clients.owner!, 'pending@example.com', 400);
    for (const who of ['manager@example.com', 'operator@example.com', 'tester@example.com', 'stranger']) {
      const res = await clients[who]!.post(url('update/owner'), { targetEmail: 'tester@example.com' });
      expect(res.json().status, who).toBe(1002);
    }
    expect((await clients.owner!.post(url('update/owner'), {})).json().data.fields[0].field).toBe(
      'targetEmail',
    );
    expect(
      (await clients.owner!.post(url('update/owner'), { targetEmail: 'pending@example.com' })).json().status,
    ).toBe(1042);
    expect(
      (await clients.owner!.post(url('update/owner'), { targetEmail: 'stranger@example.com' })).json().status,
    ).toBe(1042);
    expect(
      (await clients.owner!.post(url('update/owner'), { targetEmail: 'owner@example.com' })).json().status,
    ).toBe(400);
    const ownerRow = await rowOf('owner@example.com');
    const target = await rowOf('tester@example.com');
    const res = await clients.owner!.post(url('update/owner'), {
      id: ownerRow.id,
      email: 'owner@example.com',
      targetEmail: 'tester@example.com',
      targetUid: target.id,
    });
    expect(res.json().status).toBe(200);
    expect(await levelOf(clients['tester@example.com']!)).toBe(200);
    expect(await levelOf(clients.owner!)).toBe(300);
    const info = (await clients.root!.call('GET', `/tcm/v1/app/${appId}/info`)).json().data;
    expect(info.ownerEmail).toBe('tester@example.com');
    expect(
      (await clients.owner!.post(url('create'), { email: 'x@example.com', ulevel: 400 })).json().status,
    ).toBe(1002);
    expect(
      (await clients['tester@example.com']!.post(url('invite/cancel'), { id: pending.id })).json().status,
    ).toBe(200);
    // 100 may hand it back
    expect(
      (await clients.root!.post(url('update/owner'), { targetEmail: 'owner@example.com' })).json().status,
    ).toBe(200);
    expect(await levelOf(clients.owner!)).toBe(200);
    expect(await levelOf(clients['tester@example.com']!)).toBe(300);
  });
});
