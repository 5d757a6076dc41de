import { describe, expect, it } from 'vitest';
import { mapTokenResponse } from './fcm-token-endpoint';

describe('mapTokenResponse', () => {
  it('accepts an access token', () => {
    expect(
      mapTokenResponse(
        200,
        '{"access_token":"ya29.x","expires_in":3599,"token_type":"Bearer"}',
        undefined,
        0,
      ),
    ).toEqual({
      ok: true,
      accessToken: 'ya29.x',
      expiresInMs: 3_599_000,
    });
  });
  it('maps invalid_grant to auth_error with the description', () => {
    const r = mapTokenResponse(
      400,
      '{"error":"invalid_grant","error_description":"Invalid JWT Signature."}',
      undefined,
      0,
    );
    expect(r).toEqual({
      ok: false,
      result: {
        outcome: 'auth_error',
        httpStatus: 400,
        message: 'token endpoint: invalid_grant: Invalid JWT Signature.',
      },
    });
  });
  it('maps 5xx and 429 to retry, with Retry-After', () => {
    expect(mapTokenResponse(503, 'down', '7', 0)).toMatchObject({
      ok: false,
      result: { outcome: 'retry', reason: 'unavailable', retryAfterMs: 7000 },
    });
    expect(mapTokenResponse(500, '', undefined, 0)).toMatchObject({
      ok: false,
      result: { outcome: 'retry', reason: 'internal' },
    });
  });
  it('treats a 200 without access_token as an auth error', () => {
    expect(mapTokenResponse(200, '<html>', undefined, 0)).toMatchObject({
      ok: false,
      result: { outcome: 'auth_error', httpStatus: 200 },
    });
  });
});
