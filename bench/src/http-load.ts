// An HTTP/1.1 load generator in worker threads (bench/src/load-worker.mjs: node:http keep-alive agents), its
// ceiling against a trivial node:http JSON server, and a sequential keep-alive client for latency.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { percentile, round } from './harness';

export interface EventCalls {
  gaids: string[];
  msgIds: number[];
  /** 2: received + shown; 3: + clicked */
  nEvents: number[];
}

export interface LoadOptions {
  /** the addresses to call, the load threads spread over them in turn (default 127.0.0.1) */
  hosts?: readonly string[];
  port: number;
  path: string;
  /**
   * what each call posts: one device's events (default), one new device's registration, one device's heartbeat, or
   * five attributes of one device's user, one of each type (`calls.gaids` only for the last three)
   */
  kind?: 'events' | 'register' | 'heartbeat' | 'attributes' | 'track';
  authorization: string;
  calls: EventCalls;
  workers: number;
  /** requests in flight per worker */
  inFlight: number;
  warmupMs: number;
  durationMs: number;
  /** start again from the first call when the slice is used up (a soak), instead of stopping */
  cycle?: boolean;
  /**
   * 'raw' (default): bare keep-alive sockets with prebuilt requests (load-worker.mjs RawConn), ~4× less CPU per call
   * than 'node' (node:http's client and Agent) — on this 2-core machine the generator shares the cores with the
   * server and the database, so a heavier generator lowers the figure it measures
   */
  client?: 'raw' | 'node';
}

export interface LoadResult {
  callsPerSec: number;
  eventsPerSec: number;
  measuredCalls: number;
  /** calls sent in all (warm-up included) */
  totalCalls: number;
  errors: number;
  firstError?: string;
  /** the slice of calls ran out before the window ended (the rate is over the part of the window that ran) */
  exhausted: boolean;
  windowS: number;
  latencyMs: { p50: number; p95: number; p99: number };
  /** busy share of each load thread's event loop during the window */
  workerElu: number[];
  /** busy share of the main thread's event loop (the server under test) during the window */
  serverElu: number;
  /** CPU of the whole process (server + load threads) and of the database server, in cores */
  processCores: number;
  dbCores: number;
}

interface WorkerOut {
  measured: number;
  total: number;
  errors: number;
  firstError?: string;
  exhausted: boolean;
  lastMeasuredAt: number;
  latencies: number[];
  elu: number;
}

const WORKER = new URL('./load-worker.mjs', import.meta.url);

/** Runs the load against `hosts` (127.0.0.1):`port`; the calls are split between the workers (each used once at most). */
export async function runLoad(o: LoadOptions, dbCpu: () => number = () => 0): Promise<LoadResult> {
  const n = o.calls.gaids.length;
  const per = Math.ceil(n / o.workers);
  const startAt = Date.now() + 400;
  const warmEnd = startAt + o.warmupMs;
  const workers = Array.from({ length: o.workers }, (_, w) => {
    const from = w * per;
    const to = Math.min(n, from + per);
    return new Worker(WORKER, {
      workerData: {
        host: o.hosts?.length ? o.hosts[w % o.hosts.length] : '127.0.0.1',
        port: o.port,
        path: o.path,
        authorization: o.authorization,
        kind: o.kind ?? 'events',
        cycle: o.cycle ?? false,
        client: o.client ?? 'raw',
        gaids: o.calls.gaids.slice(from, to),
        msgIds: o.calls.msgIds.slice(from, to),
        nEvents: o.calls.nEvents.slice(from, to),
        inFlight: o.inFlight,
        startAt,
        warmupMs: o.warmupMs,
        durationMs: o.durationMs,
      },
    });
  });
  // the window's CPU and main-thread utilisation, sampled at its start and end
  let cpu0: NodeJS.CpuUsage | undefined;
  let db0 = 0;
  let elu0: ReturnType<typeof performance.eventLoopUtilization> | undefined;
  let winCpu = 0;
  let winDb = 0;
  let winElu = 0;
  let winS = 0;
  const startTimer = setTimeout(
    () => {
      cpu0 = process.cpuUsage();
      db0 = dbCpu();
      elu0 = performance.eventLoopUtilization();
    },
    Math.max(0, warmEnd - Date.now()),
  );
  const endSample = () => {
    if (!cpu0 || !elu0 || winS) return;
    const c = process.cpuUsage(cpu0);
    winS = (Date.now() - warmEnd) / 1000;
    winCpu = (c.user + c.system) / 1e6;
    winDb = dbCpu() - db0;
    winElu = performance.eventLoopUtilization(elu0).utilization;
  };
  const endTimer = setTimeout(endSample, Math.max(0, warmEnd + o.durationMs - Date.now()));
  const outs = await Promise.all(
    workers.map(
      (w) =>
        new Promise<WorkerOut>((resolve, reject) => {
          w.once('message', (m: WorkerOut) => resolve(m));
          w.once('error', reject);
        }),
    ),
  );
  clearTimeout(startTimer);
  clearTimeout(endTimer);
  endSample();
  await Promise.all(workers.map((w) => w.terminate()));
  const measured = outs.reduce((a, x) => a + x.measured, 0);
  const exhausted = outs.some((x) => x.exhausted);
  const lastAt = Math.max(...outs.map((x) => x.lastMeasuredAt));
  const windowS = exhausted ? Math.max(0.001, (lastAt - warmEnd) / 1000) : o.durationMs / 1000;
  // events per call of the calls that ran (the slices are taken in order)
  let events = 0;
  let counted = 0;
  for (let w = 0; w < o.workers; w++) {
    const len = Math.max(1, Math.min(per, n - w * per));
    for (let k = 0; k < outs[w]!.total; k++) {
      events += o.calls.nEvents[w * per + (k % len)] ?? 0;
      counted++;
    }
  }
  const perCall = counted ? events / counted : 0;
  const lat = outs.flatMap((x) => x.latencies);
  const firstError = outs.find((x) => x.firstError)?.firstError;
  const cpuS = winS || windowS;
  return {
    callsPerSec: round(measured / windowS, 0),
    eventsPerSec: round((measured * perCall) / windowS, 0),
    measuredCalls: measured,
    totalCalls: outs.reduce((a, x) => a + x.total, 0),
    errors: outs.reduce((a, x) => a + x.errors, 0),
    ...(firstError ? { firstError } : {}),
    exhausted,
    windowS: round(windowS, 2),
    latencyMs: {
      p50: round(percentile(lat, 50), 1),
      p95: round(percentile(lat, 95), 1),
      p99: round(percentile(lat, 99), 1),
    },
    workerElu: outs.map((x) => round(x.elu, 2)),
    serverElu: round(winElu, 2),
    processCores: round(winCpu / cpuS, 2),
    dbCores: round(winDb / cpuS, 2),
  };
}

/** A trivial node:http JSON server: reads and parses the body, answers Beacon's success envelope. */
export async function startTrivialServer(): Promise<{ port: number; close(): Promise<void> }> {
  const answer = Buffer.from(JSON.stringify({ status: 200, msg: 'success', data: {} }));
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        JSON.parse(Buffer.concat(chunks).toString('utf8'));
        res.writeHead(200, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': answer.length,
        });
        res.end(answer);
      } catch {
        res.writeHead(400).end();
      }
    });
  });
  server.keepAliveTimeout = 72_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** One keep-alive connection, one request at a time: GET `path` → {ms, status, body}. */
export class SequentialClient {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

  constructor(
    private readonly port: number,
    private readonly headers: Record<string, string> = {},
  ) {}

  get(path: string): Promise<{ ms: number; status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const t0 = performance.now();
      const req = http.request(
        { host: '127.0.0.1', port: this.port, path, method: 'GET', agent: this.agent, headers: this.headers },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({
              ms: performance.now() - t0,
              status: res.statusCode ?? 0,
              body: Buffer.concat(chunks).toString('utf8'),
            }),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end();
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
