import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { startEmulator, type FcmEmulator } from '@beacon/fcm-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { registerOnEmulator, reportSdkEvents } from '../../test/devices';
import { NOTIFICATION, ownerAppOnEmulator } from '../../test/messaging';
import { startTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { until } from '../../test/until';
import { WebhookReceiver } from '../../test/webhook-receiver';
import { EventStreamsRepository } from './event-streams.repository';
import { StreamExport } from './stream-export';

/**
 * Event streams out, end to end (issue 34 §3): a message sent through the FCM emulator to 9 devices — 6 dispatched,
 * 2 with notifications off (loss 107), 1 uninstalled at FCM (loss 1 and an uninstall) — whose devices report their
 * events through the device API, while the app's HTTPS receiver (a local server verifying every signature) is down,
 * then failing with 500, then back: every event arrives once with its id, nothing is lost, and a replay sends the same
 * events again with the same ids (the only duplicates a receiver ever sees).
 */
describe.each(backends())('event streams: signed webhook batches, at least once [$name]', (backend) => {
  let t: TestApp;
  let emu: FcmEmulator;
  let owner: TestClient;
  let appId: number;
  let created: Awaited<ReturnType<typeof ownerAppOnEmulator>>;
  const receiver = new WebhookReceiver();
  const base = () => `/tcm/v1/app/${appId}/event-streams`;
  const status = async () => (await owner.call('GET', base())).json().data;

  let dir = '';
  beforeAll(async () => {
    await receiver.start();
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
        BEACON_EXPORT_DIR: path.join(dir, 'exports'),
      },
      { runWorkers: true },
    );
    created = await ownerAppOnEmulator(
      t,
      emu,
      { title: 'Streams', pkg: 'com.example.streams', projectId: 'streams' },
      100,
    );
    owner = created.owner;
    appId = created.app.id;
  });
  afterAll(async () => {
    await t?.close();
    await emu?.close();
    await receiver.down();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a webhook that is not https (but loopback), naming the field', async () => {
    const r = await owner.post(`${base()}/save`, {
      enabled: true,
      url: 'http://example.com/hook',
      types: ['sent'],
      maxAgeHours: 24,
    });
    expect(r.json().status).toBe(400);
    expect(JSON.stringify(r.json())).toContain('url');
  });

  it('delivers every event once through a receiver that is down, then failing, then back', async () => {
    const saved = (
      await owner.post(`${base()}/save`, {
        enabled: true,
        url: receiver.url,
        types: ['sent', 'delivered', 'shown', 'clicked', 'dismissed', 'lost', 'uninstalled'],
        maxAgeHours: 24,
      })
    ).json();
    expect(saved.status).toBe(200);
    receiver.secret = saved.data.secret;
    expect(receiver.secret).toMatch(/^whsec_/);

    const tokens: string[] = [];
    for (let i = 0; i < 9; i++)
      tokens.push(await registerOnEmulator(t, emu, created, i, { notificationsEnabled: i !== 6 && i !== 7 }));
    emu.unregisterDevice(tokens[8]!);
    await receiver.down();

    const msg = await owner.post(`/tcm/v1/app/${appId}/msg/save`, {
      msgType: 1,
      data: NOTIFICATION,
      title: 'Streams',
      pushCount: 9,
      targetingType: 0,
      scheduleType: 1,
    });
    const id = msg.json().data.id as number;
    await until(
      'sent',
      () => owner.post(`/tcm/v1/app/${appId}/msg/detail`, { id }).then((r) => r.json().data),
      (d) => d.status === 1,
    );
    const ts = Date.now();
    for (let i = 0; i < 6; i++) {
      const events = ['received', 'shown', 'clicked'].map((type) => ({ type, msgId: id, ts }));
      if (i === 0) events.push({ type: 'dismissed', msgId: id, ts });
      expect((await reportSdkEvents(t, created.sdkAuth, i, events)).json().status).toBe(200);
    }
    // 6 sent, 3 lost, 1 uninstalled, 6 delivered, 6 shown, 6 clicked, 1 dismissed
    const expected = 29;
    const down = await until(
      'the backlog and failures',
      status,
      (s) => s.backlog === expected && s.failedPosts >= 2,
    );
    expect(down.recentFailures[0]).toMatchObject({ status: null });
    expect(down.oldestPendingSeconds).toBeGreaterThanOrEqual(0);

    await receiver.up();
    receiver.setMode('error');
    const failing = await until('500s recorded', status, (s) => s.recentFailures[0]?.status === 500);
    expect(failing.backlog).toBe(expected);
    receiver.setMode('up');

    const done = await until('all delivered', status, (s) => s.backlog === 0 && s.delivered === expected);
    expect(done).toMatchObject({ dropped: 0, failures: 0 });
    expect(receiver.badSignatures).toBe(0);
    expect(receiver.events.size).toBe(expected);
    expect(receiver.mismatched).toBe(0);
    const byType = Object.fromEntries(
      ['sent', 'delivered', 'shown', 'clicked', 'dismissed', 'lost', 'uninstalled'].map((k) => [
        k,
        receiver.countBy(k),
      ]),
    );
    expect(byType).toEqual({
      sent: 6,
      delivered: 6,
      shown: 6,
      clicked: 6,
      dismissed: 1,
      lost: 3,
      uninstalled: 1,
    });
    const losses = [...receiver.events.values()]
      .filter((e) => e.type === 'lost')
      .map((e) => e.lossCode)
      .sort();
    expect(losses).toEqual([1, 107, 107]);
    expect([...receiver.events.values()].every((e) => e.messageId === id && e.gaid)).toBe(true);

    // a repeat of an event counts (and streams) nothing
    await reportSdkEvents(t, created.sdkAuth, 0, [{ type: 'clicked', msgId: id, ts }]);
    // a replay of the last hour: the same events, the same ids
    const replay = (await owner.post(`${base()}/replay`, { hours: 1 })).json();
    expect(replay.data.requeued).toBe(expected);
    await until('replayed', status, (s) => s.backlog === 0 && s.delivered === 2 * expected);
    expect(receiver.events.size).toBe(expected);
    expect(receiver.duplicates).toBe(expected);
    expect(receiver.mismatched).toBe(0);
  });

  it('exports a day as gzip NDJSON, listed and downloadable by the owner', async () => {
    // the events of the test above, moved to yesterday
    await t.database.query(`UPDATE stream_events SET at = at - interval '1 day' WHERE app_id = $1`, [appId]);
    const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const out = await new StreamExport(
      new EventStreamsRepository(t.database),
      t.config.streams.exportDir,
    ).exportDay(appId, day);
    expect(out.events).toBe(29);
    const s = await status();
    expect(s.exports).toContainEqual({ day, events: 29, bytes: out.bytes });
    const file = await owner.call('GET', `${base()}/exports/${day}`);
    expect(file.statusCode).toBe(200);
    const lines = gunzipSync(file.rawPayload)
      .toString('utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(29);
    expect(new Set(lines.map((l: { id: number }) => l.id)).size).toBe(29);
    expect((await owner.call('GET', `${base()}/exports/2001-01-01`)).json().status).toBe(404);
    expect((await owner.call('GET', `${base()}/exports/yesterday`)).json().status).toBe(400);
  });
});
