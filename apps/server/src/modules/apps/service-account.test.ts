import { describe, expect, it } from 'vitest';
import { allowedTokenEndpoints } from '../../delivery';
import { ApiError } from '../../lib/api-error';
import { parseServiceAccount } from './service-account';
import { serviceAccountJson } from '../../test/fixtures/service-accounts';

/** A server without FCM_BASE_URL (sandbox at http://beacon.test/emulator/token). */
const ENDPOINTS = allowedTokenEndpoints({ fcmBaseUrl: undefined, publicUrl: 'http://beacon.test' });

function problem(json: string): string {
  try {
    parseServiceAccount(json, ENDPOINTS);
  } catch (err) {
    if (err instanceof ApiError) return err.messageFor('en');
    throw err;
  }
  return 'accepted';
}

describe('parseServiceAccount', () => {
  it('accepts a real service-account key and returns its project and client e-mail', () => {
    expect(parseServiceAccount(serviceAccountJson(), ENDPOINTS)).toEqual({
      projectId: 'shop-push',
      clientEmail: 'firebase-adminsdk@shop-push.iam.gserviceaccount.com',
    });
  });

  it.each([
    ['not JSON', '{"type": ', 'is not a JSON object'],
    ['an array', '[1, 2]', 'is not a JSON object'],
    ['another type', serviceAccountJson({ type: 'authorized_user' }), '"type": "service_account"'],
    ['no project_id', serviceAccountJson({ project_id: undefined }), '"project_id"'],
    ['an empty project_id', serviceAccountJson({ project_id: '  ' }), '"project_id"'],
    ['no client_email', serviceAccountJson({ client_email: undefined }), '"client_email"'],
    ['a bad client_email', serviceAccountJson({ client_email: 'not-an-email' }), '"client_email"'],
    ['no private_key', serviceAccountJson({ private_key: undefined }), '"private_key"'],
    [
      'a broken private_key',
      serviceAccountJson({ private_key: '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n' }),
      '"private_key"',
    ],
    ['no token_uri', serviceAccountJson({ token_uri: undefined }), '"token_uri"'],
    ['a non-http token_uri', serviceAccountJson({ token_uri: 'ftp://example.com/token' }), '"token_uri"'],
    [
      'a token_uri on the loopback',
      serviceAccountJson({ token_uri: 'http://127.0.0.1:8080/token' }),
      '"token_uri" this server does not send keys to',
    ],
  ])('refuses %s, naming what is wrong', (_name, json, expected) => {
    expect(problem(json)).toContain(expected);
  });

  it('names the problem in zh and fr too', () => {
    try {
      parseServiceAccount(serviceAccountJson({ token_uri: 'nope' }), ENDPOINTS);
    } catch (err) {
      expect((err as ApiError).messageFor('zh')).toContain('token_uri');
      expect((err as ApiError).messageFor('fr')).toContain('compte de service');
      expect((err as ApiError).data).toEqual({
        fields: [{ field: 'file', message: 'has no "token_uri" http(s) URL' }],
      });
    }
    expect.assertions(3);
  });
});
