// One load-generator thread of bench/src/http-load.ts (plain JavaScript: Node 20's worker threads do not get tsx's
// loader). `inFlight` lanes, each one keep-alive connection of a node:http Agent, POST one device's events per call
// (kind `events`) or one device's registration (kind `register`, a new device per call) until the slice of (gaid,
// message, event count) is used up or the window ends. Calls that complete inside the
// measurement window [startAt + warmupMs, startAt + warmupMs + durationMs] are counted, with their latency.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';

const {
  host,
  port,
  path,
  authorization,
  kind,
  cycle,
  gaids,
  msgIds,
  nEvents,
  inFlight,
  startAt,
  warmupMs,
  durationMs,
} = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: inFlight, maxFreeSockets: inFlight });
const warmEnd = startAt + warmupMs;
const end = warmEnd + durationMs;

let next = 0;
let measured = 0;
let total = 0;
let errors = 0;
let firstError;
let lastMeasuredAt = 0;
const latencies = [];

const COUNTRIES = ['NG', 'KE', 'GH', 'ZA', 'EG', 'IN', 'ID', 'BR'];
const ZONES = [
  'Africa/Lagos',
  'Africa/Nairobi',
  'Africa/Accra',
  'Africa/Johannesburg',
  'Africa/Cairo',
  'Asia/Kolkata',
];

function body(i) {
  if (kind === 'register')
    return JSON.stringify({
      token: `bench-${gaids[i]}`,
      gaid: gaids[i],
      country: COUNTRIES[i % COUNTRIES.length],
      language: i % 3 ? 'en' : 'fr',
      brand: 'samsung',
      model: `SM-A${100 + (i % 50)}`,
      osVersion: 26 + (i % 9),
      appVersion: `3.${i % 4}.0`,
      appVersionCode: 300 + (i % 4),
      timezone: ZONES[i % ZONES.length],
      notificationsEnabled: i % 10 !== 0,
    });
  const ts = Date.now();
  const msgId = msgIds[i];
  const events = [
    { type: 'received', msgId, ts: ts - 3000 },
    { type: 'shown', msgId, ts: ts - 2000 },
  ];
  if (nEvents[i] === 3) events.push({ type: 'clicked', msgId, ts: ts - 1000 });
  return JSON.stringify({ gaid: gaids[i], events });
}

function call(i) {
  return new Promise((resolve) => {
    const payload = body(i);
    const t0 = performance.now();
    const req = http.request(
      {
        host,
        port,
        path,
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          authorization,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          let ok = res.statusCode === 200;
          const text = Buffer.concat(chunks).toString('utf8');
          if (ok) {
            try {
              ok = JSON.parse(text).status === 200;
            } catch {
              ok = false;
            }
          }
          if (!ok && firstError === undefined) firstError = `${res.statusCode} ${text.slice(0, 300)}`;
          resolve({ ok, ms: performance.now() - t0 });
        });
        res.on('error', (err) => resolve({ ok: false, ms: 0, err }));
      },
    );
    req.on('error', (err) => {
      if (firstError === undefined) firstError = String(err);
      resolve({ ok: false, ms: 0 });
    });
    req.end(payload);
  });
}

async function lane() {
  while (Date.now() < end && (cycle || next < gaids.length)) {
    const i = next++ % gaids.length;
    const r = await call(i);
    const at = Date.now();
    total++;
    if (!r.ok) errors++;
    else if (at >= warmEnd && at <= end) {
      measured++;
      lastMeasuredAt = at;
      latencies.push(r.ms);
    }
  }
}

const wait = startAt - Date.now();
if (wait > 0) await new Promise((r) => setTimeout(r, wait));
let elu0;
setTimeout(() => (elu0 = performance.eventLoopUtilization()), Math.max(0, warmEnd - Date.now()));
await Promise.all(Array.from({ length: inFlight }, lane));
const elu = elu0 ? performance.eventLoopUtilization(elu0).utilization : 0;
agent.destroy();
parentPort.postMessage({
  measured,
  total,
  errors,
  firstError,
  exhausted: !cycle && next >= gaids.length,
  lastMeasuredAt,
  latencies,
  elu,
});
