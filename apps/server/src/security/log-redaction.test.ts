// Audit finding 8: the log must not hold statement parameters, password hashes, session tokens, cookies,
// authorization headers, secrets or private keys — with the production logger (createLogger) on both backends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../entrypoints/runtime';
import { redactUrl, serializeError } from '../lib/log-options';
import { serviceAccountJson, testPrivateKey } from '../test/fixtures/service-accounts';
import { upload } from '../test/fixtures/multipart';
import { backends } from '../test/databases';
import { startTestApp, TestClient, type TestApp } from '../test/test-app';

const ADMIN = { email: 'root@example.com', password: 'Root#Pass2024' };
/** The password of the user whose save fails inside the database. */
const DOOMED_PASSWORD = 'Doomed#Pw2024';
const RESET_TOKEN = 'resettoken-0123456789abcdef0123456789abcdef';

describe.each(backends('one'))('the log holds no secrets [$name]', (backend) => {
  let t: TestApp;
  const lines: string[] = [];
  const secrets: Record<string, string> = {};
  let entries: Array<Record<string, unknown>> = [];

  beforeAll(async () => {
    const log = createLogger({ logLevel: 'trace' }, { write: (line: string) => void lines.push(line) });
    t = await startTestApp(backend, {}, { logger: log });
    await t.services.users.upsertAdmin(ADMIN.email, ADMIN.password, 100);
    // a user row that fails its CHECK: PostgreSQL's detail then quotes the whole row, password hash included
    await t.database.exec(
      "ALTER TABLE users ADD CONSTRAINT log_test_no_doomed CHECK (email NOT LIKE 'doomed%') NOT VALID",
    );
    const admin = new TestClient(t.app);
    expect((await admin.login(ADMIN.email, ADMIN.password)).json().status).toBe(200);
    // every cookie the sign-in set (the session's, and any other), by value
    for (const [i, part] of admin.cookie.split('; ').entries())
      secrets[i ? `cookie${i}` : 'cookie'] = part.slice(part.indexOf('=') + 1);
    secrets.password = DOOMED_PASSWORD;
    secrets.adminPassword = ADMIN.password;

    const failed = await admin.post('/tcm/v1/user/save', {
      email: 'doomed@example.com',
      description: 'fails in the database',
      source: 2,
      ulevel: 0,
      password: DOOMED_PASSWORD,
    });
    expect(failed.statusCode).toBe(500);

    const owner = (await t.repos.users.findByEmail(ADMIN.email))!;
    const { app, appSecret } = await t.services.apps.create({
      title: 'Shop',
      pkg: 'com.example.shop',
      owner: { userId: owner.id, email: owner.email },
      serviceAccount: {
        json: serviceAccountJson(),
        projectId: 'shop-push',
        clientEmail: 'firebase-adminsdk@shop-push.iam.gserviceaccount.com',
        fileName: 'sa.json',
      },
    });
    secrets.appSecret = appSecret;
    secrets.basic = Buffer.from(`${app.appKey}:${appSecret}`).toString('base64');
    // the device API with HTTP Basic credentials, one call refused (bad body) so that it is logged as a failure
    await t.app.inject({
      method: 'POST',
      url: '/sdk/v1/register',
      headers: { authorization: `Basic ${secrets.basic}`, cookie: `beacon_session=${secrets.cookie}` },
      payload: { token: 'x' },
    });
    // a key file uploaded (its private key is in the request body only)
    await upload(t, admin, '/tcm/v1/app/upload/firebase', 'sa.json', serviceAccountJson());
    // a mailed link's token in a URL
    await t.app.inject({ method: 'GET', url: `/reset?token=${RESET_TOKEN}&lang=en` });
    entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
  });
  afterAll(() => t?.close());

  it('logged the requests and the database failure (the test reads a real log)', () => {
    expect(entries.some((e) => e.msg === 'incoming request')).toBe(true);
    const failure = entries.find((e) => e.msg === 'unhandled error');
    const err = failure?.err as Record<string, unknown> | undefined;
    expect(err).toBeDefined();
    // what failed stays: the message, the SQLSTATE, the constraint; what was written does not
    const chain = JSON.stringify(err);
    expect(chain).toContain('log_test_no_doomed');
    expect(chain).toContain('23514');
    expect(chain).not.toContain('Failing row');
    expect(chain).not.toMatch(/"params"|"detail"/);
  });

  it('holds no password, hash, cookie, credentials, app secret, private key or mailed token', () => {
    const text = lines.join('');
    const forbidden = {
      ...secrets,
      argon2: '$argon2',
      privateKey: '-----BEGIN PRIVATE KEY-----',
      privateKeyBody: testPrivateKey().split('\n')[1]!,
      resetToken: RESET_TOKEN,
    };
    for (const [name, value] of Object.entries(forbidden)) {
      expect(value.length, name).toBeGreaterThan(5);
      expect(text.includes(value), `${name} in the log`).toBe(false);
    }
    expect(text).toContain('/reset?token=[redacted]&lang=en');
  });
});

describe('log serializers', () => {
  it('drop statement parameters, detail and unknown properties of an error and its cause', () => {
    const driver = Object.assign(new Error('new row violates check constraint "c"'), {
      code: '23514',
      position: '12',
      constraint: 'c',
      detail: 'Failing row contains (1, x@example.com, $argon2id$v=19$m=19456…)',
      params: ['x@example.com', '$argon2id$v=19$m=19456…'],
      query: 'insert into "users" ("email", "password_hash") values ($1, $2)',
    });
    const wrapped = Object.assign(
      new Error('Failed query: insert into "users" values ($1, $2)\nparams: x@example.com,$argon2id$v=19'),
      { params: ['x@example.com', '$argon2id$v=19'], cause: driver },
    );
    const out = serializeError(wrapped);
    const text = JSON.stringify(out);
    expect(text).not.toContain('argon2');
    expect(text).not.toContain('x@example.com');
    expect(out.message).toBe('Failed query: insert into "users" values ($1, $2)');
    expect(out.cause).toMatchObject({ code: '23514', position: '12', constraint: 'c' });
    expect(String(out.stack)).toMatch(/^Error: Failed query: [^\n]*\n\s+at /);
  });

  it('redact credential query parameters of a logged URL', () => {
    expect(redactUrl('/login?code=abc&state=def&lang=fr')).toBe(
      '/login?code=[redacted]&state=[redacted]&lang=fr',
    );
    expect(redactUrl('/invite?token=t0k3n')).toBe('/invite?token=[redacted]');
    expect(redactUrl('/tcm/v1/app/list')).toBe('/tcm/v1/app/list');
  });
});
