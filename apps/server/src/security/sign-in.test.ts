import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { backends } from '../test/databases';
import { startTestApp, TEST_SECRET, TestClient, type TestApp } from '../test/test-app';

// Security audit findings 4 (X-Forwarded-For trusted from anyone), 5 (anyone could lock an account) and 7, sign-in
// half (an unknown e-mail answered faster than a known one).

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

describe('TRUST_PROXY', () => {
  const parse = (TRUST_PROXY: string) => loadConfig({ BEACON_SECRET_KEY: TEST_SECRET, TRUST_PROXY });

  it('is empty by default: no proxy is trusted', () => {
    expect(loadConfig({ BEACON_SECRET_KEY: TEST_SECRET }).trustProxy).toEqual([]);
    expect(parse('').trustProxy).toEqual([]);
  });

  it('takes a comma-separated list of addresses and CIDR ranges', () => {
    expect(parse(' 10.0.0.1, 10.1.0.0/16,::1 , 2001:db8::/32,loopback').trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
      '2001:db8::/32',
      'loopback',
    ]);
  });

  it('fails the start naming every bad entry', () => {
    expect(() => parse('10.0.0.1,proxy.internal,10.0.0.0/33,1.2.3.4/8/8')).toThrow(
      /invalid configuration:\n {2}TRUST_PROXY: "proxy\.internal" is not an IP address.*\n {2}TRUST_PROXY: "10\.0\.0\.0\/33" .*\n {2}TRUST_PROXY: "1\.2\.3\.4\/8\/8" /,
    );
    expect(() => parse('*')).toThrow(/TRUST_PROXY: "\*" is not an IP address/);
  });
});

describe.each(backends('one'))('sign-in throttling [$name]', (backend) => {
  /** No TRUST_PROXY: X-Forwarded-For is ignored, the client is the socket's address. */
  let direct: TestApp;
  /** TRUST_PROXY=127.0.0.1, the address inject connects from: X-Forwarded-For names the client. */
  let proxied: TestApp;
  beforeAll(async () => {
    [direct, proxied] = await Promise.all([
      startTestApp(backend),
      startTestApp(backend, { TRUST_PROXY: '127.0.0.1' }),
    ]);
    for (const t of [direct, proxied]) {
      await t.services.users.upsertAdmin('root@example.com', 'Root#2024x', 100);
      for (const name of ['owner', 'carol', 'dave', 'erin', 'frank', 'grace', 'known0', 'known1', 'known2'])
        await t.services.users.upsertAdmin(`${name}@example.com`, `${name}#Pass2024`, 150);
    }
  });
  afterAll(async () => {
    await direct?.close();
    await proxied?.close();
  });

  /** A browser of its own at a client address (X-Forwarded-For). */
  const browser = (t: TestApp, ip: string, headers: Record<string, string> = {}) =>
    new TestClient(t.app, { 'x-forwarded-for': ip, ...headers });

  describe('finding 4: the client address', () => {
    it('ignores X-Forwarded-For without TRUST_PROXY: a new header per attempt does not escape the limit', async () => {
      for (let i = 0; i < 20; i++) {
        const res = await browser(direct, `203.0.113.${i + 1}`).login(`spray${i}@example.com`, 'Guess#2024');
        expect(res.json().status).toBe(1003);
      }
      const blocked = await browser(direct, '203.0.113.200').login('spray20@example.com', 'Guess#2024');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({ status: 1007, data: { retryAfterSeconds: expect.any(Number) } });
      // the client limit (a 15-minute window), not a per-e-mail wait
      expect(blocked.json().data.retryAfterSeconds).toBeGreaterThan(800);
      expect(Number(blocked.headers['retry-after'])).toBe(blocked.json().data.retryAfterSeconds);
      // the address the limit counted is the socket's, the same whatever the header says
      const failures = await direct.database.query<{ key: string }>(
        "SELECT DISTINCT key FROM login_failures WHERE key LIKE 'ip:%'",
      );
      expect(failures.map((f) => f.key)).toEqual(['ip:127.0.0.1']);
    });

    it('believes X-Forwarded-For from a proxy of TRUST_PROXY', async () => {
      for (let i = 0; i < 20; i++)
        expect(
          (await browser(proxied, '198.51.100.7').login(`spray${i}@example.com`, 'x')).json().status,
        ).toBe(1003);
      const blocked = await browser(proxied, '198.51.100.7').login('root@example.com', 'Root#2024x');
      expect(blocked.json().status).toBe(1007);
      expect(
        (await browser(proxied, '198.51.100.8').login('root@example.com', 'Root#2024x')).json().status,
      ).toBe(200);
    });

    it('keeps the client limit for a browser that holds a trusted-device cookie', async () => {
      const home = browser(proxied, '198.51.100.20');
      expect((await home.login('grace@example.com', 'grace#Pass2024')).json().status).toBe(200);
      for (let i = 0; i < 20; i++)
        await browser(proxied, '198.51.100.21').login(`nobody${i}@example.com`, 'x');
      const travelling = browser(proxied, '198.51.100.21');
      travelling.cookie = home.cookie;
      expect((await travelling.login('grace@example.com', 'grace#Pass2024')).json().status).toBe(1007);
    });

    it('takes a burst of parallel attempts one at a time: no more failures than the limit get through', async () => {
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          browser(proxied, '198.51.100.30').login(`burst${i}@example.com`, 'Guess#2024'),
        ),
      );
      const statuses = answers.map((r) => r.json<{ status: number }>().status);
      expect(statuses.filter((s) => s === 1003)).toHaveLength(20);
      expect(statuses.filter((s) => s === 1007)).toHaveLength(10);
    });
  });

  describe('finding 5: no lockout of the owner, a growing wait for others', () => {
    it('gives a browser that signs in a signed, HttpOnly, SameSite=Lax trusted-device cookie for the sign-in call', async () => {
      const res = await browser(proxied, '192.0.2.1').login('root@example.com', 'Root#2024x');
      const device = res.cookies.find((c) => c.name === 'beacon_device');
      expect(device).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/tcm/v1/user/login' });
      expect(device?.maxAge).toBeGreaterThanOrEqual(364 * 24 * 3600);
      // a random id bound to the e-mail, with @fastify/cookie's signature
      expect(device?.value).toMatch(/^[\w-]{22}\.[\w-]{22}\.[\w%+/=-]{20,}$/);
      expect(device?.value).not.toContain('root');
      const failed = await browser(proxied, '192.0.2.1').login('root@example.com', 'wrong');
      expect(failed.cookies.find((c) => c.name === 'beacon_device')).toBeUndefined();
    });

    it('lets the owner’s browser sign in while a stranger’s failures hold the e-mail', async () => {
      const owner = browser(proxied, '192.0.2.10');
      expect((await owner.login('owner@example.com', 'owner#Pass2024')).json().status).toBe(200);
      expect((await owner.post('/tcm/v1/user/logout')).json().status).toBe(200);
      expect(owner.cookie).toMatch(/^beacon_device=/);

      const attacker = browser(proxied, '198.51.100.66');
      for (let i = 0; i < 5; i++)
        expect((await attacker.login('owner@example.com', `Guess#${i}`)).json().status).toBe(1003);
      const held = await attacker.login('owner@example.com', 'owner#Pass2024');
      expect(held.statusCode).toBe(429);
      expect(held.json()).toMatchObject({ status: 1007, data: { retryAfterSeconds: 1 } });
      // so is any browser without the cookie, even the owner's new laptop with the right password
      const newLaptop = browser(proxied, '192.0.2.11');
      expect((await newLaptop.login('owner@example.com', 'owner#Pass2024')).json().status).toBe(1007);

      // the owner's browser is not held
      expect((await owner.login('owner@example.com', 'owner#Pass2024')).json()).toMatchObject({
        status: 200,
        data: { email: 'owner@example.com' },
      });
      expect((await owner.post('/tcm/v1/user/login/status')).json().status).toBe(200);
      // and signing in there does not free the e-mail for the attacker
      expect((await attacker.login('owner@example.com', 'Guess#9')).json().status).toBe(1007);
    });

    it('trusts a device cookie only for its own e-mail, and only when it is ours', async () => {
      const home = browser(proxied, '192.0.2.20');
      expect((await home.login('erin@example.com', 'erin#Pass2024')).json().status).toBe(200);
      const attacker = browser(proxied, '198.51.100.67');
      for (let i = 0; i < 5; i++) await attacker.login('frank@example.com', `Guess#${i}`);
      // erin's cookie does not lift the wait on frank's e-mail
      const erinsBrowser = browser(proxied, '192.0.2.21');
      erinsBrowser.cookie = home.cookie;
      expect((await erinsBrowser.login('frank@example.com', 'frank#Pass2024')).json().status).toBe(1007);
      // nor does a forged or altered cookie on erin's held e-mail
      for (let i = 0; i < 5; i++) await attacker.login('erin@example.com', `Guess#${i}`);
      const value = /beacon_device=([^;]+)/.exec(home.cookie)?.[1] ?? '';
      const [id = '', tag = '', signature = ''] = value.split('.');
      const alter = (part: string) => (part.startsWith('A') ? 'B' : 'A') + part.slice(1);
      for (const forged of [
        `${id}.${tag}`,
        `${alter(id)}.${tag}.${signature}`,
        `${id}.${alter(tag)}.${signature}`,
        `${id}.${tag}.${alter(signature)}`,
      ]) {
        const other = browser(proxied, '192.0.2.22');
        other.cookie = `beacon_device=${forged}`;
        expect((await other.login('erin@example.com', 'erin#Pass2024')).json().status).toBe(1007);
      }
      expect((await home.login('erin@example.com', 'erin#Pass2024')).json().status).toBe(200);
    });

    it('slows down a stolen device cookie by its own counter, without holding the e-mail', async () => {
      const home = browser(proxied, '192.0.2.30');
      expect((await home.login('carol@example.com', 'carol#Pass2024')).json().status).toBe(200);
      const thief = browser(proxied, '198.51.100.68');
      thief.cookie = home.cookie;
      for (let i = 0; i < 5; i++)
        expect((await thief.login('carol@example.com', `Guess#${i}`)).json().status).toBe(1003);
      expect((await thief.login('carol@example.com', 'Guess#5')).json()).toMatchObject({
        status: 1007,
        data: { retryAfterSeconds: 1 },
      });
      // the e-mail itself was not held by those failures
      expect(
        (await browser(proxied, '192.0.2.31').login('carol@example.com', 'carol#Pass2024')).json().status,
      ).toBe(200);
    });

    it('makes the wait grow with each further failure and forgets it after a successful sign-in', async () => {
      const attacker = browser(proxied, '198.51.100.69', { 'accept-language': 'fr' });
      for (let i = 0; i < 5; i++)
        expect((await attacker.login('dave@example.com', `Guess#${i}`)).json().status).toBe(1003);
      const first = await attacker.login('dave@example.com', 'Guess#5');
      expect(first.headers['retry-after']).toBe('1');
      expect(first.json()).toMatchObject({
        status: 1007,
        msg: 'Trop de tentatives de connexion : réessayez dans 1 seconde',
        data: { retryAfterSeconds: 1 },
      });

      await sleep(1100);
      expect((await attacker.login('dave@example.com', 'Guess#6')).json().status).toBe(1003);
      const second = await attacker.login('dave@example.com', 'Guess#7');
      expect(second.headers['retry-after']).toBe('2');
      expect(second.json()).toMatchObject({ status: 1007, data: { retryAfterSeconds: 2 } });
      const zh = await browser(proxied, '198.51.100.70', { 'accept-language': 'zh-CN' }).login(
        'dave@example.com',
        'Guess#8',
      );
      expect(zh.json().msg).toMatch(/^尝试次数过多，请在 [12] 秒后再试$/);

      await sleep(2100);
      // the owner, on a new browser, waits it out and signs in: the e-mail's failures are forgotten
      expect(
        (await browser(proxied, '192.0.2.40').login('dave@example.com', 'dave#Pass2024')).json().status,
      ).toBe(200);
      for (let i = 0; i < 5; i++)
        expect((await attacker.login('dave@example.com', `Again#${i}`)).json().status).toBe(1003);
      expect((await attacker.login('dave@example.com', 'Again#5')).json()).toMatchObject({
        status: 1007,
        data: { retryAfterSeconds: 1 },
      });
    });

    it('holds a burst of parallel attempts on one e-mail after its free failures', async () => {
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          browser(proxied, `198.51.100.${100 + i}`).login('known2@example.com', `Guess#${i}`),
        ),
      );
      const statuses = answers.map((r) => r.json<{ status: number }>().status);
      expect(statuses.filter((s) => s === 1003)).toHaveLength(5);
      expect(statuses.filter((s) => s === 1007)).toHaveLength(7);
    });
  });

  describe('finding 7: an unknown e-mail costs what a known one does', () => {
    it('verifies a password hash for unknown e-mails too (medians of interleaved runs)', async () => {
      const attempt = async (email: string, n: number) => {
        const c = browser(proxied, `192.0.2.${100 + n}`);
        const start = performance.now();
        const res = await c.login(email, 'Wrong#2024');
        const ms = performance.now() - start;
        expect(res.json().status).toBe(1003);
        return ms;
      };
      // the first unknown e-mail makes the dummy hash
      await attempt('warm-up@example.com', 99);
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 9; i++) {
        known.push(await attempt(`known${i % 2}@example.com`, i));
        unknown.push(await attempt(`unknown${i}@example.com`, 50 + i));
      }
      // without the dummy verification an unknown e-mail answered in about a quarter of the time
      expect(median(unknown)).toBeGreaterThanOrEqual(0.5 * median(known));
    });
  });
});
