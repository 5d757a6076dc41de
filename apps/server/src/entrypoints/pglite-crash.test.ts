import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmulator, type FcmEmulator } from '@beacon/fcm-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import { gaid, seedDevicesAt } from '../test/devices';
import { receivedPerDevice, reconcile, tally, Worker } from '../test/faults';
import { NOTIFICATION, ownerAppOnEmulator } from '../test/messaging';
import { freePort } from '../test/pg-server';
import { startTestApp, type TestApp } from '../test/test-app';
import { until } from '../test/until';

// Tier 1's "the process crashes or the machine restarts" (docs/scaling.md, "High availability and recovery"):
// `beacon serve` on PGlite, SIGKILLed in the middle of a broadcast, started again on the same DATA_DIR. PGlite reopens
// what it had written, the sends the dead process left in flight are resolved by the devices' receipts (the emulator
// reports them through the device API, as the SDK does), and every device holds the message exactly once.

const DEVICES = 1_000;
const PROJECT = 'pglite-crash';
const PKG = 'com.example.pglitecrash';
/** The devices' gaids: gaid(1) onwards (seedDevicesAt numbers them from 1). */
const GAID_PREFIX = '00000000';

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
  let setup: TestApp;
  let server: Worker | undefined;

  /** `beacon serve` on the folder (test/faults.ts Worker: the emulator, the secret, short leases), once it answers. */
  const serve = async (): Promise<Worker> => {
    const w = new Worker({ t: setup, emu }, env, ['serve']);
    // a cold start compiles the sources with tsx and opens PGlite: allow for a loaded machine
    await until(
      'beacon serve running',
      async () => w.out,
      (o) => o.includes('is running') || !w.running,
      90_000,
      200,
    );
    if (!w.running) throw new Error(`beacon serve exited:\n${w.out}`);
    return w;
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
  beforeAll(async () => {
    // every request takes 25 ms at the emulator, so the kill lands while requests are in flight
    emu = await startEmulator({ tlsPort: null, latencyMs: 25 });
    dataDir = mkdtempSync(path.join(tmpdir(), 'beacon-pglite-crash-'));
    port = await freePort();
    env = { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' };
    // the app and its devices, written before the server starts (PGlite has one process at a time)
    setup = await startTestApp(pgliteAt(dataDir), { ...env, FCM_BASE_URL: emu.h2cUrl });
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
      await seedDevicesAt(
        setup,
        appId,
        tokens.map(() => ({ country: 'NG', timezone: 'Africa/Lagos', utcOffsetMin: 60 })),
        tokens,
        GAID_PREFIX,
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
          devices: Object.fromEntries(tokens.map((tok, i) => [tok, gaid(i + 1)])),
        }),
      });
      expect(receipts.status).toBe(200);
    } finally {
      await setup.close();
    }
  }, 120_000);
  afterAll(async () => {
    await server?.stop('SIGKILL');
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
      async () => receivedPerDevice({ tokens, emu }, id).filter((n) => n > 0).length,
      (n) => n >= DEVICES / 5,
      60_000,
      50,
    );
    await server.stop('SIGKILL');
    const atKill = receivedPerDevice({ tokens, emu }, id).filter((n) => n > 0).length;
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
      throw new Error(`${err.message}\n${server?.out.slice(-4000)}`);
    });
    expect(detail?.status).toBe(1);
    expect(tally(receivedPerDevice({ tokens, emu }, id))).toEqual({ 1: DEVICES });

    // stopped, its database read here: one record per device, the counts reconcile
    await server.stop('SIGTERM');
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
