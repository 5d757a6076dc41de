// A broadcast to N devices end to end: Beacon's HTTP API → delivery engine (pg-boss waves and dispatch, FcmClient)
// → the FCM emulator in a child process; versus the raw node:http2 ceiling to the same emulator, with memory samples.
// Run: npm run bench -- delivery [--devices 1000000] [--backend pglite|postgres] [--page-size 1000] [--concurrency 4]
//        [--window 250] [--batch-pages 4] [--sessions 16] [--streams 100] [--rate 600000]
//        [--capacity-rate 6000000] [--phases quota,capacity,template] [--raw-messages 200000]
//        [--timeout-s 1800] [--out delivery]
// The template phase (issue 33 §4) is the capacity broadcast again with personalised content (every device rendered):
// `--phases capacity,template` gives the ratio of the two send rates in one run (target ≥ 0.9).
// The streams phase (issue 34 §3) is the capacity broadcast again with the app's event streams on (every send queued
// as a stream event, posted meanwhile in signed batches to a local HTTPS receiver that verifies them, in a process of
// its own as a receiver would be — src/receiver-process.ts):
// `--phases capacity,streams` gives the send rates' ratio and the events delivered per second in one run.
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { BatchRepository } from '../apps/server/src/delivery/engine/batch.repository';
import { DeliveryEngine } from '../apps/server/src/delivery/engine/engine';
import { EngineRepository } from '../apps/server/src/delivery/engine/engine.repository';
import { deliverySettings } from '../apps/server/src/delivery/engine/runtime';
import { buildFcmMessage } from '../apps/server/src/delivery/engine/payload';
import { FcmAuth } from '../apps/server/src/delivery/fcm-auth';
import { FcmClient } from '../apps/server/src/delivery/fcm-client';
import { allowedTokenEndpoints } from '../apps/server/src/delivery/token-endpoints';
import type { ServiceAccount } from '../apps/server/src/delivery/fcm-types';
import { JOBS, startBoss } from '../apps/server/src/jobs/boss';
import { StatisticsWriter } from '../apps/server/src/modules/statistics';
import { EngineProbe } from './src/engine-probe';
import {
  benchConfig,
  control,
  cpuSeconds,
  here,
  load,
  MemorySampler,
  numArg,
  openStatementsDb,
  topStatementsPerSend,
  round,
  startEmulatorChild,
  strArg,
} from './src/harness';
import { rawCeiling } from './src/raw-h2';
import { runStreamsPhase, type StreamsSummary } from './src/streams-phase';
import { seedDevices } from './src/seed-devices';

const N = numArg('devices', 1_000_000);
const BACKEND = strArg('backend', 'pglite') as 'pglite' | 'postgres';
if (BACKEND !== 'pglite' && BACKEND !== 'postgres') throw new Error('--backend pglite|postgres');
// defaults = what DeliveryRuntime ships with (config.ts's defaults, through runtime.ts deliverySettings)
const SHIPPED = deliverySettings(benchConfig());
const PAGE_SIZE = numArg('page-size', SHIPPED.engine.pageSize);
const CONCURRENCY = numArg('concurrency', SHIPPED.engine.dispatchConcurrency);
const WINDOW = numArg('window', SHIPPED.engine.window);
const BATCH_PAGES = numArg('batch-pages', SHIPPED.engine.batchPages);
const SESSIONS = numArg('sessions', SHIPPED.fcm.sessions);
const STREAMS = numArg('streams', SHIPPED.fcm.streamsPerSession);
const RATE = numArg('rate', SHIPPED.fcm.ratePerMinute);
const CAPACITY_RATE = numArg('capacity-rate', 10 * SHIPPED.fcm.ratePerMinute);
const PHASES = strArg('phases', 'quota,capacity').split(',');
if (
  !PHASES.length ||
  PHASES.some((p) => p !== 'quota' && p !== 'capacity' && p !== 'template' && p !== 'streams')
)
  throw new Error('--phases quota,capacity,template,streams');
const RAW_N = numArg('raw-messages', Math.min(N, 200_000));
const TIMEOUT_MS = numArg('timeout-s', 1800) * 1000;
const OUT = strArg('out', 'delivery');
/**
 * `--phases capacity,streams`: pairs of broadcasts with streams off and on. The first pair is capacity then streams
 * (with the backlog's drain after it); each next one reverses the order of the one before (streams, capacity, then
 * capacity, streams, …), so that neither side always runs first. The ratio is of the summed rates.
 */
const STREAMS_PAIRS = numArg('streams-pairs', 1);
/** PostgreSQL: the top N statements of each phase by server time (pg_stat_statements, reset before each phase); 0 off */
const PG_STATEMENTS = numArg('pg-statements', 0);
const PROJECT = 'bench-delivery';
const PKG = 'com.example.bench';
const log = {
  info: () => undefined,
  warn: (o: object, m?: string) => console.warn('warn', m, o),
  error: (o: object, m?: string) => console.error('error', m, o),
};
const PLAIN = {
  noti_type: 1,
  noti_title: 'Weekend sale: 50% off everything',
  noti_desc: 'Only until Sunday night. Tap to see the deals picked for you.',
  noti_small_icon: '/files/icon.png',
  noti_ex_type: 1,
  noti_open_type: 1,
  noti_open_content: 'shop://promo/weekend',
};
/** PLAIN personalised: the same lengths, with the device's fields and a default (what a real campaign does) */
const TEMPLATED = {
  ...PLAIN,
  noti_title: 'Hi {{ user.id | default: "there" }}, {{ device.country }} sale: 50% off',
  noti_desc:
    'Only until Sunday night on your {{ device.brand | capitalize }} {{ device.model }}. Tap to see.',
  noti_open_content: 'shop://promo/{{ device.country | downcase }}?v={{ device.app_version }}',
};
const say = (s: string): void =>
  console.log(`[${new Date().toISOString().slice(11, 19)} load ${load().toFixed(1)}] ${s}`);

async function main(): Promise<void> {
  const { child, urls } = await startEmulatorChild();
  const statements = BACKEND === 'postgres' && PG_STATEMENTS > 0;
  const db = await openStatementsDb(BACKEND, Math.max(10, CONCURRENCY + 8), statements);
  const cleanup: Array<() => Promise<unknown>> = [];
  try {
    const ctl = urls.http1Url;
    // the key's token_uri is on FCM_BASE_URL's origin, the one origin besides Google's that a key may name
    const sa = await control<ServiceAccount>(ctl, 'POST', `/projects/${PROJECT}/serviceAccounts`, {
      tokenUri: `${urls.h2cUrl}/token`,
    });
    await control(ctl, 'PUT', `/projects/${PROJECT}/quota`, {
      perMinute: 1e9,
      perDevicePerMinute: 1e6,
      perDevicePerHour: 1e7,
    });
    const config = benchConfig({
      PUBLIC_URL: 'http://beacon.bench',
      FCM_BASE_URL: urls.h2cUrl,
      ...(db.url ? { DATABASE_URL: db.url } : {}),
    });
    const built = await buildApp({
      config,
      database: db.database,
      logger: false,
      mailer: { send: async () => undefined },
      runWorkers: false,
    });
    cleanup.push(() => built.app.close());
    await built.services.users.upsertAdmin('owner@bench.test', 'Owner#2024', 150);
    const user = (await built.repos.users.findByEmail('owner@bench.test'))!;
    const { app } = await built.services.apps.create({
      title: 'Bench',
      pkg: PKG,
      owner: { userId: user.id, email: user.email },
      serviceAccount: {
        json: JSON.stringify(sa),
        projectId: sa.project_id,
        clientEmail: sa.client_email,
        fileName: 'sa.json',
      },
    });

    // seeding: set-based SQL, not the SDK's register endpoint (1M HTTP registrations would dominate the run)
    let t = performance.now();
    const { minId } = await seedDevices(db.database, app.id, N, { allSendable: true }, 250_000, (done) =>
      say(`devices ${done}/${N}`),
    );
    const seedDevicesS = (performance.now() - t) / 1000;
    t = performance.now();
    const rawTokens: string[] = [];
    for (let done = 0; done < N;) {
      const count = Math.min(50_000, N - done);
      const { tokens } = await control<{ tokens: string[] }>(
        ctl,
        'POST',
        `/projects/${PROJECT}/devices:batchCreate`,
        { count, packageName: PKG },
      );
      await db.database.query(
        'INSERT INTO device_tokens (device_id, token) SELECT $1::bigint + k - 1, token FROM unnest($2::text[]) WITH ORDINALITY AS t(token, k)',
        [minId + done, tokens],
      );
      for (let k = 0; k < tokens.length && rawTokens.length < RAW_N; k++) rawTokens.push(tokens[k]!);
      done += count;
      if (done % 250_000 === 0 || done === N) say(`tokens ${done}/${N}`);
    }
    const seedTokensS = (performance.now() - t) / 1000;
    if (db.database.kind === 'postgres') await db.database.query('ANALYZE devices; ANALYZE device_tokens');

    await built.app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`;
    const login = await fetch(`${base}/tcm/v1/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@bench.test', password: 'Owner#2024' }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const boss = await startBoss(
      db.database,
      db.url,
      (err) => log.error({ err }, 'job queue error'),
      config.delivery,
    );
    cleanup.push(() => boss.stop({ graceful: false, timeout: 2000 }).catch(() => undefined));

    /**
     * One broadcast to every device: a fresh FcmClient (this phase's per-project quota) and DeliveryEngine with the
     * run's knobs (defaults = DeliveryRuntime's), the message created through msg/save, timed until status 1.
     */
    const broadcast = async (
      phase: string,
      ratePerMinute: number,
      content: Record<string, unknown> = PLAIN,
    ) => {
      const client = new FcmClient({
        baseUrl: urls.h2cUrl,
        sessions: SESSIONS,
        streamsPerSession: STREAMS,
        ratePerMinute,
        h2BindFastPath: config.fcm.h2BindFastPath,
        logger: log,
      });
      const repo = new EngineRepository(db.database);
      const batches = new BatchRepository(db.database, new StatisticsWriter(db.database));
      const probe = new EngineProbe();
      probe.instrumentRepo(repo, batches);
      const engine = new DeliveryEngine({
        repo,
        batches,
        boss,
        client,
        box: built.box,
        publicUrl: config.publicUrl,
        log,
        settings: {
          pageSize: PAGE_SIZE,
          dispatchConcurrency: CONCURRENCY,
          window: WINDOW,
          batchPages: BATCH_PAGES,
        },
      });
      probe.instrumentEngine(engine);
      await engine.start();
      let dispatched = 0;
      const sampler = new MemorySampler(() => dispatched / N);
      sampler.start();
      const cpu0 = process.cpuUsage();
      const emu0 = cpuSeconds(child.pid!);
      const db0 = db.serverCpu();
      if (statements) await db.database.query('SELECT pg_stat_statements_reset()');
      // the app's own FCM quota (issue 31 §3: one budget per Firebase project, shared by every sender, an app
      // setting): without it the capacity phase ran at the default 600,000/min whatever the client's rate
      await db.database.query('UPDATE apps SET fcm_quota_per_min = $2 WHERE id = $1', [
        app.id,
        ratePerMinute,
      ]);
      const t0 = performance.now();
      const saved = await fetch(`${base}/tcm/v1/app/${app.id}/msg/save`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({
          msgType: 1,
          title: `Weekend sale (${phase})`,
          // the same content again (the streams' pairs): a twin the operator meant
          forceCreate: true,
          pushCount: N,
          targetingType: 0,
          scheduleType: 1,
          data: content,
        }),
      }).then((r) => r.json() as Promise<{ status: number; data: { id: number } }>);
      if (saved.status !== 200) throw new Error(`msg/save: ${JSON.stringify(saved)}`);
      const saveMs = performance.now() - t0;
      const id = saved.data.id;
      say(
        `[${phase}, quota ${ratePerMinute}/min] message ${id} saved in ${Math.round(saveMs)} ms (audience count + wave planning)`,
      );
      let status = 0;
      let waveDoneMs = 0;
      let lastLog = 0;
      const progress: Array<{ s: number; dispatched: number; selected: number }> = [];
      while (status !== 1 && performance.now() - t0 < TIMEOUT_MS) {
        await new Promise((r) => setTimeout(r, 500));
        const [m] = await db.database.query<{
          status: number;
          dispatched: number;
          selected: number;
          open: number;
        }>(
          'SELECT status, dispatch_count AS dispatched, selected_count AS selected, (SELECT count(*)::int FROM message_waves WHERE message_id = $1 AND status IN (0, 1)) AS open FROM messages WHERE id = $1',
          [id],
        );
        if (!m) throw new Error('message vanished');
        status = m.status;
        dispatched = m.dispatched;
        const s = (performance.now() - t0) / 1000;
        if (!waveDoneMs && m.open === 0) waveDoneMs = performance.now() - t0;
        if (s - lastLog >= 10) {
          lastLog = s;
          progress.push({ s: round(s, 1), dispatched, selected: m.selected });
          say(
            `[${phase}] ${dispatched}/${N} dispatched, ${m.selected} selected, ${Math.round(dispatched / s)}/s`,
          );
        }
      }
      const totalMs = performance.now() - t0;
      const cpu = process.cpuUsage(cpu0);
      const emuCpuS = cpuSeconds(child.pid!) - emu0;
      const dbCpuS = db.serverCpu() - db0;
      const topStatements = statements
        ? await topStatementsPerSend(db.database, PG_STATEMENTS, dispatched)
        : undefined;
      sampler.stop();
      const timedOut = status !== 1;
      const enginePerSec = Math.round((dispatched / totalMs) * 1000);
      const dispatchWallMs = probe.lastDispatchEndAt - probe.firstDispatchAt;
      const dispatchJobMs = probe.stages.get('job.dispatch')?.ms ?? 0;
      const loadDuring = load();
      say(
        `[${phase}] engine: ${dispatched}/${N} in ${round(totalMs / 1000, 1)} s = ${enginePerSec}/s${timedOut ? ' (TIMED OUT)' : ''}`,
      );
      await engine.drain();
      await boss.offWork(JOBS.wave.name);
      await boss.offWork(JOBS.dispatch.name);
      await client.close();
      return {
        messageId: id,
        ratePerMinute,
        timedOut,
        dispatched,
        status,
        saveMs: Math.round(saveMs),
        waveDoneS: round(waveDoneMs / 1000, 1),
        totalS: round(totalMs / 1000, 1),
        enginePerSec,
        cpu: {
          benchCores: round((cpu.user + cpu.system) / 1e3 / totalMs),
          emulatorCores: round((emuCpuS * 1000) / totalMs),
          dbServerCores: round((dbCpuS * 1000) / totalMs),
          benchCpuUsPerMsg: Math.round((cpu.user + cpu.system) / Math.max(1, dispatched)),
          dbServerCpuUsPerMsg: Math.round((dbCpuS * 1e6) / Math.max(1, dispatched)),
          emulatorCpuUsPerMsg: Math.round((emuCpuS * 1e6) / Math.max(1, dispatched)),
        },
        dispatchWorkers: {
          utilisation: round(dispatchJobMs / Math.max(1, CONCURRENCY * dispatchWallMs)),
          maxActive: probe.maxActiveDispatch,
        },
        stages: probe.table(),
        ...(topStatements ? { topStatements } : {}),
        memory: sampler.summary(),
        progress,
        loadAverage: { duringEngine: loadDuring },
      };
    };

    // quota: the shipped per-project bucket (FCM's default 600,000/min) — the engine should hold it, not exceed it;
    // capacity: the same broadcast again for a project whose quota was raised — what the engine itself can push
    const phases: Record<string, Awaited<ReturnType<typeof broadcast>>> = {};
    if (PHASES.includes('quota')) phases.quota = await broadcast('quota', RATE);
    if (PHASES.includes('capacity')) phases.capacity = await broadcast('capacity', CAPACITY_RATE);
    // the same broadcast with templates in its title, text and link: rendered per device (issue 33 §4)
    if (PHASES.includes('template')) phases.template = await broadcast('template', CAPACITY_RATE, TEMPLATED);
    // the same broadcast with the app's event streams on, delivered meanwhile to a local HTTPS receiver
    let streams: StreamsSummary | undefined;
    if (PHASES.includes('streams')) {
      const run = await runStreamsPhase({
        database: db.database,
        appId: app.id,
        box: built.box,
        broadcast: (phase) => broadcast(phase, CAPACITY_RATE),
        capacity: phases.capacity,
        pairs: STREAMS_PAIRS,
        timeoutMs: TIMEOUT_MS,
        onError: (err) => log.error({ err }, 'stream delivery'),
      });
      phases.streams = run.phase;
      streams = run.summary;
      say(`[streams] ${JSON.stringify(streams)} (load ${load()})`);
    }
    const templateRatio =
      phases.template && phases.capacity
        ? round(phases.template.enginePerSec / phases.capacity.enginePerSec, 3)
        : undefined;
    const last = phases.capacity ?? phases.quota ?? phases.template!;

    // raw ceiling: the same request bodies (the engine's payload for this message) to the same emulator child
    const msg = (await new EngineRepository(db.database).message(last.messageId))!;
    const payload = {
      id: last.messageId,
      msgType: msg.msgType,
      pkg: msg.pkg,
      ttlSeconds: msg.ttlSeconds,
      createdAt: msg.createdAt,
      data: msg.data,
      multiLangEnable: false,
      multiLangContent: [],
      publicUrl: config.publicUrl,
    };
    const tokenEndpoints = allowedTokenEndpoints({ fcmBaseUrl: urls.h2cUrl, publicUrl: '' });
    const bearer = await new FcmAuth({ tokenEndpoints }).get({ appId: 'raw', serviceAccount: sa });
    if (typeof bearer !== 'string') throw new Error(`token: ${JSON.stringify(bearer)}`);
    const body = (i: number): string =>
      `{"message":${JSON.stringify(buildFcmMessage(payload, rawTokens[i % rawTokens.length]!, 'en'))}}`;
    // the CPU of the raw loop's own process and of the emulator for it, as the phases measure Beacon's
    const { best: raw, rounds: raws } = await rawCeiling({
      origin: urls.h2cUrl,
      path: `/v1/projects/${PROJECT}/messages:send`,
      bearer,
      count: RAW_N,
      sessions: SESSIONS,
      streams: STREAMS,
      body,
      rounds: 2,
      serverCpuSeconds: () => cpuSeconds(child.pid!),
      say,
    });
    const emuStats = await fetch(`${ctl}/emulator/v1/stats`).then((r) => r.json());
    const ratio = round(last.enginePerSec / raw.perSec, 3);
    // the sending host's share (issue 31 §8: on this 2-core machine Beacon, PostgreSQL and the emulator share the
    // cores; with PostgreSQL and FCM on other hosts, what carries over is the CPU a send costs the sending process):
    // the raw loop's client CPU per message over Beacon's process's, each measured in this run
    const senderCpuRatio = round(raw.cpu.clientCpuUsPerMsg / Math.max(1, last.cpu.benchCpuUsPerMsg), 3);
    const quotaPerSec = RATE / 60;
    const result = {
      date: new Date().toISOString(),
      backend: BACKEND,
      devices: N,
      knobs: {
        pageSize: PAGE_SIZE,
        dispatchConcurrency: CONCURRENCY,
        window: WINDOW,
        batchPages: BATCH_PAGES,
        sessions: SESSIONS,
        streams: STREAMS,
        ratePerMinute: RATE,
        capacityRatePerMinute: CAPACITY_RATE,
      },
      seeding: {
        method:
          'set-based SQL (generate_series for devices, unnest of emulator batchCreate tokens), not the SDK register endpoint',
        devicesS: round(seedDevicesS, 1),
        tokensS: round(seedTokensS, 1),
      },
      enginePerSec: last.enginePerSec,
      raw: {
        messages: RAW_N,
        perSec: raw.perSec,
        ok: raw.ok,
        rounds: raws.map((x) => x.perSec),
        cpu: raw.cpu,
      },
      ratio,
      senderCpuRatio,
      ...(templateRatio === undefined ? {} : { templateRatio }),
      ...(streams ? { streams } : {}),
      targets: {
        ...(templateRatio === undefined ? {} : { template90: templateRatio >= 0.9 }),
        perSec10k: last.enginePerSec >= 10_000,
        ratio70: ratio >= 0.7,
        ...(phases.quota
          ? {
              quotaHeld:
                phases.quota.enginePerSec >= 0.97 * quotaPerSec &&
                phases.quota.enginePerSec <= 1.02 * quotaPerSec,
            }
          : {}),
      },
      phases,
      emulatorStats: emuStats,
      loadAverage: { end: load(), cpus: os.cpus().length },
      node: process.version,
      execArgv: process.execArgv.filter((a) => !a.includes('tsx')),
    };
    console.log(
      JSON.stringify(
        {
          phases: Object.fromEntries(
            Object.entries(phases).map(([k, v]) => [
              k,
              { enginePerSec: v.enginePerSec, cpu: v.cpu, memory: v.memory },
            ]),
          ),
          raw: raw.perSec,
          rawCpu: raw.cpu,
          ratio,
          senderCpuRatio,
          ...(templateRatio === undefined ? {} : { templateRatio }),
          ...(streams ? { streams } : {}),
          targets: result.targets,
        },
        null,
        2,
      ),
    );
    mkdirSync(path.join(here, 'results'), { recursive: true });
    writeFileSync(path.join(here, `results/${OUT}.json`), `${JSON.stringify(result, null, 2)}\n`);
  } finally {
    for (const c of cleanup.reverse()) await c().catch(() => undefined);
    await db.close();
    child.kill();
  }
}

await main();
process.exit(0);
