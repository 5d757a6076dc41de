import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from './emulator';
import { assertion, FORM, h1Request, h2Request, tokenForm, type Res } from './test-utils';
import { type FcmEmulator, type ServiceAccountJson } from './types';
import { connect } from 'node:http2';

const LIFETIME =
  '{"error":"invalid_grant","error_description":"Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe. Check your iat and exp values in the JWT claim."}';

describe('token endpoint', () => {
  let emu: FcmEmulator;
  let sa: ServiceAccountJson;
  const post = (body: string, url = sa.token_uri): Promise<Res> =>
    h1Request(url, { path: url, headers: FORM, body });

  beforeAll(async () => {
    emu = await startEmulator({ tokenExpiresIn: 1234 });
    sa = emu.createServiceAccount('p1');
  });
  afterAll(() => emu.close());

  it('creates a complete service account bound to the http1 token URL', () => {
    expect(sa.type).toBe('service_account');
    expect(sa.project_id).toBe('p1');
    expect(sa.token_uri).toBe(`${emu.http1Url}/token`);
    expect(sa.private_key).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect(sa.private_key_id).toMatch(/^[0-9a-f]{40}$/);
    expect(sa.client_email).toMatch(/@p1\.iam\.gserviceaccount\.com$/);
  });

  it('grants an emu. token with the configured lifetime', async () => {
    const res = await post(tokenForm(assertion(sa)));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=UTF-8');
    const body = JSON.parse(res.body) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['access_token', 'expires_in', 'token_type']);
    expect(body.access_token).toMatch(/^emu\.[A-Za-z0-9_-]{20,}$/);
    expect(body.expires_in).toBe(1234);
    expect(body.token_type).toBe('Bearer');
  });

  it('accepts the token URL of every transport as aud, over h2c and TLS too', async () => {
    for (const t of ['h2c', 'tls', 'http1'] as const) {
      const res = await post(tokenForm(assertion(sa, { aud: emu.tokenUri(t) })));
      expect(res.status, t).toBe(200);
    }
    const session = connect(emu.h2cUrl).on('error', () => undefined);
    const h2 = await h2Request(session, {
      path: '/token',
      headers: FORM,
      body: tokenForm(assertion(sa, { aud: emu.tokenUri('h2c') })),
    });
    session.destroy();
    expect(h2.status).toBe(200);
    const tls = await h1Request(
      emu.tlsUrl,
      { path: '/token', headers: FORM, body: tokenForm(assertion(sa, { aud: emu.tokenUri('tls') })) },
      emu.caPem,
    );
    expect(tls.status).toBe(200);
  });

  it('rejects a signature made with another key', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    const res = await post(tokenForm(assertion(sa, {}, other)));
    expect(res.status).toBe(400);
    expect(res.body).toBe('{"error":"invalid_grant","error_description":"Invalid JWT Signature."}');
  });

  it('rejects lifetimes over an hour and clocks more than 5 minutes off', async () => {
    const now = Math.floor(Date.now() / 1000);
    for (const claims of [
      { iat: now, exp: now + 3601 },
      { iat: now + 400, exp: now + 1000 },
      { iat: now - 4000, exp: now - 400 },
      { iat: now, exp: now },
    ]) {
      const res = await post(tokenForm(assertion(sa, claims)));
      expect(res.status).toBe(400);
      expect(res.body).toBe(LIFETIME);
    }
    expect((await post(tokenForm(assertion(sa, { iat: now + 250, exp: now + 3000 })))).status).toBe(200);
  });

  it('rejects a foreign audience', async () => {
    const res = await post(tokenForm(assertion(sa, { aud: 'https://oauth2.googleapis.com/token' })));
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ error: 'invalid_grant' });
    expect(res.body).toContain('Failed audience check');
  });

  it('rejects scopes without firebase.messaging or cloud-platform, accepts cloud-platform', async () => {
    const bad = await post(
      tokenForm(assertion(sa, { scope: 'https://www.googleapis.com/auth/userinfo.email' })),
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toBe(
      '{"error":"invalid_scope","error_description":"Invalid OAuth scope or ID token audience provided."}',
    );
    const ok = await post(
      tokenForm(assertion(sa, { scope: 'openid https://www.googleapis.com/auth/cloud-platform' })),
    );
    expect(ok.status).toBe(200);
  });

  it('rejects unknown accounts, other grant types and malformed assertions', async () => {
    const unknown = await post(
      tokenForm(assertion({ ...sa, client_email: 'nobody@p1.iam.gserviceaccount.com' })),
    );
    expect(unknown.body).toBe(
      '{"error":"invalid_grant","error_description":"Invalid grant: account not found"}',
    );
    const grant = await post('grant_type=client_credentials');
    expect(grant.status).toBe(400);
    expect(grant.body).toBe(
      '{"error":"unsupported_grant_type","error_description":"Invalid grant_type: client_credentials"}',
    );
    const malformed = await post(tokenForm('not-a-jwt'));
    expect(JSON.parse(malformed.body)).toMatchObject({ error: 'invalid_grant' });
  });

  it('verifies accounts registered with registerServiceAccount', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    emu.registerServiceAccount(
      'p2',
      'ext@p2.iam.gserviceaccount.com',
      publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    );
    const ext: ServiceAccountJson = {
      ...sa,
      client_email: 'ext@p2.iam.gserviceaccount.com',
      project_id: 'p2',
    };
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    expect((await post(tokenForm(assertion(ext, {}, pem)))).status).toBe(200);
    expect((await post(tokenForm(assertion(ext, {}, sa.private_key)))).status).toBe(400);
  });
});

describe('token endpoint without signature checks', () => {
  it('accepts any signature when verifySignatures is false', async () => {
    const emu = await startEmulator({ verifySignatures: false, h2cPort: null, tlsPort: null });
    const sa = emu.createServiceAccount('p1');
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    const res = await h1Request(sa.token_uri, {
      path: '/token',
      headers: FORM,
      body: tokenForm(assertion(sa, {}, other)),
    });
    await emu.close();
    expect(res.status).toBe(200);
    expect(emu.h2cUrl).toBe('');
    expect(emu.tlsUrl).toBe('');
  });
});
