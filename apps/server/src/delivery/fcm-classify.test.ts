import { describe, expect, it } from 'vitest';
import {
  classifyError,
  classifySuccess,
  isExpiredCredential,
  parseFcmErrorBody,
  parseRetryAfter,
} from './fcm-classify';

const FCM = 'type.googleapis.com/google.firebase.fcm.v1.FcmError';
const body = (code: number, status: string, message: string, details: unknown[] = []): string =>
  JSON.stringify({ error: { code, message, status, details } });
const fcm = (errorCode: string) => ({ '@type': FCM, errorCode });
const classify = (status: number, text: string, retryAfter?: string) =>
  classifyError(status, parseFcmErrorBody(text), parseRetryAfter(retryAfter, 0));

// The §6.4 bodies, verbatim in shape.
const bodies = {
  unregistered: body(404, 'NOT_FOUND', 'Requested entity was not found.', [fcm('UNREGISTERED')]),
  invalidToken: body(
    400,
    'INVALID_ARGUMENT',
    'The registration token is not a valid FCM registration token',
    [fcm('INVALID_ARGUMENT')],
  ),
  badData: body(400, 'INVALID_ARGUMENT', "Invalid value at 'message.data[0].value' (TYPE_STRING), 12", [
    {
      '@type': 'type.googleapis.com/google.rpc.BadRequest',
      fieldViolations: [{ field: 'message.data[0].value', description: 'x' }],
    },
  ]),
  mismatch: body(403, 'PERMISSION_DENIED', 'SenderId mismatch', [fcm('SENDER_ID_MISMATCH')]),
  quota: body(429, 'RESOURCE_EXHAUSTED', 'Quota exceeded', [
    fcm('QUOTA_EXCEEDED'),
    {
      '@type': 'type.googleapis.com/google.rpc.QuotaFailure',
      violations: [{ subject: 'project', description: '...' }],
    },
  ]),
  deviceQuota: body(429, 'RESOURCE_EXHAUSTED', 'Quota exceeded', [
    fcm('QUOTA_EXCEEDED'),
    {
      '@type': 'type.googleapis.com/google.rpc.QuotaFailure',
      violations: [{ subject: 'device', description: '...' }],
    },
  ]),
  unavailable: body(503, 'UNAVAILABLE', 'The service is currently unavailable.', [fcm('UNAVAILABLE')]),
  internal: body(500, 'INTERNAL', 'Internal error encountered.', [fcm('INTERNAL')]),
  expired: body(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.', [
    {
      '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
      reason: 'ACCESS_TOKEN_EXPIRED',
      domain: 'googleapis.com',
    },
  ]),
  thirdParty: body(401, 'UNAUTHENTICATED', 'Auth error from APNS or Web Push Service', [
    fcm('THIRD_PARTY_AUTH_ERROR'),
  ]),
  iam: body(403, 'PERMISSION_DENIED', "Permission 'cloudmessaging.messages.create' denied"),
};

describe('classifyError on the reference bodies', () => {
  it('404 UNREGISTERED → token_dead', () => {
    expect(classify(404, bodies.unregistered)).toEqual({
      outcome: 'token_dead',
      errorCode: 'UNREGISTERED',
      httpStatus: 404,
    });
  });
  it('400 invalid registration token → token_dead', () => {
    expect(classify(400, bodies.invalidToken)).toEqual({
      outcome: 'token_dead',
      errorCode: 'INVALID_ARGUMENT',
      httpStatus: 400,
    });
  });
  it('400 malformed payload is message_invalid, not a dead token (eladnava/fcm-v1-http2#5)', () => {
    expect(classify(400, bodies.badData)).toEqual({
      outcome: 'message_invalid',
      httpStatus: 400,
      message: "Invalid value at 'message.data[0].value' (TYPE_STRING), 12",
    });
    const other = body(400, 'INVALID_ARGUMENT', 'Message too big', [fcm('INVALID_ARGUMENT')]);
    expect(classify(400, other).outcome).toBe('message_invalid');
  });
  it('403 SENDER_ID_MISMATCH → sender_mismatch', () => {
    expect(classify(403, bodies.mismatch)).toEqual({ outcome: 'sender_mismatch', httpStatus: 403 });
  });
  it('429 project quota → retry quota with Retry-After', () => {
    expect(classify(429, bodies.quota, '60')).toMatchObject({
      outcome: 'retry',
      reason: 'quota',
      httpStatus: 429,
      retryAfterMs: 60_000,
    });
  });
  it('429 device quota → retry device_quota', () => {
    expect(classify(429, bodies.deviceQuota)).toMatchObject({ outcome: 'retry', reason: 'device_quota' });
  });
  it('503 → retry unavailable with Retry-After; 500 → retry internal', () => {
    expect(classify(503, bodies.unavailable, '10')).toMatchObject({
      outcome: 'retry',
      reason: 'unavailable',
      retryAfterMs: 10_000,
    });
    const r = classify(500, bodies.internal);
    expect(r).toMatchObject({ outcome: 'retry', reason: 'internal', httpStatus: 500 });
    expect(r).not.toHaveProperty('retryAfterMs');
  });
  it('401 without FcmError is the refreshable case; as a final answer it is auth_error', () => {
    expect(isExpiredCredential(401, parseFcmErrorBody(bodies.expired))).toBe(true);
    expect(classify(401, bodies.expired)).toMatchObject({ outcome: 'auth_error', httpStatus: 401 });
  });
  it('401 THIRD_PARTY_AUTH_ERROR → auth_error, not refreshable', () => {
    expect(isExpiredCredential(401, parseFcmErrorBody(bodies.thirdParty))).toBe(false);
    expect(classify(401, bodies.thirdParty)).toMatchObject({ outcome: 'auth_error', httpStatus: 401 });
  });
  it('403 without FcmError → auth_error', () => {
    expect(classify(403, bodies.iam)).toEqual({
      outcome: 'auth_error',
      httpStatus: 403,
      message: "Permission 'cloudmessaging.messages.create' denied",
    });
  });
});

describe('classifyError on non-JSON bodies (mapped by status, as firebase-admin)', () => {
  const html = '<html><body>502 Bad Gateway</body></html>';
  it.each([
    [400, 'message_invalid'],
    [401, 'auth_error'],
    [403, 'auth_error'],
    [404, 'auth_error'],
    [413, 'message_invalid'],
  ])('%i → %s', (status, outcome) => {
    expect(classify(status, html).outcome).toBe(outcome);
  });
  it.each([
    [429, 'quota'],
    [500, 'internal'],
    [502, 'unavailable'],
    [503, 'unavailable'],
    [504, 'unavailable'],
  ])('%i → retry %s', (status, reason) => {
    expect(classify(status, html)).toMatchObject({ outcome: 'retry', reason, httpStatus: status });
  });
  it('an empty body and JSON without `error` are handled', () => {
    expect(classify(503, '')).toMatchObject({ outcome: 'retry', reason: 'unavailable' });
    expect(classify(400, '{"foo":1}')).toMatchObject({ outcome: 'message_invalid', httpStatus: 400 });
    expect(parseFcmErrorBody('[1,2]').isJson).toBe(false);
  });
});

describe('classifySuccess', () => {
  it('records the message name', () => {
    expect(classifySuccess('{"name":"projects/p/messages/0:1%ab"}')).toEqual({
      outcome: 'dispatched',
      name: 'projects/p/messages/0:1%ab',
    });
    expect(classifySuccess('not json')).toEqual({ outcome: 'dispatched', name: '' });
  });
});

describe('parseRetryAfter', () => {
  it('parses delta seconds and HTTP-dates', () => {
    expect(parseRetryAfter('120', 0)).toBe(120_000);
    expect(parseRetryAfter(' 1.5 ', 0)).toBe(1500);
    const now = Date.parse('Wed, 21 Oct 2015 07:28:00 GMT');
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:27:00 GMT', now)).toBe(0);
  });
  it('ignores absent or garbage values', () => {
    expect(parseRetryAfter(undefined, 0)).toBeUndefined();
    expect(parseRetryAfter('soon', 0)).toBeUndefined();
  });
});
