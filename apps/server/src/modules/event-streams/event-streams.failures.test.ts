import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmulator, type FcmEmulator } from '@beacon/fcm-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { ownerAppOnEmulator } from '../../test/messaging';
import { startTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { until } from '../../test/until';
import { WebhookReceiver } from '../../test/webhook-receiver';

/** The poster's wait for an answer in these tests (BEACON_STREAMS_TIMEOUT_MS): a `slow` receiver answers later. */
const TIMEOUT_MS = 1000;

/**
 * Event streams out through a receiver that fails on purpose (issue 34 §3), each case against the delivery loop of a
 * test app's workers: a post dropped before it is read, one answered after the poster stopped waiting, one dropped
 * after the receiver took its events; events pending past the app's max_age_hours; a rotated secret. The events are
 * queued straight into stream_events (the statements that write them are event-streams.delivery.test.ts's), so that
 * a test holds several batches of 500.
 */
describe.each(backends())('event streams: a receiver that fails on purpose [$name]', (backend) => {
  let t: TestApp;
  let emu: FcmEmulator;
  let owner: TestClient;
  let appId: number;
  const receiver = new WebhookReceiver();
  const base = () => `/tcm/v1/app/${appId}/event-streams`;
  const status = async () => (await owner.call('GET', base())).json().data;
  const settings = {
    enabled: true,
    url: '',
    types: ['sent', 'delivered', 'shown', 'clicked', 'dismissed', 'lost', 'uninstalled'],
    maxAgeHours: 24,
  };

  /** Queues `n` events of the app (every type in turn, losses with code 107); returns their ids, in order. */
  const queue = async (n: number): Promise<number[]> => {
    const rows = await t.database.query<{ id: number }>(
      `INSERT INTO stream_events (app_id, type, message_id, device_ids, loss_codes)
       SELECT $1, 1 + g % 7, 4242, ARRAY[g::bigint], CASE WHEN g % 7 = 5 THEN ARRAY[107::smallint] END
       FROM generate_series(1, $2) g
       RETURNING id::float8 AS id`,
      [appId, n],
    );
    return rows.map((r) => r.id).sort((a, b) => a - b);
  };

  let dir = '';
  beforeAll(async () => {
    await receiver.start();
    receiver.slowMs = TIMEOUT_MS + 1000;
    dir = mkdtempSync(path.join(tmpdir(), 'beacon-streams-'));
    writeFileSync(path.join(dir, 'ca.pem'), receiver.tls.caPem);
    emu = await startEmulator({ tlsPort: null });
    t = await startTestApp(
      backend,
      {
        FCM_BASE_URL: emu.h2cUrl,
        BEACON_STREAMS_CA_FILE: path.join(dir, 'ca.pem'),
        BEACON_STREAMS_POLL_MS: '100',
        BEACON_STREAMS_BACKOFF_BASE_MS: '50',
        BEACON_STREAMS_BACKOFF_MAX_SECONDS: '1',
        BEACON_STREAMS_TIMEOUT_MS: String(TIMEOUT_MS),
        BEACON_EXPORT_DIR: path.join(dir, 'exports'),
      },
      { runWorkers: true },
    );
    // the delivery workers, as `beacon serve` and `beacon worker` start them (the streams' loop is one of their jobs)
    await t.delivery.engine();
    const created = await ownerAppOnEmulator(t, emu, {
      title: 'Failing receiver',
      pkg: 'com.example.failing',
      projectId: 'failing',
    });
    owner = created.owner;
    appId = created.app.id;
    const saved = (await owner.post(`${base()}/save`, { ...settings, url: receiver.url })).json();
    expect(saved, JSON.stringify(saved)).toMatchObject({ status: 200 });
    receiver.secret = saved.data.secret;
  });
  afterAll(async () => {
    await t?.close();
    await emu?.close();
    await receiver.down();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('loses nothing through timeouts and dropped connections; repeats only the batches taken but unanswered', async () => {
    // batch 1: dropped unread, then answered too late (taken), then taken; batch 2: taken and dropped, then taken
    receiver.script('drop-before', 'slow', 'up', 'drop-after');
    const ids = await queue(1200);
    const done = await until('all delivered', status, (s) => s.backlog === 0 && s.delivered === 1200, 60_000);
    expect(done).toMatchObject({ dropped: 0, failures: 0, failedPosts: 3 });
    // nothing lost, in content as posted
    expect([...receiver.events.keys()].sort((a, b) => a - b)).toEqual(ids);
    expect(receiver.mismatched).toBe(0);
    expect(receiver.badSignatures).toBe(0);
    expect(receiver.droppedUnread).toBe(1);
    // duplicates: exactly the events of the posts the receiver took but could not answer (one batch of 500 each)
    expect(receiver.takenUnanswered.map((p) => [p.mode, p.ids.length])).toEqual([
      ['slow', 500],
      ['drop-after', 500],
    ]);
    const unanswered = receiver.takenUnanswered.flatMap((p) => p.ids);
    expect(receiver.duplicates).toBe(unanswered.length);
    expect([...receiver.duplicateIds].sort((a, b) => a - b)).toEqual(unanswered.sort((a, b) => a - b));
    // the console's failures: no status for any of the three, the timeout named
    const failures = done.recentFailures as Array<{ status: number | null; error: string; events: number }>;
    expect(failures).toHaveLength(3);
    expect(failures.every((f) => f.status === null && f.events === 500)).toBe(true);
    expect(failures.map((f) => f.error)).toContainEqual(`no answer within ${TIMEOUT_MS} ms`);
  });

  it('drops and counts the events pending past max_age_hours, never posting them; a replay sends them', async () => {
    const before = await status();
    // paused while the events are queued (the loop must not take them before they are aged): 200 of them recorded 25
    // hours ago (the app keeps 24), as a receiver failing that long would leave them, and 100 now
    await owner.post(`${base()}/save`, { ...settings, url: receiver.url, enabled: false });
    const ids = await queue(300);
    const old = ids.slice(0, 200);
    await t.database.query(
      `UPDATE stream_events SET at = now() - interval '25 hours' WHERE id = ANY($1::bigint[])`,
      [old],
    );
    await owner.post(`${base()}/save`, { ...settings, url: receiver.url });
    const after = await until(
      'the old ones dropped, the others delivered',
      status,
      (s) => s.backlog === 0 && s.delivered === before.delivered + 100,
    );
    expect(after.dropped).toBe(200);
    expect(old.filter((id) => receiver.events.has(id))).toEqual([]);
    expect(ids.slice(200).every((id) => receiver.events.has(id))).toBe(true);

    // a replay of the last 26 hours sends every event again, the dropped ones for the first time (their age restarts)
    const dupes = receiver.duplicates;
    const replay = (await owner.post(`${base()}/replay`, { hours: 26 })).json();
    expect(replay.data.requeued).toBe(1500);
    await until('replayed', status, (s) => s.backlog === 0 && s.delivered === before.delivered + 1600);
    expect(old.every((id) => receiver.events.has(id))).toBe(true);
    expect(receiver.duplicates - dupes).toBe(1300);
    expect((await status()).dropped).toBe(200);
  });

  it('signs with the rotated secret from the next post on, and answers it once', async () => {
    const oldSecret = receiver.secret;
    const rotated = (await owner.post(`${base()}/secret/rotate`, {})).json();
    expect(rotated.status).toBe(200);
    const newSecret = rotated.data.secret as string;
    expect(newSecret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(newSecret).not.toBe(oldSecret);
    // never readable again: not in the status, not answered by a save, not stored in clear
    expect(JSON.stringify(await status())).not.toContain(newSecret);
    const again = (await owner.post(`${base()}/save`, { ...settings, url: receiver.url })).json();
    expect(again.data.secret).toBeNull();
    const [row] = await t.database.query<{ secret: string }>(
      'SELECT secret FROM app_event_streams WHERE app_id = $1',
      [appId],
    );
    expect(row?.secret).not.toContain(newSecret.slice(6));

    // a receiver still verifying with the old secret refuses the next post…
    const delivered = (await status()).delivered as number;
    const ids = await queue(10);
    await until('a post refused by the old secret', status, (s) => s.recentFailures[0]?.status === 401);
    expect(receiver.badSignatures).toBeGreaterThan(0);
    expect(ids.some((id) => receiver.events.has(id))).toBe(false);
    // …and one verifying with the new secret takes it
    receiver.secret = newSecret;
    await owner.post(`${base()}/retry`, {});
    await until('delivered', status, (s) => s.backlog === 0 && s.delivered === delivered + 10);
    expect(ids.every((id) => receiver.events.has(id))).toBe(true);
    const last = receiver.last!;
    // the body PostgreSQL wrote is byte for byte what JSON.stringify writes of it (compact, in the documented order)
    expect(last.body).toBe(JSON.stringify(JSON.parse(last.body)));
    const posted = JSON.parse(last.body).events as Array<Record<string, unknown>>;
    expect(Object.keys(posted.find((e) => e.type === 'lost')!)).toEqual([
      'id',
      'type',
      'messageId',
      'gaid',
      'at',
      'lossCode',
    ]);
    expect(Object.keys(posted.find((e) => e.type === 'sent')!)).toEqual([
      'id',
      'type',
      'messageId',
      'gaid',
      'at',
    ]);
    expect(WebhookReceiver.verifies(newSecret, last.signature, last.body)).toBe(true);
    expect(WebhookReceiver.verifies(oldSecret, last.signature, last.body)).toBe(false);
  });
  // the cursor's rule (migration 0055): an event whose transaction is still open when a later one commits is not
  // passed over — the later one waits until the earlier transaction ends, then both are posted, while an event that
  // committed before both goes at once (one connection on PGlite cannot hold a transaction open beside another)
  it.skipIf(backend.name === 'pglite')(
    'never passes over an event that commits after a later one',
    async () => {
      const before = (await status()).delivered as number;
      // the loop paused (a backoff) while the three are written
      await t.database.query(
        `UPDATE app_event_streams SET next_attempt_at = now() + interval '1 hour' WHERE app_id = $1`,
        [appId],
      );
      const [first] = await queue(1);
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let open = 0;
      const tx = t.database.transaction(async (q) => {
        const [row] = await q.query<{ id: number }>(
          `INSERT INTO stream_events (app_id, type, message_id, device_ids) VALUES ($1, 1, 4243, '{1}')
         RETURNING id::float8 AS id`,
          [appId],
        );
        open = row!.id;
        await held;
      });
      await until(
        "the open transaction's event written",
        async () => open,
        (id) => id > 0,
      );
      const [later] = await queue(1);
      await owner.post(`${base()}/retry`, {});
      await until(
        'the first delivered',
        async () => receiver.events.has(first!),
        (has) => has,
      );
      await new Promise((r) => setTimeout(r, 500));
      expect(receiver.events.has(later!)).toBe(false);
      release();
      await tx;
      await until('all three delivered', status, (s) => s.backlog === 0 && s.delivered === before + 3);
      expect(receiver.events.has(open) && receiver.events.has(later!)).toBe(true);
    },
  );

  it('posts whole rows of events, at most 500 a post; an event is its row id plus its place', async () => {
    // rows as the engine's result writes leave them (migration 0057): up to 500 events of one type and message
    const sizes = [300, 300, 150, 500, 1, 499];
    const rows = await t.database.query<{ id: number; n: number }>(
      `INSERT INTO stream_events (app_id, type, message_id, device_ids, loss_codes)
       SELECT $1, CASE WHEN s.k = 2 THEN 6 ELSE 1 END, 4300 + s.k,
              ARRAY(SELECT (1000 * s.k + g)::bigint FROM generate_series(1, s.n) g),
              CASE WHEN s.k = 2 THEN ARRAY(SELECT (100 + g % 3)::smallint FROM generate_series(1, s.n) g) END
       FROM unnest($2::int[]) WITH ORDINALITY AS s(n, k) ORDER BY s.k
       RETURNING id::float8 AS id, n`,
      [appId, sizes],
    );
    const posts0 = receiver.postSizes.length;
    const total = sizes.reduce((a, b) => a + b, 0);
    const before = (await status()).delivered as number;
    await until('all delivered', status, (s) => s.backlog === 0 && s.delivered === before + total, 30_000);
    // 300 | 300 + 150 | 500 | 1 + 499: a row never split, never more than 500 a post
    expect(receiver.postSizes.slice(posts0)).toEqual([300, 450, 500, 500]);
    for (const [r, row] of rows.sort((a, b) => a.id - b.id).entries()) {
      for (let k = 0; k < row.n; k++) {
        const e = receiver.events.get(row.id + k);
        expect(e, `row ${r} event ${k}`).toMatchObject({ messageId: 4301 + r });
        // the second row's losses, each with its own code
        if (r === 1) expect(e).toMatchObject({ type: 'lost', lossCode: 100 + ((k + 1) % 3) });
        else expect(e?.type).toBe('sent');
      }
    }
  });
});
