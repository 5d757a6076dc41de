// Statistics: (1) report latency over the rollups of a large app, through HTTP (buildApp listening on 127.0.0.1, a
// signed-in owner, one keep-alive connection); (2) /sdk/v1/events throughput with the statistics writer and without
// it (the same bench-only device API app built with no-op counters), against a load generator's ceiling.
// Run: npm run bench -- stats [--backend pglite|postgres|both] [--phases reports,ingest]
// Sizes: flags or STATS_* environment variables (see bench/README.md, "stats"; read in src/stats-common.ts).
// This file opens each backend and writes the results; the phases are src/stats-reports.ts and src/stats-ingest.ts.
import { writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { addDays, utcDay } from '@beacon/shared';
import type { Database } from '../apps/server/src/db/client';
import { backendsOf, buildBenchApp, keptRuns, load, openBenchDb, round } from './src/harness';
import {
  BACKEND,
  DEVICES,
  OUT,
  PHASES,
  RANGE_DAYS,
  RANGE_MESSAGES,
  REPEATS,
  say,
  TARGET_P95,
  TREND_DAYS,
  type Backend,
} from './src/stats-common';
import { measureIngest, printIngest } from './src/stats-ingest';
import { capturing, printReports, runReports } from './src/stats-reports';

async function pgSettings(database: Database): Promise<Record<string, string>> {
  if (database.kind !== 'postgres') return {};
  const rows = await database.query<{ name: string; setting: string }>(
    `SELECT name, setting FROM pg_settings WHERE name IN ('server_version', 'shared_buffers', 'work_mem', 'jit',
       'max_parallel_workers_per_gather', 'effective_cache_size')`,
  );
  return Object.fromEntries(rows.map((r) => [r.name, r.setting]));
}

async function runBackend(backend: Backend): Promise<Record<string, unknown>> {
  const db = await openBenchDb(backend, 10);
  const cap = capturing(db.database);
  const out: Record<string, unknown> = { backend, date: new Date().toISOString() };
  const closers: Array<() => Promise<unknown>> = [];
  try {
    out.pgSettings = await pgSettings(db.database);
    const { config, built, owner: user } = await buildBenchApp(db, { database: cap.database });
    closers.push(() => built.app.close());
    await built.app.listen({ host: '127.0.0.1', port: 0 });
    const port = (built.app.server.address() as AddressInfo).port;
    const login = await fetch(`http://127.0.0.1:${port}/tcm/v1/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@bench.test', password: 'Owner#2024' }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    if (!cookie.startsWith('beacon_session=')) throw new Error(`login: ${await login.text()}`);
    const owner = { userId: user.id, email: user.email };

    if (PHASES.includes('reports')) {
      out.reports = await runReports(backend, db, cap, built, port, cookie, owner);
    }

    if (PHASES.includes('ingest')) {
      out.ingest = await measureIngest(backend, db, built, config, port, owner);
    }
  } finally {
    for (const c of closers.reverse()) await c().catch(() => undefined);
    await db.close();
  }
  return out;
}

async function main(): Promise<void> {
  const t0 = performance.now();
  const backends: Backend[] = backendsOf(BACKEND);
  say(
    `stats bench on ${backends.join(', ')} (${PHASES.join(', ')}); today (UTC) ${utcDay()}, range ends ${addDays(utcDay(), -1)}`,
  );
  const runs: Array<Record<string, unknown>> = [];
  for (const b of backends) runs.push(await runBackend(b));

  const { file, kept } = keptRuns(OUT, backends);
  const result = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    execArgv: process.execArgv,
    knobs: {
      devices: DEVICES,
      rangeDays: RANGE_DAYS,
      rangeMessages: RANGE_MESSAGES,
      trendDays: TREND_DAYS,
      repeats: REPEATS,
      targetP95Ms: TARGET_P95,
    },
    totalS: round((performance.now() - t0) / 1000, 0),
    loadAverageEnd: load(),
    runs: [...kept, ...runs],
  };
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);

  printReports(runs);
  printIngest(runs);
  console.log(`\nwritten ${path.relative(process.cwd(), file)} (${result.totalS} s)`);
}

await main();
process.exit(0);
