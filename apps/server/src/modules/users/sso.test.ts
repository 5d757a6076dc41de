import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { signInAtProvider, startOidcProvider, type TestOidcProvider } from '../../test/oidc-provider';
import { startTestApp, TestClient, type TestApp } from '../../test/test-app';

describe.each(backends('one'))('single sign-on through OpenID Connect [$name]', (backend) => {
  let idp: TestOidcProvider;
  let t: TestApp;
  beforeAll(async () => {
    idp = await startOidcProvider();
    t = await startTestApp(backend, idp.env);
  });
  afterAll(async () => {
    await t?.close();
    await idp?.close();
  });

  /** Beacon's sso-url: the provider's authorization URL and the signed flow cookie (name=value). */
  async function ssoUrl(): Promise<{ url: string; flowCookie: string }> {
    const res = await t.app.inject({ method: 'POST', url: '/tcm/v1/user/sso-url', payload: {} });
    expect(res.json()).toMatchObject({
      status: 200,
      data: { url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\//) },
    });
    const flow = res.cookies.find((c) => c.name === 'beacon_sso');
    expect(flow).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    return { url: res.json<{ data: { url: string } }>().data.url, flowCookie: `beacon_sso=${flow!.value}` };
  }

  /** Beacon's sso-login with the provider's callback query; a TestClient holding the session on success. */
  async function ssoLogin(callback: URL, flowCookie: string | undefined, query = callback.search) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/tcm/v1/user/sso-login${query}`,
      headers: flowCookie ? { cookie: flowCookie } : {},
      payload: {},
    });
    const client = new TestClient(t.app);
    const session = res.cookies.find((c) => c.name === 'beacon_session');
    if (session?.value) client.cookie = `beacon_session=${session.value}`;
    return { res, client };
  }

  async function signIn(accountId: string) {
    const { url, flowCookie } = await ssoUrl();
    const callback = await signInAtProvider(url, accountId);
    return { callback, flowCookie, ...(await ssoLogin(callback, flowCookie)) };
  }

  const countUsers = async (email: string) =>
    (
      await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE lower(email) = $1', [
        email,
      ])
    )[0]?.n;

  it('reports SSO as enabled', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/tcm/v1/system/info' });
    expect(res.json()).toMatchObject({ status: 200, data: { ssoEnabled: true } });
  });

  it('sends the browser to the provider with PKCE and a state kept in a signed cookie', async () => {
    const { url, flowCookie } = await ssoUrl();
    const auth = new URL(url);
    expect(auth.origin).toBe(idp.issuer);
    expect(Object.fromEntries(auth.searchParams)).toMatchObject({
      client_id: idp.clientId,
      redirect_uri: 'http://beacon.test/login',
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
      state: expect.any(String),
      code_challenge: expect.any(String),
    });
    // the cookie is signed: its value is not just state.verifier
    expect(decodeURIComponent(flowCookie)).toMatch(
      new RegExp(`^beacon_sso=${auth.searchParams.get('state')}\\.[\\w-]+\\.[\\w+/=-]+$`),
    );
  });

  it('signs in end to end as a new internal user, once per provider account', async () => {
    const first = await signIn('alice');
    expect(first.callback.origin + first.callback.pathname).toBe('http://beacon.test/login');
    expect(first.callback.searchParams.get('iss')).toBe(idp.issuer);
    expect(first.res.statusCode).toBe(200);
    expect(first.res.json()).toMatchObject({
      status: 200,
      data: { email: 'alice@example.com', ulevel: 0, source: 1 },
    });
    const header = String(first.res.headers['set-cookie']);
    expect(header).toMatch(/beacon_session=[\w-]{40,};/);
    expect(header).toMatch(/beacon_sso=;/); // the flow cookie is used up
    expect((await first.client.post('/tcm/v1/user/login/status')).json()).toMatchObject({
      status: 200,
      data: { email: 'alice@example.com', ulevel: 0, source: 1 },
    });

    const second = await signIn('alice');
    expect(second.res.json()).toMatchObject({ status: 200, data: { email: 'alice@example.com', source: 1 } });
    expect(second.client.cookie).not.toBe(first.client.cookie);
    expect(await countUsers('alice@example.com')).toBe(1);
  });

  it('links an existing local user with the same e-mail', async () => {
    await t.services.users.upsertAdmin('bob.local@example.com', 'Bob#local2024', 150);
    const { res, client } = await signIn('bob');
    expect(res.json()).toMatchObject({ status: 200, data: { email: 'bob.local@example.com', ulevel: 150 } });
    expect((await client.post('/tcm/v1/user/login/status')).json().data.email).toBe('bob.local@example.com');
    expect(await countUsers('bob.local@example.com')).toBe(1);
    const linked = await t.database.query<{ oidc_subject: string }>(
      'SELECT oidc_subject FROM users WHERE email = $1',
      ['bob.local@example.com'],
    );
    expect(linked[0]?.oidc_subject).toBe('bob');
  });

  it('does not link a local user to an e-mail the provider has not verified', async () => {
    await t.services.users.upsertAdmin('victim@example.com', 'Victim#2024x', 100);
    const { res, client } = await signIn('mallory');
    expect(res.json()).toMatchObject({ status: 1011 });
    expect(client.cookie).toBe('');
    const row = await t.database.query<{ oidc_subject: string | null }>(
      'SELECT oidc_subject FROM users WHERE email = $1',
      ['victim@example.com'],
    );
    expect(row[0]?.oidc_subject).toBeNull();
  });

  it('refuses a wrong or missing state, a missing flow cookie and a replayed code with 1011 and no session', async () => {
    const { url, flowCookie } = await ssoUrl();
    const callback = await signInAtProvider(url, 'carol');
    const code = callback.searchParams.get('code')!;
    const iss = encodeURIComponent(callback.searchParams.get('iss')!);

    const wrongState = await ssoLogin(callback, flowCookie, `?code=${code}&state=forged&iss=${iss}`);
    expect(wrongState.res.json()).toMatchObject({ status: 1011, msg: 'Single sign-on failed' });
    expect(wrongState.client.cookie).toBe('');
    const noState = await ssoLogin(callback, flowCookie, `?code=${code}&iss=${iss}`);
    expect(noState.res.json().status).toBe(1011);
    const noCookie = await ssoLogin(callback, undefined);
    expect(noCookie.res.json().status).toBe(1011);
    const tampered = await ssoLogin(callback, flowCookie.replace(/\.[^.]+$/, '.AAAA'));
    expect(tampered.res.json().status).toBe(1011);
    expect(await countUsers('carol@example.com')).toBe(0);

    const ok = await ssoLogin(callback, flowCookie);
    expect(ok.res.json()).toMatchObject({ status: 200, data: { email: 'carol@example.com' } });
    const replay = await ssoLogin(callback, flowCookie);
    expect(replay.res.json()).toMatchObject({ status: 1011 });
    expect(replay.client.cookie).toBe('');
  });

  it('refuses a code whose iss is not the configured provider', async () => {
    const { url, flowCookie } = await ssoUrl();
    const callback = await signInAtProvider(url, 'carol');
    callback.searchParams.set('iss', 'http://127.0.0.1:1/');
    const { res, client } = await ssoLogin(callback, flowCookie);
    expect(res.json().status).toBe(1011);
    expect(client.cookie).toBe('');
  });

  it('fails with 1011 when the client secret is wrong or the provider is unreachable', async () => {
    const wrongSecret = await startTestApp(backend, { ...idp.env, OIDC_CLIENT_SECRET: 'not-the-secret' });
    try {
      const start = await wrongSecret.app.inject({
        method: 'POST',
        url: '/tcm/v1/user/sso-url',
        payload: {},
      });
      // the sign-in URL needs only discovery, which works: the wrong secret shows at the code exchange
      expect(start.json()).toMatchObject({ status: 200 });
      const callback = await signInAtProvider(start.json<{ data: { url: string } }>().data.url, 'alice');
      const flow = start.cookies.find((c) => c.name === 'beacon_sso')!;
      const res = await wrongSecret.app.inject({
        method: 'POST',
        url: `/tcm/v1/user/sso-login${callback.search}`,
        headers: { cookie: `beacon_sso=${flow.value}` },
        payload: {},
      });
      expect(res.json().status).toBe(1011);
      expect(res.cookies.find((c) => c.name === 'beacon_session')?.value ?? '').toBe('');
    } finally {
      await wrongSecret.close();
    }
    const unreachable = await startTestApp(backend, { ...idp.env, OIDC_ISSUER: 'http://127.0.0.1:1' });
    try {
      expect(
        (await unreachable.app.inject({ method: 'POST', url: '/tcm/v1/user/sso-url', payload: {} })).json()
          .status,
      ).toBe(1011);
    } finally {
      await unreachable.close();
    }
  });

  it('does not let an SSO user change a password', async () => {
    const { client } = await signIn('carol');
    const res = await client.post('/tcm/v1/user/password/change', {
      oldPassword: 'whatever1',
      newPassword: 'Xyz12345!',
    });
    expect(res.json()).toMatchObject({ status: 1009 });
  });

  it('signs out: revokes the session and returns the provider end-session URL with the id_token_hint', async () => {
    const { client } = await signIn('alice');
    const cookie = client.cookie;
    const res = await client.post('/tcm/v1/user/sso-logout');
    expect(res.json()).toMatchObject({ status: 200 });
    const logout = new URL(res.json<{ data: { url: string } }>().data.url);
    expect(logout.origin).toBe(idp.issuer);
    expect(logout.pathname).toBe('/session/end');
    expect(logout.searchParams.get('client_id')).toBe(idp.clientId);
    expect(logout.searchParams.get('post_logout_redirect_uri')).toBe('http://beacon.test/login');
    const hint = logout.searchParams.get('id_token_hint') ?? '';
    const payload = JSON.parse(Buffer.from(hint.split('.')[1] ?? '', 'base64url').toString()) as Record<
      string,
      unknown
    >;
    expect(payload).toMatchObject({ iss: idp.issuer, sub: 'alice', aud: idp.clientId });

    expect((await client.post('/tcm/v1/user/login/status')).statusCode).toBe(401);
    const replay = await t.app.inject({
      method: 'POST',
      url: '/tcm/v1/user/login/status',
      headers: { cookie },
    });
    expect(replay.statusCode).toBe(401);

    // the provider accepts that URL: it shows its logout confirmation rather than an error
    const page = await fetch(logout, { redirect: 'manual' });
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/logout/i);
  });
});

describe.each(backends('one'))('without OpenID Connect configuration [$name]', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => t?.close());

  it('reports SSO as disabled and refuses the SSO calls with 1010', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/tcm/v1/system/info' })).json()).toMatchObject({
      data: { ssoEnabled: false },
    });
    const url = await t.app.inject({ method: 'POST', url: '/tcm/v1/user/sso-url', payload: {} });
    expect(url.json()).toMatchObject({ status: 1010, msg: 'Single sign-on is not configured' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/tcm/v1/user/sso-login?code=abc&state=def',
      payload: {},
    });
    expect(login.json().status).toBe(1010);
    expect(login.cookies.find((c) => c.name === 'beacon_session')).toBeUndefined();
    const logout = await t.app.inject({ method: 'POST', url: '/tcm/v1/user/sso-logout', payload: {} });
    expect(logout.json()).toMatchObject({ status: 200, data: { url: '' } });
  });
});
