// The stats bench's ingest phase: /sdk/v1/events throughput with the statistics writer, with the writer without the
// daily rollups (each message's own counters only), and without any counting (the same bench-only device API app with
// no-op counters), and through the shipped buildApp, against a load generator's ceiling.
import type { buildApp } from '../../apps/server/src/app';
import { load, round, type benchConfig, type BenchDb } from './harness';
import { runLoad, startTrivialServer, type EventCalls, type LoadResult } from './http-load';
import { startSdkApp, type StageTotals } from './sdk-app';
import { seedDispatched } from './seed-dispatched';
import { prng } from './stat-simulation';
import {
  INGEST_DEVICES,
  INGEST_MESSAGES,
  INGEST_S,
  IN_FLIGHT,
  CLIENT,
  ROUNDS,
  say,
  WARMUP_S,
  WORKERS,
  type Backend,
} from './stats-common';
import { explainFlush } from './stats-flush-explain';

interface IngestRun {
  variant: string;
  round: number;
  result: LoadResult;
  /** send records that got their first events in this run, and the events the statistics counted (reach) */
  applied: number;
  counted: number;
  /**
   * Seconds the queued events took to be counted after the load stopped (the statistics count off the request path),
   * and the rate over the window plus that time: what the app sustains with every event counted.
   */
  backlogS: number;
  sustained: { callsPerSec: number; eventsPerSec: number };
  /** per flush of the device API's event batcher (bench-only apps): calls, average ms and items */
  stages?: Record<string, { calls: number; avgMs: number; avgItems: number }>;
}

/** Per-stage deltas between two snapshots of an app's stage totals. */
function stageDelta(before: Map<string, StageTotals>, after: Map<string, StageTotals>) {
  const out: Record<string, { calls: number; avgMs: number; avgItems: number }> = {};
  for (const [k, a] of after) {
    const b = before.get(k) ?? { calls: 0, ms: 0, items: 0 };
    const calls = a.calls - b.calls;
    if (calls > 0)
      out[k] = {
        calls,
        avgMs: round((a.ms - b.ms) / calls, 2),
        avgItems: round((a.items - b.items) / calls, 1),
      };
  }
  return out;
}

export async function measureIngest(
  backend: Backend,
  db: BenchDb,
  built: Awaited<ReturnType<typeof buildApp>>,
  config: ReturnType<typeof benchConfig>,
  port: number,
  owner: { userId: number; email: string },
): Promise<Record<string, unknown>> {
  const database = db.database;
  const { app, appSecret } = await built.services.apps.create({
    title: 'Ingest',
    pkg: 'com.example.ingest',
    owner,
  });
  const t = performance.now();
  const messageIds = await seedDispatched(database, app.id, owner.email, INGEST_DEVICES, INGEST_MESSAGES);
  const seedS = round((performance.now() - t) / 1000, 1);

  // the calls: every (device, message) once, shuffled; 2 events (received, shown) or, for 30 %, 3 (+ clicked)
  const devs = await database.query<{ gaid: string }>(
    'SELECT gaid::text AS gaid FROM devices WHERE app_id = $1 ORDER BY id',
    [app.id],
  );
  const rand = prng(7);
  const pairs = new Int32Array(devs.length * messageIds.length).map((_, i) => i);
  for (let i = pairs.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [pairs[i], pairs[j]] = [pairs[j]!, pairs[i]!];
  }
  const consuming = 4 * ROUNDS;
  const RESERVE = 64; // fresh pairs for the EXPLAIN of one flush, at the end
  const sliceSize = Math.floor((pairs.length - RESERVE) / consuming);
  let nextSlice = 0;
  const slice = (k: number): EventCalls => {
    const part = pairs.subarray(k * sliceSize, (k + 1) * sliceSize);
    return {
      gaids: Array.from(part, (p) => devs[Math.floor(p / messageIds.length)]!.gaid),
      msgIds: Array.from(part, (p) => messageIds[p % messageIds.length]!),
      nEvents: Array.from(part, () => (rand() < 0.3 ? 3 : 2)),
    };
  };
  say(
    `${backend}: ingest app: ${devs.length} devices, ${messageIds.length} messages, ${pairs.length} dispatched send records (seeded in ${seedS} s); ${consuming} runs of up to ${sliceSize} calls`,
  );

  const authorization = `Basic ${Buffer.from(`${app.appKey}:${appSecret}`).toString('base64')}`;
  const withWriter = await startSdkApp(config, database, 'writer');
  const messageCounters = await startSdkApp(config, database, 'messages');
  const without = await startSdkApp(config, database, 'none');
  // the shipped app counts what its process queued before it answers a console request (app.ts): what is left after
  // the load is counted at once, as in the bench-only apps, instead of after the counter's delay
  const settleShipped = async () => {
    await (await fetch(`http://127.0.0.1:${port}/tcm/v1/user/info`)).arrayBuffer();
  };
  const trivial = await startTrivialServer();
  const base = {
    path: '/sdk/v1/events',
    authorization,
    workers: WORKERS,
    inFlight: IN_FLIGHT,
    client: CLIENT,
    warmupMs: WARMUP_S * 1000,
    durationMs: INGEST_S * 1000,
  };
  const counts = async () => {
    const [r] = await database.query<{ applied: number; counted: number }>(
      `SELECT (SELECT count(*)::int FROM send_record_events WHERE message_id = ANY($1::bigint[]) AND event_mask <> 0) AS applied,
              (SELECT COALESCE(sum(reach_count), 0)::int FROM messages WHERE id = ANY($1::bigint[])) AS counted`,
      [messageIds],
    );
    return r!;
  };
  const runs: IngestRun[] = [];
  const ceilings: LoadResult[] = [];
  let flush: Awaited<ReturnType<typeof explainFlush>> | undefined;
  const ceiling = async () => {
    const r = await runLoad({ ...base, port: trivial.port, calls: slice(0) });
    ceilings.push(r);
    say(
      `${backend} ceiling (trivial node:http JSON server): ${r.callsPerSec} calls/s (p50 ${r.latencyMs.p50} ms, p99 ${r.latencyMs.p99}; load threads ELU ${r.workerElu.join('/')}, server thread ELU ${r.serverElu})`,
    );
  };
  const run = async (
    variant: string,
    p: number,
    round_: number,
    settle: () => Promise<void>,
    probe?: Map<string, StageTotals>,
  ) => {
    const before = await counts();
    const stages0 = new Map([...(probe ?? [])].map(([k, v]) => [k, { ...v }]));
    const r = await runLoad({ ...base, port: p, calls: slice(nextSlice++) }, () => db.serverCpu());
    const t1 = performance.now();
    await settle();
    while (
      Number(
        (await database.query<{ n: number }>('SELECT count(*)::int AS n FROM stat_pending_batches'))[0]?.n,
      )
    )
      await new Promise((res) => setTimeout(res, 10));
    const backlogS = round((performance.now() - t1) / 1000, 2);
    const span = r.windowS + backlogS;
    const after = await counts();
    const x: IngestRun = {
      variant,
      round: round_,
      result: r,
      applied: after.applied - before.applied,
      counted: after.counted - before.counted,
      backlogS,
      sustained: {
        callsPerSec: round((r.callsPerSec * r.windowS) / span, 0),
        eventsPerSec: round((r.eventsPerSec * r.windowS) / span, 0),
      },
      ...(probe ? { stages: stageDelta(stages0, probe) } : {}),
    };
    runs.push(x);
    say(
      `${backend} ${variant} (round ${round_}): ${r.callsPerSec} calls/s, ${r.eventsPerSec} events/s (p50 ${r.latencyMs.p50} / p99 ${r.latencyMs.p99} ms; ${r.errors} errors${r.firstError ? ` first: ${r.firstError}` : ''}${r.exhausted ? '; slice used up' : ''}); server thread ELU ${r.serverElu}, process ${r.processCores} cores, PostgreSQL ${r.dbCores} cores; send records given events ${x.applied}, counted by the statistics ${x.counted} (backlog counted ${backlogS} s after the load; sustained ${x.sustained.callsPerSec} calls/s)${
        x.stages
          ? `; per flush: ${Object.entries(x.stages)
              .map(([k, v]) => `${k} ${v.avgMs} ms${v.avgItems ? ` (${v.avgItems} items)` : ''}`)
              .join(', ')}`
          : ''
      }`,
    );
  };
  try {
    await ceiling();
    // ABCD DCBA …: every variant at mirrored places, so a drift of the machine or of the tables (stat_uv fills up)
    // weighs on each alike
    for (let r = 1; r <= ROUNDS; r++) {
      const order = [
        ['with statistics writer', withWriter.port, withWriter.settle, withWriter.stages] as const,
        [
          'without the rollups (message counters)',
          messageCounters.port,
          messageCounters.settle,
          messageCounters.stages,
        ] as const,
        ['without (no-op counters)', without.port, without.settle, without.stages] as const,
        ['shipped buildApp (with writer)', port, settleShipped, undefined] as const,
      ];
      if (r % 2 === 0) order.reverse();
      for (const [v, p, settle, stages] of order) await run(v, p, r, settle, stages);
    }
    await ceiling();
    const reserve = pairs.subarray(pairs.length - RESERVE);
    const now = Date.now();
    flush = await explainFlush(
      database,
      Array.from(reserve, (p, k) => ({
        appId: app.id,
        gaid: devs[Math.floor(p / messageIds.length)]!.gaid,
        messageId: String(messageIds[p % messageIds.length]),
        mask: k % 3 === 0 ? 7 : 3,
        receivedAt: new Date(now - 3000),
        shownAt: new Date(now - 2000),
        clickedAt: k % 3 === 0 ? new Date(now - 1000) : null,
        showFailedReason: null,
      })),
    );
    say(
      `${backend}: one flush of ${flush.batch} fresh events, EXPLAIN ANALYZE (rolled back): applyEvents ${flush.applyEvents.executionMs} ms, countEvents ${flush.countEvents.executionMs} ms (${flush.countEvents.events} counted)`,
    );
  } finally {
    await trivial.close();
    await withWriter.close();
    await messageCounters.close();
    await without.close();
  }
  const mean = (v: string, k: 'callsPerSec' | 'eventsPerSec') => {
    // the sustained rate: calls over the window plus the time their events took to be counted
    const xs = runs.filter((x) => x.variant === v).map((x) => x.sustained[k]);
    return round(xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length), 0);
  };
  const ceilingPerSec = Math.max(...ceilings.map((c) => c.callsPerSec));
  const summary = {
    with: {
      callsPerSec: mean('with statistics writer', 'callsPerSec'),
      eventsPerSec: mean('with statistics writer', 'eventsPerSec'),
    },
    messageCounters: {
      callsPerSec: mean('without the rollups (message counters)', 'callsPerSec'),
      eventsPerSec: mean('without the rollups (message counters)', 'eventsPerSec'),
    },
    without: {
      callsPerSec: mean('without (no-op counters)', 'callsPerSec'),
      eventsPerSec: mean('without (no-op counters)', 'eventsPerSec'),
    },
    shipped: {
      callsPerSec: mean('shipped buildApp (with writer)', 'callsPerSec'),
      eventsPerSec: mean('shipped buildApp (with writer)', 'eventsPerSec'),
    },
    ceilingPerSec,
  };
  const withVsWithout = round(summary.with.callsPerSec / Math.max(1, summary.without.callsPerSec), 2);
  // issue 12's target: the ingest rate with the rollups against the same writer without them
  const withVsNoRollups = round(
    summary.with.callsPerSec / Math.max(1, summary.messageCounters.callsPerSec),
    2,
  );
  say(
    `${backend} ingest: with ${summary.with.callsPerSec} calls/s (${summary.with.eventsPerSec} events/s), without the rollups ${summary.messageCounters.callsPerSec} calls/s → with/without rollups ${withVsNoRollups}; without any counting ${summary.without.callsPerSec} calls/s (${summary.without.eventsPerSec} events/s) → with/without ${withVsWithout}; shipped app ${summary.shipped.callsPerSec} calls/s; ceiling ${ceilingPerSec} calls/s (without/ceiling ${round(summary.without.callsPerSec / ceilingPerSec, 2)})`,
  );
  return {
    devices: devs.length,
    messages: messageIds.length,
    sendRecords: pairs.length,
    seedS,
    knobs: {
      workers: WORKERS,
      inFlight: IN_FLIGHT,
      client: CLIENT,
      warmupS: WARMUP_S,
      durationS: INGEST_S,
      rounds: ROUNDS,
    },
    summary,
    withVsNoRollups,
    withVsWithout,
    withoutVsCeiling: round(summary.without.callsPerSec / ceilingPerSec, 2),
    ceilings,
    runs,
    flushExplain: flush,
    loadAverage: load(),
  };
}

/** The ingest summary at the end of the run. */
export function printIngest(runs: Array<Record<string, unknown>>): void {
  console.log('\nIngest (/sdk/v1/events, 2–3 events per call):');
  for (const r of runs as Array<{
    backend: string;
    ingest?: {
      summary: Record<string, { callsPerSec: number; eventsPerSec: number }> & { ceilingPerSec: number };
      withVsNoRollups: number;
      withVsWithout: number;
    };
  }>) {
    if (!r.ingest) continue;
    const s = r.ingest.summary;
    console.log(
      `  ${r.backend}: with ${s.with!.callsPerSec} calls/s (${s.with!.eventsPerSec} ev/s); without the rollups ${s.messageCounters?.callsPerSec} calls/s, ratio ${r.ingest.withVsNoRollups}; without any counting ${s.without!.callsPerSec} calls/s (${s.without!.eventsPerSec} ev/s), ratio ${r.ingest.withVsWithout}; shipped ${s.shipped!.callsPerSec} calls/s; ceiling ${s.ceilingPerSec} calls/s`,
    );
  }
}
