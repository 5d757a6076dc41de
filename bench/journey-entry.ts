// Journeys started by an event (issue 33 §5, docs/journeys.md "Entry on an event"): the delay between an event's
// acceptance and its device's entry, at a steady custom-event ingest rate, in one run. An app with --devices devices
// (set-based seed), an event journey on `add_to_cart` (re-entry "every time", so nearly every event enters), confirmed
// through the HTTP API; then --seconds of `POST /sdk/v1/track` calls as fast as the server answers them, from --workers
// load threads of --in-flight keep-alive connections each, each call one `add_to_cart` (listened) and one `view` (the
// journey's exit event). The delay is read from the
// database afterwards, on its clock: entered_at − accepted_at (the flush that stored the event → the entry's commit),
// and entered_at − the event's `at` (the client's clock when it sent the call; same machine).
// Run: npm run bench -- journey-entry [--backend pglite|postgres] [--devices 50000] [--seconds 10] [--warmup-s 2]
//      [--workers 2] [--in-flight 32] [--out journey-entry]
import { writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { benchConfig, here, load, numArg, openBenchDb, percentile, round, strArg } from './src/harness';
import { runLoad } from './src/http-load';
import { seedDevices } from './src/seed-devices';
import { prng } from './src/stat-simulation';

const BACKEND = strArg('backend', 'pglite') as 'pglite' | 'postgres';
const N = numArg('devices', 50_000);
const SECONDS = numArg('seconds', 10);
const WARMUP_S = numArg('warmup-s', 2);
const WORKERS = numArg('workers', 2);
const IN_FLIGHT = numArg('in-flight', 32);
const OUT = strArg('out', 'journey-entry');
const say = (s: string): void =>
  console.log(`[${new Date().toISOString().slice(11, 19)} load ${load().toFixed(1)}] ${s}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main(): Promise<void> {
  const loadStart = load();
  const db = await openBenchDb(BACKEND, 12);
  try {
    const built = await buildApp({
      config: benchConfig({ PUBLIC_URL: 'http://beacon.bench', ...(db.url ? { DATABASE_URL: db.url } : {}) }),
      database: db.database,
      logger: false,
      mailer: { send: async () => undefined },
      runWorkers: true,
    });
    try {
      await built.services.users.upsertAdmin('owner@bench.test', 'Owner#2024', 150);
      const user = (await built.repos.users.findByEmail('owner@bench.test'))!;
      const { app, appSecret } = await built.services.apps.create({
        title: 'Bench',
        pkg: 'com.example.bench',
        owner: { userId: user.id, email: user.email },
      });
      await seedDevices(db.database, app.id, N, { allSendable: true });
      const gaids = (
        await db.database.query<{ gaid: string }>(
          'SELECT gaid::text AS gaid FROM devices WHERE app_id = $1',
          [app.id],
        )
      ).map((r) => r.gaid);
      await built.app.listen({ host: '127.0.0.1', port: 0 });
      const base = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`;
      const sdk = `Basic ${Buffer.from(`${app.appKey}:${appSecret}`).toString('base64')}`;
      const track = (g: string, events: unknown[]) =>
        fetch(`${base}/sdk/v1/track`, {
          method: 'POST',
          headers: { authorization: sdk, 'content-type': 'application/json' },
          body: JSON.stringify({ gaid: g, events }),
        }).then((r) => r.json() as Promise<{ status: number }>);
      // the names and their property types, fixed by a first event
      await track(gaids[0]!, [{ name: 'add_to_cart', properties: { price: 1 } }, { name: 'view' }]);

      const login = await fetch(`${base}/tcm/v1/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'owner@bench.test', password: 'Owner#2024' }),
      });
      const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
      const api = async (method: string, p: string, body?: unknown) =>
        (await (
          await fetch(`${base}/tcm/v1/app/${app.id}${p}`, {
            method,
            headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
            body: body === undefined ? null : JSON.stringify(body),
          })
        ).json()) as { status: number; data: { id: number; status: number } };
      const saved = await api('POST', '/msg/flow/canvas/save', {
        title: 'Cart',
        targetingType: 0,
        scheduleType: 1,
        childMsgs: [
          {
            groupTag: 'Start',
            msgType: 1,
            data: {
              noti_type: 1,
              noti_title: 'Your cart',
              noti_desc: 'Still there',
              noti_small_icon: '/files/icon.png',
              noti_ex_type: 1,
              noti_open_type: 1,
              noti_open_content: 'app://cart',
            },
          },
        ],
        entry: {
          kind: 'event',
          name: 'add_to_cart',
          properties: [{ key: 'price', op: 'gt', value: 0 }],
          reEntry: { kind: 'every', perDay: 100 },
          exitName: 'view',
        },
      });
      if (saved.status !== 200) throw new Error(`save: ${JSON.stringify(saved)}`);
      const id = saved.data.id;
      for (let i = 0; ; i++) {
        const d = await api('GET', `/msg/flow/canvas/${id}/detail`);
        if (d.data.status === 18) break;
        if (i > 600) throw new Error(`estimate: ${JSON.stringify(d)}`);
        await sleep(100);
      }
      const ok = await api('POST', `/msg/flow/canvas/${id}/approve`);
      if (ok.data?.status !== 4) throw new Error(`approve: ${JSON.stringify(ok)}`);
      say(
        `journey ${id} live; ${N} devices; track calls for ${SECONDS} s (${WORKERS} threads × ${IN_FLIGHT} connections)`,
      );

      // the load: worker threads (a generator that is not the server's own thread), each --in-flight keep-alive
      // connections calling as fast as the server answers — the track path's sustained rate, as the ingest bench
      // measures the device API's; the server and its workers (the journey feed) run in this process, as npm start
      const budget = Math.ceil((SECONDS + WARMUP_S + 1) * 20_000);
      const rand = prng(33);
      const picks = Array.from({ length: budget }, () => gaids[Math.floor(rand() * gaids.length)]!);
      const port = (built.app.server.address() as AddressInfo).port;
      const r = await runLoad({
        port,
        path: '/sdk/v1/track',
        kind: 'track',
        authorization: sdk,
        workers: WORKERS,
        inFlight: IN_FLIGHT,
        client: 'raw',
        warmupMs: WARMUP_S * 1000,
        durationMs: SECONDS * 1000,
        calls: {
          gaids: picks,
          msgIds: new Array<number>(budget).fill(0),
          nEvents: new Array<number>(budget).fill(0),
        },
      });
      say(
        `track: ${r.callsPerSec} calls/s (${r.errors} errors${r.firstError ? `, first: ${r.firstError}` : ''})`,
      );
      for (let i = 0; i < 600; i++) {
        const [r] = await db.database.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM journey_event_pending',
        );
        if (r!.n === 0) break;
        await sleep(100);
      }
      const rows = await db.database.query<{ flush: number; call: number }>(
        `SELECT extract(epoch FROM entered_at - accepted_at)::float8 * 1000 AS flush,
                extract(epoch FROM entered_at - event_at)::float8 * 1000 AS call
         FROM journey_entries WHERE journey_id = $1`,
        [id],
      );
      const flush = rows.map((r) => r.flush);
      const call = rows.map((r) => r.call);
      const result = {
        date: new Date().toISOString(),
        backend: BACKEND,
        node: process.version,
        cpus: os.cpus().length,
        knobs: { devices: N, seconds: SECONDS, warmupS: WARMUP_S, workers: WORKERS, inFlight: IN_FLIGHT },
        callsPerSec: r.callsPerSec,
        eventsPerSec: 2 * r.callsPerSec,
        errors: r.errors,
        entries: rows.length,
        callLatencyMs: r.latencyMs,
        flushToEntryMs: {
          p50: round(percentile(flush, 50), 1),
          p95: round(percentile(flush, 95), 1),
          max: round(Math.max(...flush), 1),
        },
        callToEntryMs: {
          p50: round(percentile(call, 50), 1),
          p95: round(percentile(call, 95), 1),
          max: round(Math.max(...call), 1),
        },
        loadAverage: { start: loadStart, end: load() },
      };
      console.log(JSON.stringify(result, null, 2));
      writeFileSync(path.join(here, 'results', `${OUT}.json`), `${JSON.stringify(result, null, 2)}\n`);
    } finally {
      await built.app.close();
    }
  } finally {
    await db.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
