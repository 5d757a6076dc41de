import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BAD_REQUEST, errorBody, FCM_ERROR, harness, type Harness } from './test-utils';

const AUTH_HINT =
  'Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.';
const fcm = (errorCode: string): object => ({ '@type': FCM_ERROR, errorCode });
const violation = (field: string, description: string): object => ({
  '@type': BAD_REQUEST,
  fieldViolations: [{ field, description }],
});
const invalid = (message: string, extra: object[] = []): string =>
  errorBody(400, message, 'INVALID_ARGUMENT', [fcm('INVALID_ARGUMENT'), ...extra]);
const typeError = (field: string, message: string): string =>
  errorBody(400, message, 'INVALID_ARGUMENT', [violation(field, message)]);

describe('send validation (§6.3 order and §6.4 bodies)', () => {
  let h: Harness;
  let token: string;
  beforeAll(async () => {
    h = await harness();
    token = h.emu.registerDevice({ projectId: 'p1', packageName: 'com.example.app' });
  });
  afterAll(() => h.close());

  it('1. auth: missing and unknown credentials give 401 without FcmError', async () => {
    const missing = await h.send({ message: { token } }, { auth: null });
    expect(missing.status).toBe(401);
    expect(missing.body).toBe(
      errorBody(
        401,
        `Request is missing required authentication credential. ${AUTH_HINT}`,
        'UNAUTHENTICATED',
      ),
    );
    const unknown = await h.send({ message: { token } }, { auth: 'Bearer emu.nope' });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toBe(
      errorBody(401, `Request had invalid authentication credentials. ${AUTH_HINT}`, 'UNAUTHENTICATED'),
    );
  });

  it('1 before 3: auth is checked before the body is parsed', async () => {
    expect((await h.send('{not json', { auth: null })).status).toBe(401);
  });

  it('2. project: a token for p1 cannot send for p2', async () => {
    const res = await h.send({ message: { token } }, { project: 'p2' });
    expect(res.status).toBe(403);
    const body = JSON.parse(res.body) as { error: { status: string; details: { '@type': string }[] } };
    expect(body.error.status).toBe('PERMISSION_DENIED');
    expect(body.error.details.map((d) => d['@type'])).toEqual(['type.googleapis.com/google.rpc.ErrorInfo']);
  });

  it('3. JSON: unparseable body', async () => {
    const res = await h.send('{"message":');
    expect(res.status).toBe(400);
    expect(res.body).toBe(typeError('', 'Invalid JSON payload received. Unexpected token.'));
  });

  it('3. JSON: unknown fields, at the top, in message and deeper', async () => {
    const msg = `Invalid JSON payload received. Unknown name "X" at 'message': Cannot find field.`;
    expect((await h.send({ message: { token, X: 1 } })).body).toBe(typeError('message', msg));
    const deep = `Invalid JSON payload received. Unknown name "badge" at 'message.android.notification': Cannot find field.`;
    expect((await h.send({ message: { token, android: { notification: { badge: 1 } } } })).body).toBe(
      typeError('message.android.notification', deep),
    );
    const top = 'Invalid JSON payload received. Unknown name "dry_run": Cannot find field.';
    expect((await h.send({ dry_run: true, message: { token } })).body).toBe(typeError('', top));
  });

  it('3. JSON: an unknown field wins over a missing target', async () => {
    expect((await h.send({ message: { X: 1 } })).body).toContain('Unknown name \\"X\\"');
  });

  it('3. JSON: snake_case and lowerCamelCase names and case-insensitive enums are accepted', async () => {
    const res = await h.send({
      validateOnly: false,
      message: {
        token,
        fcmOptions: { analyticsLabel: 'promo_1' },
        android: {
          priority: 'high',
          collapseKey: 'k',
          restrictedPackageName: 'com.example.app',
          ttl: '3.5s',
          notification: {
            channelId: 'c',
            clickAction: 'OPEN',
            notificationPriority: 'priority_high',
            visibility: 'public',
            notificationCount: 3,
            tag: 't',
            color: '#A1b2C3',
            eventTime: '2024-01-01T00:00:00Z',
            vibrateTimings: ['0.5s'],
            lightSettings: {
              color: { red: 1, green: 0, blue: 0 },
              lightOnDuration: '1s',
              lightOffDuration: '2s',
            },
          },
          direct_boot_ok: true,
        },
      },
    });
    expect(res.body).toMatch(/^\{"name":"projects\/p1\/messages\/0:\d{16}%[0-9a-f]{16}"\}$/);
    expect(res.status).toBe(200);
  });

  it('4. target: none, several, bad topic, bad condition', async () => {
    expect((await h.send({ message: { data: { a: 'b' } } })).body).toBe(
      invalid('Recipient of the message is not set.'),
    );
    expect((await h.send({ message: { token, topic: 'news' } })).body).toBe(
      invalid("Invalid value at 'message' (oneof), oneof field 'target' is already set. Cannot set 'topic'"),
    );
    expect((await h.send({ message: { topic: '/topics/news' } })).body).toBe(
      invalid('Invalid topic name: "/topics/news". Topics must match [a-zA-Z0-9-_.~%]+.'),
    );
    const six =
      "'a' in topics && 'b' in topics && 'c' in topics && 'd' in topics && 'e' in topics && 'f' in topics";
    expect((await h.send({ message: { condition: six } })).body).toBe(
      invalid('Invalid condition expression provided.'),
    );
    expect(
      (await h.send({ message: { condition: "'a' in topics && ('b' in topics || !('c' in topics))" } }))
        .status,
    ).toBe(200);
  });

  it('4 before 5: a missing target wins over a type error', async () => {
    expect((await h.send({ message: { data: { a: 12 } } })).body).toBe(
      invalid('Recipient of the message is not set.'),
    );
  });

  it('5. types: non-string data values, in message.data and android.data', async () => {
    const m = "Invalid value at 'message.data[0].value' (TYPE_STRING), 12";
    expect((await h.send({ message: { token, data: { a: 12 } } })).body).toBe(
      typeError('message.data[0].value', m),
    );
    const m2 = "Invalid value at 'message.android.data[1].value' (TYPE_STRING), true";
    expect((await h.send({ message: { token, android: { data: { ok: 'x', b: true } } } })).body).toBe(
      typeError('message.android.data[1].value', m2),
    );
  });

  it('5. types: bad enum, bad scalar, bad duration, TTL out of range', async () => {
    const e =
      'Invalid value at \'message.android.priority\' (type.googleapis.com/google.firebase.fcm.v1.AndroidMessagePriority), "URGENT"';
    expect((await h.send({ message: { token, android: { priority: 'URGENT' } } })).body).toBe(
      typeError('message.android.priority', e),
    );
    const s = "Invalid value at 'message.notification.title' (TYPE_STRING), 5";
    expect((await h.send({ message: { token, notification: { title: 5 } } })).body).toBe(
      typeError('message.notification.title', s),
    );
    const d =
      'Invalid value at \'message.android.ttl\' (type.googleapis.com/google.protobuf.Duration), "3600"';
    expect((await h.send({ message: { token, android: { ttl: '3600' } } })).body).toBe(
      typeError('message.android.ttl', d),
    );
    const ttl = 'Invalid TTL: 2419201s. The TTL must be between 0s and 2419200s.';
    expect((await h.send({ message: { token, android: { ttl: '2419201s' } } })).body).toBe(
      invalid(ttl, [violation('message.android.ttl', ttl)]),
    );
    expect((await h.send({ message: { token, android: { ttl: '2419200s' } } })).status).toBe(200);
    expect((await h.send({ message: { token, android: { ttl: '0s' } } })).status).toBe(200);
  });

  it('6. reserved data keys', async () => {
    for (const key of ['from', 'message_type', 'google.c.a', 'gcm.n.e']) {
      const res = await h.send({ message: { token, data: { [key]: 'x' } } });
      expect(res.status).toBe(400);
      const m = `Invalid data payload key: "${key}". "from", "message_type" and keys starting with "google" or "gcm" are reserved.`;
      expect(res.body).toBe(invalid(m, [violation('message.data', m)]));
    }
  });

  it('5 before 6: a type error wins over a reserved key', async () => {
    expect((await h.send({ message: { token, data: { from: 'x', b: 1 } } })).body).toContain('TYPE_STRING');
  });

  it('7. size: 4096 bytes of merged data for tokens, 2048 for topics', async () => {
    const exactly = { k: 'x'.repeat(4095) };
    expect((await h.send({ message: { token, data: exactly } })).status).toBe(200);
    const over = await h.send({
      message: { token, data: { k: 'x'.repeat(4000) }, android: { data: { j: 'é'.repeat(48) } } },
    });
    expect(over.body).toBe(
      invalid('Message too big: the data payload is 4098 bytes, the limit is 4096 bytes.'),
    );
    const overridden = await h.send({
      message: { token, data: { k: 'x'.repeat(4095) }, android: { data: { k: 'short' } } },
    });
    expect(overridden.status).toBe(200);
    const topic = await h.send({ message: { topic: 'news', data: { k: 'x'.repeat(2048) } } });
    expect(topic.body).toBe(
      invalid('Message too big: the data payload is 2049 bytes, the limit is 2048 bytes.'),
    );
  });

  it('8. token format', async () => {
    const res = await h.send({ message: { token: 'not-a-token' } });
    expect(res.status).toBe(400);
    expect(res.body).toBe(invalid('The registration token is not a valid FCM registration token'));
  });

  it('9. unknown well-formed token is UNREGISTERED', async () => {
    const fake = `${'a'.repeat(22)}:APA91b${'b'.repeat(134)}`;
    const res = await h.send({ message: { token: fake } });
    expect(res.status).toBe(404);
    expect(res.body).toBe(
      errorBody(404, 'Requested entity was not found.', 'NOT_FOUND', [fcm('UNREGISTERED')]),
    );
  });

  it('counts every answer in stats', () => {
    const s = h.emu.stats();
    expect(s.requests).toBeGreaterThan(20);
    expect(s.byStatus['401']).toBe(3);
    expect(s.byErrorCode.UNREGISTERED).toBe(1);
    expect(s.inFlight).toBe(0);
  });
});
