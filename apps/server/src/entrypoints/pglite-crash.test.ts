import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmulator, type FcmEmulator } from '@beacon/fcm-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import { CLI, serverRoot } from '../test/cli';
import { gaid } from '../test/devices';
import { reconcile, tally } from '../test/faults';
import { NOTIFICATION, ownerAppOnEmulator } from '../test/messaging';
import { freePort } from '../test/pg-server';
import { startTestApp, TEST_SECRET, type TestApp } from '../test/test-app';
import { until } from '../test/until';

// Tier 1's "the process crashes or the machine restarts" (docs/scaling.md, "High availability and recovery"):
// `beacon serve` on PGlite, SIGKILLed in the middle of a broadcast, started again on the same DATA_DIR. PGlite reopens
// what it had written, the sends the dead process left in flight are resolved by the devices' receipts (the emulator
// reports them through the device API, as the SDK does), and every device holds the message exactly once.

const DEVICES = 1_000;
const PROJECT = 'pglite-crash';
const PKG = 'com.example.pglitecrash';

/** A PGlite database in `dataDir` as `beacon serve` opens it (entrypoints/runtime.ts, openConfigured). */
const pgliteAt = (dataDir: string) => ({
  name: 'pglite' as const,
  open: async () => {
    const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    await migrate(database);
    return database;
  },
});

describe('beacon serve on PGlite killed mid-broadcast and started again on its DATA_DIR', () => {
  let emu: FcmEmulator;
  let dataDir: string;
  let port: number;
  let env: Record<string, string>;
  let appId: number;
  let tokens: string[];
  let server: ChildProcess | undefined;
  let out = '';

  const serve = async (): Promise<ChildProcess> => {
    const child = spawn(process.execPath, [...CLI, 'serve'], {
      cwd: serverRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const mark = out.length;
    child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
    // a cold start compiles the sources with tsx and opens PGlite: allow for a loaded machine
    await until(
      'beacon serve running',
      async () => out.slice(mark),
      (o) => o.includes('is running') || child.exitCode !== null,
      90_000,
      200,
    );
    if (child.exitCode !== null)
      throw new Error(`beacon serve exited ${child.exitCode}:\n${out.slice(mark)}`);
    return child;
  };
  const call = async <T>(p: string, body: unknown, cookie = ''): Promise<{ json: T; cookie: string }> => {
    const res = await fetch(`http://127.0.0.1:${port}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    });
    return {
      json: (await res.json()) as T,
      cookie: (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '',
    };
  };
  /** How many requests of message `id` each device got. */
  const perDevice = (id: number) =>
    tokens.map(
      (tok) =>
        emu.inbox(tok).filter((d) => (d.message.data as Record<string, string>).tcm_msg_id === String(id))
          .length,
    );

  beforeAll(async () => {
    // every request takes 25 ms at the emulator, so the kill lands while requests are in flight
    emu = await startEmulator({ tlsPort: null, latencyMs: 25 });
    dataDir = mkdtempSync(path.join(tmpdir(), 'beacon-pglite-crash-'));
    port = await freePort();
    env = {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      FCM_BASE_URL: emu.h2cUrl,
      BEACON_SECRET_KEY: TEST_SECRET,
      PUBLIC_URL: 'http://beacon.test',
      BEACON_DEMO: '0',
      LOG_LEVEL: 'warn',
      BEACON_DISPATCH_EXPIRE_SECONDS: '3',
      BEACON_RECEIPT_WINDOW_SECONDS: '2',
      BEACON_JOB_MAINTENANCE_SECONDS: '1',
    };
    // the app and its devices, written before the server starts (PGlite has one process at a time)
    const setup: TestApp = await startTestApp(pgliteAt(dataDir), env);
    try {
      const { app, appSecret } = await ownerAppOnEmulator(setup, emu, {
        title: 'Crash',
        pkg: PKG,
        projectId: PROJECT,
      });
      appId = app.id;
      tokens = Array.from({ length: DEVICES }, () =>
        emu.registerDevice({ projectId: PROJECT, packageName: PKG }),
      );
      await setup.database.query(
        `WITH d AS (
           INSERT INTO devices (app_id, gaid, country, language, brand, model, os_version, app_version, app_version_code, timezone, utc_offset_min, notifications_enabled)
           SELECT $1, ('00000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid, 'NG', 'en', 'TECNO', 'SPARK 10', 33, '3.1.0', 310, 'Africa/Lagos', 60, true
           FROM generate_series(0, $2 - 1) g RETURNING id, gaid
         ) INSERT INTO device_tokens (device_id, token)
           SELECT d.id, (ARRAY(SELECT unnest($3::text[])))[(right(d.gaid::text, 12))::int + 1] FROM d`,
        [appId, DEVICES, tokens],
      );
      // the project's FCM quota paces the send at 200 a second: it lasts seconds, so the kill lands in it
      await setup.database.query('UPDATE apps SET fcm_quota_per_min = 12000 WHERE id = $1', [appId]);
      // every device reports `received` through the device API of the server on `port` (across its restart)
      const receipts = await fetch(`${emu.http1Url}/emulator/v1/projects/${PROJECT}/receipts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          apiBaseUrl: `http://127.0.0.1:${port}`,
          appKey: app.appKey,
          appSecret,
          devices: Object.fromEntries(tokens.map((tok, i) => [tok, gaid(i)])),
        }),
      });
      expect(receipts.status).toBe(200);
    } finally {
      await setup.close();
    }
  }, 120_000);
  afterAll(async () => {
    if (server && server.exitCode === null) server.kill('SIGKILL');
    await emu?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('reopens its database, resolves what was in flight by the receipts, and sends every device exactly once', async () => {
    server = await serve();
    const { cookie } = await call('/tcm/v1/user/login', {
      email: 'owner@example.com',
      password: 'Owner#2024',
    });
    const { json: saved } = await call<{ status: number; data: { id: number } }>(
      `/tcm/v1/app/${appId}/msg/save`,
      {
        msgType: 1,
        title: 'Crash on PGlite',
        pushCount: DEVICES,
        targetingType: 0,
        scheduleType: 1,
        data: NOTIFICATION,
      },
      cookie,
    );
    expect(saved.status).toBe(200);
    const id = saved.data.id;
    await until(
      'a fifth of the devices sent',
      async () => perDevice(id).filter((n) => n > 0).length,
      (n) => n >= DEVICES / 5,
      60_000,
      50,
    );
    server.kill('SIGKILL');
    await new Promise((r) => server!.once('exit', r));
    const atKill = perDevice(id).filter((n) => n > 0).length;
    expect(atKill).toBeLessThan(DEVICES);

    server = await serve();
    const { cookie: again } = await call('/tcm/v1/user/login', {
      email: 'owner@example.com',
      password: 'Owner#2024',
    });
    const detail = await until(
      'the message sent',
      async () =>
        (await call<{ data?: { status: number } }>(`/tcm/v1/app/${appId}/msg/detail`, { id }, again)).json
          .data,
      (d) => d?.status === 1,
      120_000,
      250,
    ).catch((err: Error) => {
      throw new Error(`${err.message}\n${out.slice(-4000)}`);
    });
    expect(detail?.status).toBe(1);
    expect(tally(perDevice(id))).toEqual({ 1: DEVICES });

    // stopped, its database read here: one record per device, the counts reconcile
    const exited = new Promise((r) => server!.once('exit', r));
    server.kill('SIGTERM');
    await exited;
    const after = await startTestApp(pgliteAt(dataDir), env);
    try {
      const { dispatched } = await reconcile({ t: after }, id, DEVICES);
      expect(dispatched).toBe(DEVICES);
    } finally {
      await after.close();
    }
    console.log(
      `PGlite crash: ${atKill} devices sent at the kill, all ${DEVICES} exactly once after the restart`,
    );
  }, 300_000);
});
