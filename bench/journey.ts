// A journey of 3 steps end to end (issue 15, docs/journeys.md): saved, estimated and confirmed through the HTTP API,
// its entry step sent by the engine running inside the app (runWorkers) to N devices through the FCM emulator child,
// the devices' answers scripted in SQL, then each follow-up step's transition (audience from the source's send records
// and events, members written, wave planned) and delivery timed.
// Run: npm run bench -- journey [--devices 1000000] [--backend postgres|pglite] [--timeout-s 1800] [--out journey]
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { EVENT_BITS, type JourneySaveInput, type JourneyStepInput } from '@beacon/shared';
import { buildApp } from '../apps/server/src/app';
import type { Database } from '../apps/server/src/db/client';
import { SendOutcome } from '../apps/server/src/delivery/engine';
import { deliverySettings } from '../apps/server/src/delivery/engine/runtime';
import type { ServiceAccount } from '../apps/server/src/delivery/fcm-types';
import {
  benchConfig,
  control,
  here,
  load,
  numArg,
  openBenchDb,
  round,
  startEmulatorChild,
  strArg,
} from './src/harness';
import { seedDevices } from './src/seed-devices';

const N = numArg('devices', 1_000_000);
const BACKEND = strArg('backend', 'postgres') as 'pglite' | 'postgres';
if (BACKEND !== 'pglite' && BACKEND !== 'postgres') throw new Error('--backend pglite|postgres');
const TIMEOUT_MS = numArg('timeout-s', 1800) * 1000;
const OUT = strArg('out', 'journey');
/** issue 15: each transition's audience computed in ≤ 10 s */
const TARGET_S = 10;
const PROJECT = 'bench-journey';
const PKG = 'com.example.bench';
const SHIPPED = deliverySettings(benchConfig());
const say = (s: string): void =>
  console.log(`[${new Date().toISOString().slice(11, 19)} load ${load().toFixed(1)}] ${s}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The scripted answers to the entry step, by device_id % 10: 0 clicked, 1–5 shown only, 6–7 received only, 8–9 nothing. */
const CLICKED = EVENT_BITS.received | EVENT_BITS.shown | EVENT_BITS.clicked;
const SHOWN = EVENT_BITS.received | EVENT_BITS.shown;
const ANSWERS_SQL = `UPDATE send_records SET event_mask = CASE
    WHEN device_id % 10 = 0 THEN ${CLICKED}
    WHEN device_id % 10 BETWEEN 1 AND 5 THEN ${SHOWN}
    WHEN device_id % 10 BETWEEN 6 AND 7 THEN ${EVENT_BITS.received}
    ELSE 0 END
  WHERE message_id = $1`;
/** What each follow-up's branch takes (the same predicates as journeys.repository.ts's OUTCOME_SQL). */
const EXPECTED_SQL: Record<'clicked' | 'notShown', string> = {
  clicked: `event_mask & ${EVENT_BITS.clicked} <> 0`,
  notShown: `event_mask & ${EVENT_BITS.shown | EVENT_BITS.clicked} = 0`,
};

interface StepRow {
  status: number;
  dispatched: number;
  targeted: number;
  /** epoch seconds (database clock) */
  startedAt: number | null;
  finishedAt: number | null;
  enteredAt: number | null;
}

async function stepRow(database: Database, id: number): Promise<StepRow> {
  const [r] = await database.query<StepRow>(
    `SELECT status, dispatch_count AS dispatched, target_count AS targeted,
       extract(epoch FROM started_at)::float8 AS "startedAt", extract(epoch FROM finished_at)::float8 AS "finishedAt",
       extract(epoch FROM journey_entered_at)::float8 AS "enteredAt"
     FROM messages WHERE id = $1`,
    [id],
  );
  if (!r) throw new Error(`message ${id} vanished`);
  return r;
}

/** A sent step's delivery: dispatched over its engine time (finished_at − started_at). */
function delivery(r: StepRow): { dispatched: number; seconds: number; perSec: number } {
  const seconds = (r.finishedAt ?? 0) - (r.startedAt ?? 0);
  return {
    dispatched: r.dispatched,
    seconds: round(seconds, 2),
    perSec: seconds > 0 ? Math.round(r.dispatched / seconds) : 0,
  };
}

async function main(): Promise<void> {
  const loadStart = load();
  const { child, urls } = await startEmulatorChild();
  const db = await openBenchDb(BACKEND, Math.max(10, SHIPPED.engine.dispatchConcurrency + 8));
  const cleanup: Array<() => Promise<unknown>> = [];
  const failures: string[] = [];
  const warnings: string[] = [];
  try {
    const ctl = urls.http1Url;
    const sa = await control<ServiceAccount>(ctl, 'POST', `/projects/${PROJECT}/serviceAccounts`, {
      tokenUri: `${urls.h2cUrl}/token`,
    });
    await control(ctl, 'PUT', `/projects/${PROJECT}/quota`, {
      perMinute: 1e9,
      perDevicePerMinute: 1e6,
      perDevicePerHour: 1e7,
    });
    // the app runs its own delivery workers: the engine (shipped settings), the journey jobs and the sweep (every 1 s)
    const config = benchConfig({
      PUBLIC_URL: 'http://beacon.bench',
      FCM_BASE_URL: urls.h2cUrl,
      BEACON_JOURNEY_SWEEP_SECONDS: '1',
      ...(db.url ? { DATABASE_URL: db.url } : {}),
    });
    const built = await buildApp({
      config,
      database: db.database,
      logger: false,
      mailer: { send: async () => undefined },
      runWorkers: true,
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

    // seeding: set-based SQL, as bench/delivery.ts (1M HTTP registrations would dominate the run)
    let t = performance.now();
    const { minId } = await seedDevices(db.database, app.id, N, { allSendable: true }, 250_000, (done) =>
      say(`devices ${done}/${N}`),
    );
    const seedDevicesS = (performance.now() - t) / 1000;
    t = performance.now();
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
    const api = async <T>(
      method: string,
      p: string,
      body?: unknown,
    ): Promise<{ status: number; data: T }> => {
      const res = await fetch(`${base}/tcm/v1/app/${app.id}${p}`, {
        method,
        headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? null : JSON.stringify(body),
      });
      return (await res.json()) as { status: number; data: T };
    };
    type Detail = {
      status: number;
      error: string;
      targetCount: number;
      childMsgs: Array<{
        groupTag: string;
        msgId: number;
        status: number;
        estimate: number | null;
        dispatchCount: number;
      }>;
    };
    const detail = async (id: number): Promise<Detail> => {
      const r = await api<Detail>('GET', `/msg/flow/canvas/${id}/detail`);
      if (r.status !== 200) throw new Error(`detail: ${JSON.stringify(r)}`);
      return r.data;
    };
    const until = async <T>(
      what: string,
      get: () => Promise<T>,
      done: (x: T) => boolean,
      everyMs: number,
    ) => {
      const t0 = performance.now();
      for (;;) {
        const x = await get();
        if (done(x)) return x;
        if (performance.now() - t0 > TIMEOUT_MS) throw new Error(`timed out waiting for ${what}`);
        await sleep(everyMs);
      }
    };

    // 1. the journey through the HTTP API: save (status 19), its estimate (18), confirm
    const data = {
      noti_type: 1,
      noti_title: 'Weekend sale: 50% off everything',
      noti_desc: 'Only until Sunday night. Tap to see the deals picked for you.',
      noti_small_icon: '/files/icon.png',
      noti_ex_type: 1,
      noti_open_type: 1,
      noti_open_content: 'shop://promo/weekend',
    };
    const step = (
      groupTag: string,
      title: string,
      over: Partial<JourneyStepInput> = {},
    ): JourneyStepInput => ({
      groupTag,
      msgType: 1,
      data: { ...data, noti_title: title },
      ...over,
    });
    const journey: JourneySaveInput = {
      title: 'Weekend sale journey',
      targetingType: 0,
      scheduleType: 1,
      childMsgs: [
        step('Start', 'Weekend sale: 50% off everything'),
        step('Clicked', 'Thanks for looking: your basket is waiting', {
          displayConditions: { from: 'Start', outcome: 'clicked', wait: { unit: 'hours', value: 1 } },
        }),
        step('Missed', 'You missed this: 50% off until Sunday', {
          displayConditions: { from: 'Start', outcome: 'notShown', wait: { unit: 'hours', value: 2 } },
        }),
      ],
    };
    t = performance.now();
    const saved = await api<{ id: number; status: number }>('POST', '/msg/flow/canvas/save', journey);
    if (saved.status !== 200 || saved.data.status !== 19)
      throw new Error(`flow/canvas/save: ${JSON.stringify(saved)}`);
    const id = saved.data.id;
    const counted = await until(
      'the estimate',
      () => detail(id),
      (d) => d.status !== 19,
      100,
    );
    const estimateS = (performance.now() - t) / 1000;
    if (counted.status !== 18) throw new Error(`estimate: status ${counted.status} (${counted.error})`);
    say(
      `journey ${id} estimated in ${round(estimateS, 2)} s: ${counted.childMsgs.map((s) => `${s.groupTag} ${s.estimate ?? '—'}`).join(', ')}`,
    );
    t = performance.now();
    const approved = await api('POST', `/msg/flow/canvas/${id}/approve`);
    if (approved.status !== 200) throw new Error(`approve: ${JSON.stringify(approved)}`);
    let lastLog = 0;
    const started = await until(
      'the entry step sent',
      () => detail(id),
      (d) => {
        const s = (performance.now() - t) / 1000;
        if (s - lastLog >= 10) {
          lastLog = s;
          say(
            `entry: ${d.childMsgs[0]!.dispatchCount}/${N} dispatched, ${Math.round(d.childMsgs[0]!.dispatchCount / s)}/s`,
          );
        }
        return d.childMsgs[0]!.status === 1;
      },
      500,
    );
    const approveToSentS = (performance.now() - t) / 1000;
    const stepId = (tag: string) => started.childMsgs.find((s) => s.groupTag === tag)!.msgId;
    const entryId = stepId('Start');
    const entry = delivery(await stepRow(db.database, entryId));
    say(
      `entry step ${entryId}: ${entry.dispatched} dispatched in ${entry.seconds} s = ${entry.perSec}/s (approve → sent ${round(approveToSentS, 1)} s)`,
    );
    if (entry.dispatched !== N) failures.push(`entry dispatched ${entry.dispatched}, expected ${N}`);

    // 2. the devices' answers, scripted in SQL (seeding, not measured); an hour of autovacuum is stood in for
    t = performance.now();
    await db.database.query(ANSWERS_SQL, [entryId]);
    await db.database.query(
      db.database.kind === 'postgres' ? 'VACUUM ANALYZE send_records' : 'ANALYZE send_records',
    );
    const answersS = (performance.now() - t) / 1000;
    const expected = async (outcome: 'clicked' | 'notShown') => {
      const [r] = await db.database.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM send_record_events
         WHERE message_id = $1 AND outcome = ${SendOutcome.DISPATCHED} AND ${EXPECTED_SQL[outcome]}`,
        [entryId],
      );
      return r?.n ?? 0;
    };
    const expectedClicked = await expected('clicked');
    const expectedMissed = await expected('notShown');
    say(
      `answers scripted in ${round(answersS, 1)} s: ${expectedClicked} clicked, ${expectedMissed} not shown (expected members)`,
    );
    for (const tag of ['Clicked', 'Missed']) {
      const r = await stepRow(db.database, stepId(tag));
      if (r.status !== 2 || r.enteredAt !== null)
        failures.push(`${tag} moved before its wait (status ${r.status}, entered ${r.enteredAt})`);
    }

    // 3. the transitions: age the entry's end so that a follow-up's wait has run, then time it entering and sending
    const transition = async (tag: string, expectedMembers: number, age: string) => {
      const sid = stepId(tag);
      const loadBefore = load();
      const [aged] = await db.database.query<{ t: number }>(
        `UPDATE messages SET finished_at = finished_at - interval '${age}' WHERE id = $1
         RETURNING extract(epoch FROM now())::float8 AS t`,
        [entryId],
      );
      const t0 = performance.now();
      const T = aged!.t;
      say(`[${tag}] entry's end moved back ${age}: waiting for the transition`);
      let visibleS = 0;
      let lastLog = 0;
      const end = await until(
        `${tag} sent`,
        () => stepRow(db.database, sid),
        (r) => {
          const s = (performance.now() - t0) / 1000;
          if (!visibleS && r.enteredAt !== null) {
            visibleS = s;
            say(`[${tag}] entered (committed, seen after ${round(s, 2)} s): ${r.targeted} members`);
          }
          if (s - lastLog >= 10) {
            lastLog = s;
            say(`[${tag}] status ${r.status}, ${r.dispatched}/${r.targeted} dispatched`);
          }
          return r.status === 1;
        },
        100,
      );
      const [m] = await db.database.query<{ n: number; waves: number }>(
        `SELECT (SELECT count(*)::int FROM journey_members WHERE step_id = $1) AS n,
           (SELECT count(*)::int FROM message_waves WHERE message_id = $1) AS waves`,
        [sid],
      );
      const members = m?.n ?? 0;
      // where the members went: send records by outcome and loss, the step's batches, members never dispatched
      const records = await db.database.query<{ outcome: number; loss: number; n: number }>(
        `SELECT outcome, loss_code AS loss, count(*)::int AS n FROM send_records WHERE message_id = $1
         GROUP BY 1, 2 ORDER BY 1, 2`,
        [sid],
      );
      const [b] = await db.database.query<{ n: number; open: number; reserved: number; ranges: number }>(
        `SELECT count(*)::int AS n, count(*) FILTER (WHERE status = 0)::int AS open,
           COALESCE(sum(reserved), 0)::int AS reserved, count(DISTINCT (from_id, to_id))::int AS ranges
         FROM message_batches WHERE message_id = $1`,
        [sid],
      );
      // (after the step is sent, not timed) the step's fresh rows may have no statistics yet: without them the planner
      // can pick a nested loop over all send_records for this anti-join
      for (const table of ['send_records', 'journey_members']) await db.database.query(`ANALYZE ${table}`);
      const [u] = await db.database.transaction(async (tx) => {
        if (db.database.kind === 'postgres') await tx.query('SET LOCAL enable_nestloop = off');
        return tx.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM journey_members jm WHERE jm.step_id = $1 AND NOT EXISTS
             (SELECT 1 FROM send_records sr WHERE sr.message_id = $1 AND sr.device_id = jm.device_id
                AND sr.outcome = ${SendOutcome.DISPATCHED})`,
          [sid],
        );
      });
      const d = delivery(end);
      const transitionS = round((end.startedAt ?? 0) - T, 2);
      const r = {
        step: tag,
        messageId: sid,
        expectedMembers,
        members,
        targeted: end.targeted,
        waves: m?.waves ?? 0,
        /** the step's send records by outcome (1 dispatched, 2 lost) and loss code */
        sendRecords: records.map((x) => ({ outcome: x.outcome, lossCode: x.loss, count: x.n })),
        batches: { count: b?.n ?? 0, open: b?.open ?? 0, ranges: b?.ranges ?? 0, reserved: b?.reserved ?? 0 },
        /** members with no dispatched send record of the step */
        membersNotDispatched: u?.n ?? 0,
        /** step's started_at − T: sweep latency + members INSERT + wave planning + the wave job's pickup */
        transitionS,
        /** journey_entered_at (its transaction's start) − T: mostly the sweep's latency */
        enterStartS: round((end.enteredAt ?? 0) - T, 2),
        /** when the bench's 100 ms poll first saw the committed members */
        enteredVisibleS: round(visibleS, 2),
        ...d,
        ratioToEntry: entry.perSec > 0 ? round(d.perSec / entry.perSec, 3) : 0,
        targetS: TARGET_S,
        met: transitionS <= TARGET_S && members === expectedMembers,
        loadAverage: { before: loadBefore, after: load() },
      };
      if (members !== expectedMembers)
        failures.push(`${tag}: ${members} members, expected ${expectedMembers}`);
      if (d.dispatched !== members || r.membersNotDispatched > 0)
        failures.push(
          `${tag}: ${d.dispatched} dispatched of ${members} members (${r.membersNotDispatched} members without a dispatched send record)`,
        );
      if (r.waves !== 1) warnings.push(`${tag}: ${r.waves} waves planned, 1 expected`);
      return r;
    };
    const transitions = [
      await transition('Clicked', expectedClicked, '1 hour 1 minute'),
      await transition('Missed', expectedMissed, '1 hour'),
    ];

    const result = {
      date: new Date().toISOString(),
      node: process.version,
      cpus: os.cpus().length,
      backend: BACKEND,
      devices: N,
      loadAverage: { start: loadStart, end: load() },
      seeding: {
        method:
          'set-based SQL (generate_series for devices, unnest of emulator batchCreate tokens); answers by UPDATE send_records on device_id % 10, then VACUUM ANALYZE',
        devicesS: round(seedDevicesS, 1),
        tokensS: round(seedTokensS, 1),
        answersS: round(answersS, 1),
      },
      estimateS: round(estimateS, 2),
      entry: { messageId: entryId, ...entry, approveToSentS: round(approveToSentS, 1) },
      transitions,
      failures,
      warnings,
      execArgv: process.execArgv.filter((a) => !a.includes('tsx')),
    };
    mkdirSync(path.join(here, 'results'), { recursive: true });
    writeFileSync(path.join(here, `results/${OUT}.json`), `${JSON.stringify(result, null, 2)}\n`);
    console.log(
      `entry: ${entry.dispatched} in ${entry.seconds} s = ${entry.perSec}/s; estimate ${round(estimateS, 2)} s`,
    );
    for (const x of transitions)
      console.log(
        `${x.step}: ${x.members}/${x.expectedMembers} members, transition ${x.transitionS} s (target ≤ ${TARGET_S} s: ${x.met ? 'met' : 'NOT met'}), ${x.dispatched} in ${x.seconds} s = ${x.perSec}/s (${x.ratioToEntry} × entry), ${x.waves} wave(s)`,
      );
    if (warnings.length) console.warn(`warnings:\n  ${warnings.join('\n  ')}`);
    if (failures.length) {
      console.error(`FAILED:\n  ${failures.join('\n  ')}`);
      process.exitCode = 1;
    }
  } finally {
    for (const c of cleanup.reverse()) await c().catch(() => undefined);
    await db.close();
    child.kill();
  }
}

await main();
process.exit(process.exitCode ?? 0);
