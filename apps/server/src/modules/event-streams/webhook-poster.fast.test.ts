import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebhookReceiver } from '../../test/webhook-receiver';
import { WebhookPoster } from './webhook-poster';

/** The poster's trust (BEACON_STREAMS_CA_FILE): a receiver under a private CA is refused without it, taken with it. */
describe('WebhookPoster: extra CA certificates', () => {
  const receiver = new WebhookReceiver();
  beforeAll(async () => {
    await receiver.start();
    receiver.secret = 'whsec_test';
  });
  afterAll(() => receiver.down());

  it('refuses a receiver whose CA it was not given, and posts to it once given', async () => {
    const body = JSON.stringify({
      appId: 1,
      events: [{ id: 1, type: 'sent', messageId: 2, gaid: null, at: 'x' }],
    });
    const untrusting = new WebhookPoster({ timeoutMs: 5000 });
    const refused = await untrusting.post(receiver.url, receiver.secret, body, 1);
    untrusting.close();
    expect(refused).toMatchObject({ ok: false, status: null });
    expect(receiver.events.size).toBe(0);

    const trusting = new WebhookPoster({ ca: receiver.tls.caPem, timeoutMs: 5000 });
    // several posts over the kept-alive connection: one secure context serves them all
    for (let i = 0; i < 3; i++)
      expect(await trusting.post(receiver.url, receiver.secret, body, 1)).toEqual({ ok: true });
    trusting.close();
    expect(receiver.events.size).toBe(1);
    expect(receiver.duplicates).toBe(2);
    expect(receiver.badSignatures).toBe(0);
  });
});
