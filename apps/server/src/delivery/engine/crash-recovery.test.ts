import { spawn, type ChildProcess } from 'node:child_process';
import { startEmulator, type FcmEmulator } from '@beacon/fcm-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/databases';
import { startTestApp, TEST_SECRET, type TestApp, type TestClient } from '../../test/test-app';
import { ownerAppOnEmulator } from '../../test/messaging';
import { until } from '../../test/until';
import { CLI, serverRoot } from '../../test/cli';

const DEVICES = 3000;
const postgres = backends('one').filter((b) => b.name === 'postgres');

// A worker is a separate process sharing the database, so this runs on the PostgreSQL server only.
describe.each(postgres)('a delivery worker stopped or killed mid-send [$name]', (backend) => {
  let t: TestApp;
  let emu: FcmEmulator;
  let owner: TestClient;
  let appId: number;
  const tokens: string[] = [];
  const workers: ChildProcess[] = [];
  let stderr = '';

  const startWorker = () => {
    const child = spawn(process.execPath, [...CLI, 'worker'], {
      cwd: serverRoot,
      env: {
        ...process.env,
        DATABASE_URL: t.database.url ?? '',
        FCM_BASE_URL: emu.h2cUrl,
        BEACON_SECRET_KEY: TEST_SECRET,
        PUBLIC_URL: 'http://beacon.test',
        LOG_LEVEL: 'warn',
        // the lease a takeover waits for: long enough that a worker on a loaded CI machine (2 cores, many test files)
        // does not lose its own lease between two renewals — a lost lease is a second crash, and a device then gets
        // a third request, which the at-most-twice assertions below rightly refuse
        BEACON_DISPATCH_EXPIRE_SECONDS: '8',
        BEACON_RECEIPT_WINDOW_SECONDS: '2',
        BEACON_JOB_MAINTENANCE_SECONDS: '1',
        BEACON_JOURNEY_SWEEP_SECONDS: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
    child.stdout?.on('data', (c: Buffer) => (stderr += c.toString()));
    workers.push(child);
    return child;
  };

  beforeAll(async () => {
    // every request takes 25 ms at the emulator, so a kill lands while batches are in flight
    emu = await startEmulator({ tlsPort: null, latencyMs: 25 });
    t = await startTestApp(backend, { FCM_BASE_URL: emu.h2cUrl });
    const created = await ownerAppOnEmulator(t, emu, {
      title: 'Crash',
      pkg: 'com.example.crash',
      projectId: 'crash-project',
    });
    owner = created.owner;
    appId = created.app.id;
    for (let i = 0; i < DEVICES; i++)
      tokens.push(emu.registerDevice({ projectId: 'crash-project', packageName: 'com.example.crash' }));
    await t.database.query(
      `WITH d AS (
         INSERT INTO devices (app_id, gaid, country, language, brand, model, os_version, app_version, app_version_code, timezone, utc_offset_min, notifications_enabled)
         SELECT $1, ('00000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid, 'NG', 'en', 'TECNO', 'SPARK 10', 33, '3.1.0', 310, 'Africa/Lagos', 60, true
         FROM generate_series(0, $2 - 1) g RETURNING id, gaid
       ) INSERT INTO device_tokens (device_id, token)
         SELECT d.id, (ARRAY(SELECT unnest($3::text[])))[(right(d.gaid::text, 12))::int + 1] FROM d`,
      [appId, DEVICES, tokens],
    );
  });
  afterAll(async () => {
    for (const w of workers) if (w.exitCode === null) w.kill('SIGKILL');
    await t?.close();
    await emu?.close();
  });

  const save = async (title: string): Promise<number> => {
    const saved = await owner.post(`/tcm/v1/app/${appId}/msg/save`, {
      msgType: 1,
      title,
      pushCount: DEVICES,
      targetingType: 0,
      scheduleType: 1,
      // a slow push (1000/s) keeps the send going for seconds, so the signal lands mid-send on a fast machine too
      speedLimit: 1000,
      data: {
        noti_type: 1,
        noti_title: 'Hi',
        noti_desc: 'There',
        noti_small_icon: '/files/i.png',
        noti_ex_type: 1,
        noti_open_type: 1,
        noti_open_content: 'app://x',
      },
    });
    return saved.json().data.id as number;
  };
  const dispatchedOf = (id: number) => async () =>
    (await t.database.query<{ n: number }>('SELECT dispatch_count AS n FROM messages WHERE id = $1', [id]))[0]
      ?.n ?? 0;
  const requestsPerDevice = (id: number) =>
    tokens.map(
      (tok) =>
        emu.inbox(tok).filter((d) => (d.message.data as Record<string, string>).tcm_msg_id === String(id))
          .length,
    );
  const finish = async (id: number) => {
    const startedAt = Date.now();
    const second = startWorker();
    const [done] = await until(
      'sent',
      () =>
        t.database.query<{ status: number; dispatch_count: number }>(
          'SELECT status, dispatch_count FROM messages WHERE id = $1',
          [id],
        ),
      (rows) => rows[0]?.status === 1,
      180_000,
    );
    expect(done?.dispatch_count).toBe(DEVICES);
    const [records] = await t.database.query<{ sent: number; other: number }>(
      'SELECT count(*) FILTER (WHERE outcome = 1)::int AS sent, count(*) FILTER (WHERE outcome <> 1)::int AS other FROM send_records WHERE message_id = $1',
      [id],
    );
    expect(records).toEqual({ sent: DEVICES, other: 0 });
    // the pages' intents (migration 0035) went with their batches: recorded, or taken over and resolved
    const [intents] = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM send_intents WHERE message_id = $1',
      [id],
    );
    expect(intents?.n).toBe(0);
    const sentMs = Date.now() - startedAt;
    const exited = new Promise((r) => second.once('exit', r));
    second.kill('SIGTERM');
    await exited;
    return sentMs;
  };
  const midSend = async (id: number) => {
    const first = startWorker();
    await until('first sends', dispatchedOf(id), (n) => n >= 200, 120_000, 100).catch((err: Error) => {
      throw new Error(`${err.message}\nworker stderr:\n${stderr}`);
    });
    return first;
  };

  it('SIGTERM: the worker finishes and records the requests on the wire and hands the rest over; every device gets exactly one request', async () => {
    const id = await save('Graceful stop');
    const first = await midSend(id);
    const exited = new Promise<number | null>((r) => first.once('exit', (code) => r(code)));
    const t0 = Date.now();
    first.kill('SIGTERM');
    expect(await exited).toBe(0);
    const stopMs = Date.now() - t0;
    const atStop = await dispatchedOf(id)();
    expect(atStop).toBeLessThan(DEVICES);
    // nothing left on the wire unrecorded: what FCM got is exactly what the stopped worker recorded
    expect(requestsPerDevice(id).reduce((a, b) => a + b, 0)).toBe(atStop);
    const sentMs = await finish(id);
    const perDevice = requestsPerDevice(id);
    expect(perDevice.filter((n) => n !== 1)).toEqual([]);
    console.log(
      `graceful stop: ${atStop} dispatched at SIGTERM (exit after ${stopMs} ms), the second worker sent the other ${DEVICES - atStop} in ${sentMs} ms (with its start), none twice`,
    );
  }, 240_000);

  it('SIGKILL: a second worker finishes the message; every device sent, none skipped, and only unrecorded requests repeated', async () => {
    const id = await save('Crash test');
    const first = await midSend(id);
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    const atKill = await dispatchedOf(id)();
    expect(atKill).toBeLessThan(DEVICES);
    await finish(id);
    const perDevice = requestsPerDevice(id);
    expect(perDevice.filter((n) => n === 0)).toHaveLength(0);
    // a hard kill is at-least-once: the requests in flight and the results not yet written when the process died
    // (results are written every 250 ms or 500 devices) reached FCM unrecorded and are sent again; each carries the
    // same collapse key, so the device shows one notification. At this pace (1000/s) that is well under a second
    const repeated = perDevice.filter((n) => n > 1).length;
    // on failure, the workers' warnings say why (a lease lost, a takeover)
    expect(
      perDevice.every((n) => n <= 2),
      stderr.slice(-6000),
    ).toBe(true);
    expect(repeated).toBeLessThanOrEqual(1000);
    console.log(`crash test: ${atKill} dispatched at the kill, ${repeated} devices got a repeated request`);
  }, 240_000);
  it('SIGKILL mid A/B send: a second worker finishes both arms; no device in both arms, each recorded once', async () => {
    const arm = (groupTag: 'A' | 'B') => ({
      msgType: 1,
      groupTag,
      groupPercent: 25,
      scheduleType: 1,
      data: {
        noti_type: 1,
        noti_title: `Arm ${groupTag}`,
        noti_desc: 'There',
        noti_small_icon: '/files/i.png',
        noti_ex_type: 1,
        noti_open_type: 1,
        noti_open_content: 'app://x',
      },
    });
    const res = await owner.post(`/tcm/v1/app/${appId}/msg/abtest/create`, {
      title: 'Crash A/B',
      targetingType: 0,
      speedLimit: 1000,
      childMsgs: [arm('A'), arm('B')],
    });
    expect(res.json(), res.body).toMatchObject({ status: 200 });
    const parent = res.json().data.id as number;
    const arms = await t.database.query<{ id: number; target: number }>(
      'SELECT id::int AS id, target_count AS target FROM messages WHERE parent_msg_id = $1 ORDER BY split_from',
      [parent],
    );
    expect(arms).toHaveLength(2);
    const dispatchedOfBoth = async () =>
      (await dispatchedOf(arms[0]!.id)()) + (await dispatchedOf(arms[1]!.id)());
    const first = startWorker();
    await until('first sends', dispatchedOfBoth, (n) => n >= 200, 120_000, 100);
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    const atKill = await dispatchedOfBoth();
    const total = arms[0]!.target + arms[1]!.target;
    expect(atKill).toBeLessThan(total);
    const second = startWorker();
    for (const a of arms)
      await until(
        `arm ${a.id} sent`,
        () => t.database.query<{ status: number }>('SELECT status FROM messages WHERE id = $1', [a.id]),
        (rows) => rows[0]?.status === 1,
        180_000,
      );
    const exited = new Promise((r) => second.once('exit', r));
    second.kill('SIGTERM');
    await exited;
    // each arm: every device of its slice recorded as sent exactly once, nothing else
    for (const a of arms) {
      const [records] = await t.database.query<{ sent: number; other: number; devices: number }>(
        `SELECT count(*) FILTER (WHERE outcome = 1)::int AS sent, count(*) FILTER (WHERE outcome <> 1)::int AS other,
                count(DISTINCT device_id)::int AS devices FROM send_records WHERE message_id = $1`,
        [a.id],
      );
      expect(records).toEqual({ sent: a.target, other: 0, devices: a.target });
    }
    const both = await t.database.query(
      `SELECT device_id FROM send_records WHERE message_id = ANY($1::bigint[])
       GROUP BY device_id HAVING count(DISTINCT message_id) > 1`,
      [arms.map((a) => a.id)],
    );
    expect(both).toEqual([]);
    // at FCM: no token got both arms; a request in flight at the kill may be repeated (same message, one collapse key)
    const [perA, perB] = arms.map((a) => requestsPerDevice(a.id));
    expect(perA!.some((n, i) => n > 0 && perB![i]! > 0)).toBe(false);
    expect(perA!.filter((n) => n > 0)).toHaveLength(arms[0]!.target);
    expect(perB!.filter((n) => n > 0)).toHaveLength(arms[1]!.target);
    expect([...perA!, ...perB!].every((n) => n <= 2)).toBe(true);
    const repeated = [...perA!, ...perB!].filter((n) => n > 1).length;
    expect(repeated).toBeLessThanOrEqual(1000);
    console.log(
      `A/B crash test: ${atKill} of ${total} dispatched at the kill, ${repeated} devices got a repeated request`,
    );
  }, 300_000);

  it('SIGKILL mid journey: its entry step and its follow-up, each killed mid-send, finish on another worker; every member gets the follow-up, each recorded once', async () => {
    const data = (title: string) => ({
      noti_type: 1,
      noti_title: title,
      noti_desc: 'There',
      noti_small_icon: '/files/i.png',
      noti_ex_type: 1,
      noti_open_type: 1,
      noti_open_content: 'app://x',
    });
    // nobody reports a show, so every device the entry reached takes the "not shown" branch
    const saved = await owner.post(`/tcm/v1/app/${appId}/msg/flow/canvas/save`, {
      title: 'Crash journey',
      targetingType: 0,
      scheduleType: 1,
      speedLimit: 1000,
      childMsgs: [
        { groupTag: 'Start', msgType: 1, data: data('Welcome') },
        {
          groupTag: 'Missed',
          msgType: 1,
          data: data('You missed this'),
          displayConditions: { from: 'Start', outcome: 'notShown', wait: { unit: 'hours', value: 1 } },
        },
      ],
    });
    expect(saved.json(), saved.body).toMatchObject({ status: 200 });
    const id = saved.json().data.id as number;
    const steps = () =>
      t.database.query<{ tag: string; id: number; status: number; finished: boolean }>(
        `SELECT group_tag AS tag, id::int, status, finished_at IS NOT NULL AS finished FROM messages
         WHERE parent_msg_id = $1 AND NOT deleted`,
        [id],
      );
    // the estimate runs in a worker too
    const estimating = startWorker();
    await until(
      'the estimate',
      () => t.database.query<{ status: number }>('SELECT status FROM messages WHERE id = $1', [id]),
      (rows) => rows[0]?.status === 18,
      60_000,
    );
    estimating.kill('SIGKILL');
    await new Promise((r) => estimating.once('exit', r));
    expect((await owner.post(`/tcm/v1/app/${appId}/msg/flow/canvas/${id}/approve`)).json().status).toBe(200);
    const tagged = async (tag: string) => (await steps()).find((s) => s.tag === tag)!;
    const entry = await tagged('Start');

    // the entry step: killed mid-send, finished by the next worker
    const first = await midSend(entry.id);
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    expect(await dispatchedOf(entry.id)()).toBeLessThan(DEVICES);
    const second = startWorker();
    await until(
      'the entry sent',
      () => tagged('Start'),
      (s) => s.status === 1 && s.finished,
      180_000,
    );

    // its wait has run: the sweep enters the follow-up; killed mid-send too, and finished by a third worker
    const missed = await tagged('Missed');
    await t.database.query(
      `UPDATE messages SET finished_at = finished_at - interval '1 hour' WHERE id = $1`,
      [entry.id],
    );
    await until('the follow-up sends', dispatchedOf(missed.id), (n) => n >= 200, 120_000, 100);
    second.kill('SIGKILL');
    await new Promise((r) => second.once('exit', r));
    expect(await dispatchedOf(missed.id)()).toBeLessThan(DEVICES);
    await finish(missed.id); // a third worker: status sent, every device dispatched once, no other record

    const [members] = await t.database.query<{ n: number; devices: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT device_id)::int AS devices FROM journey_members WHERE step_id = $1`,
      [missed.id],
    );
    expect(members).toEqual({ n: DEVICES, devices: DEVICES });
    const waves = await t.database.query('SELECT id FROM message_waves WHERE message_id = $1', [missed.id]);
    expect(waves).toHaveLength(1);
    for (const step of [entry, missed]) {
      const perDevice = requestsPerDevice(step.id);
      expect(perDevice.filter((n) => n === 0)).toHaveLength(0);
      expect(perDevice.every((n) => n <= 2)).toBe(true);
    }
  }, 420_000);
});
