import { generateKeyPairSync, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildJwtAssertion, FCM_SCOPE, tokenRequestBody } from './fcm-jwt';
import { type ServiceAccount } from './fcm-types';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const sa: ServiceAccount = {
  project_id: 'demo',
  client_email: 'sender@demo.iam.gserviceaccount.com',
  private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  private_key_id: 'kid-123',
  token_uri: 'http://127.0.0.1:9/token',
};
const decode = (part: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;

describe('buildJwtAssertion', () => {
  it('builds an RS256 JWT whose signature verifies with the public key', () => {
    const jwt = buildJwtAssertion(sa, 1_700_000_000_123);
    const [h, c, s] = jwt.split('.');
    expect(verify('RSA-SHA256', Buffer.from(`${h}.${c}`), publicKey, Buffer.from(s!, 'base64url'))).toBe(
      true,
    );
    expect(decode(h!)).toEqual({ alg: 'RS256', typ: 'JWT', kid: 'kid-123' });
    expect(decode(c!)).toEqual({
      iss: sa.client_email,
      scope: FCM_SCOPE,
      aud: sa.token_uri,
      iat: 1_700_000_000,
      exp: 1_700_003_600,
    });
    expect(jwt).not.toMatch(/[=+/]/);
  });

  it('rejects a tampered claim set', () => {
    const [h, , s] = buildJwtAssertion(sa, 1_700_000_000_000).split('.');
    const forged = Buffer.from(JSON.stringify({ iss: 'evil' })).toString('base64url');
    expect(verify('RSA-SHA256', Buffer.from(`${h}.${forged}`), publicKey, Buffer.from(s!, 'base64url'))).toBe(
      false,
    );
  });

  it('omits kid when the service account has no private_key_id', () => {
    const { private_key_id: _drop, ...noKid } = sa;
    expect(decode(buildJwtAssertion(noKid, 0).split('.')[0]!)).toEqual({ alg: 'RS256', typ: 'JWT' });
  });

  it('throws on a key that is not a private key (FcmAuth turns this into auth_error)', () => {
    expect(() => buildJwtAssertion({ ...sa, private_key: 'nope' }, 0)).toThrow();
  });
});

describe('tokenRequestBody', () => {
  it('is the form-encoded jwt-bearer grant', () => {
    const form = new URLSearchParams(tokenRequestBody('a.b.c'));
    expect(form.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    expect(form.get('assertion')).toBe('a.b.c');
    expect(tokenRequestBody('x')).toMatch(
      /^grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer&assertion=x$/,
    );
  });
});
