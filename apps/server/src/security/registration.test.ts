import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../test/databases';
import { SmtpCatcher, type CaughtMail } from '../test/smtp-catcher';
import { startTestApp, TestClient, type TestApp } from '../test/test-app';

// Security audit findings 6 (a pending registration could be taken over by registering again) and 7, registration
// half (registration told whether an e-mail had an account).

describe.each(backends('one'))('registration [$name]', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
    await t.services.users.upsertAdmin('root@example.com', 'Root#2024x', 100);
  });
  afterAll(async () => t?.close());

  const register = (email: string, password: string, lang?: 'en' | 'zh' | 'fr') =>
    t.app.inject({
      method: 'POST',
      url: '/tcm/v1/user/register',
      payload: { email, password, ...(lang ? { lang } : {}) },
    });
  const passwordHashOf = async (email: string) =>
    (
      await t.database.query<{ h: string }>('SELECT password_hash AS h FROM users WHERE email = $1', [email])
    )[0]?.h;
  const activate = (mail: CaughtMail) =>
    t.app.inject({
      method: 'POST',
      url: '/tcm/v1/user/activate',
      payload: { token: new URL(SmtpCatcher.link(mail)).searchParams.get('token') },
    });
  const signIn = (email: string, password: string) => new TestClient(t.app).login(email, password);

  it('finding 6: registering a pending e-mail again re-sends the activation mail and changes nothing else', async () => {
    const first = await register('pending@example.com', 'Owner#2024');
    expect(first.json()).toEqual({ status: 200, msg: 'success', data: {} });
    const firstMail = await t.smtp.take('pending@example.com');
    const hash = await passwordHashOf('pending@example.com');

    const again = await register('pending@example.com', 'Attacker#2024');
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.json()).toEqual(first.json());
    const secondMail = await t.smtp.take('pending@example.com');
    expect(secondMail.subject).toBe('Activate your Beacon account');
    expect(await passwordHashOf('pending@example.com')).toBe(hash);

    // the newest link activates (it replaced the first); the first password signs in, the second does not
    expect((await activate(firstMail)).json().status).toBe(1006);
    expect((await activate(secondMail)).json().status).toBe(200);
    expect((await signIn('pending@example.com', 'Attacker#2024')).json().status).toBe(1003);
    expect((await signIn('pending@example.com', 'Owner#2024')).json()).toMatchObject({
      status: 200,
      data: { email: 'pending@example.com' },
    });
  });

  it('finding 7: answers a known e-mail as an unknown one, changes nothing and mails the owner', async () => {
    const hash = await passwordHashOf('root@example.com');
    const unknown = await register('someone.new@example.com', 'Abcdef1!', 'fr');
    const known = await register('ROOT@example.com', 'Abcdef1!', 'fr');
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.headers['content-type']).toBe(unknown.headers['content-type']);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json()).toEqual({ status: 200, msg: 'success', data: {} });

    expect(await passwordHashOf('root@example.com')).toBe(hash);
    expect((await signIn('root@example.com', 'Abcdef1!')).json().status).toBe(1003);
    expect((await signIn('root@example.com', 'Root#2024x')).json().status).toBe(200);

    expect((await t.smtp.take('someone.new@example.com')).subject).toBe('Activez votre compte Beacon');
    const mail = await t.smtp.take('root@example.com');
    expect(mail.subject).toBe('Quelqu’un a tenté de s’inscrire sur Beacon avec votre adresse');
    expect(mail.text).toContain('http://beacon.test/login');
    expect(mail.text).toContain('http://beacon.test/recoverpass');
    expect(mail.text).not.toContain('token=');
    expect(t.smtp.mails.filter((m) => m.to.includes('root@example.com'))).toHaveLength(0);
  });

  it('finding 7: writes the owner’s mail in English and Chinese too', async () => {
    await register('root@example.com', 'Abcdef1!', 'en');
    const en = await t.smtp.take('root@example.com');
    expect(en.subject).toBe('Someone tried to register with your address on Beacon');
    expect(en.text).toContain('If that was you, sign in');
    await register('root@example.com', 'Abcdef1!', 'zh');
    const zh = await t.smtp.take('root@example.com');
    expect(zh.subject).toBe('有人尝试用您的邮箱注册 Beacon');
    expect(zh.text).toContain('http://beacon.test/recoverpass');
  });
});
