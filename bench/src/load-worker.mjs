// One load-generator thread of bench/src/http-load.ts (plain JavaScript: Node 20's worker threads do not get tsx's
// loader). `inFlight` lanes, each one keep-alive connection (a node:http Agent's, or with `client: 'raw'` a bare
// socket — see RawConn), POST one device's events per call
// (kind `events`), one device's registration (kind `register`, a new device per call), one device's five attributes
// (kind `attributes`, one of each type) or two custom events (kind `track`) until the slice of (gaid,
// message, event count) is used up or the window ends. Calls that complete inside the
// measurement window [startAt + warmupMs, startAt + warmupMs + durationMs] are counted, with their latency.
import http from 'node:http';
import net from 'node:net';
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
  client,
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

const PLANS = ['free', 'silver', 'gold', 'platinum'];
const TAGS = ['shoes', 'bags', 'phones', 'books', 'games', 'food'];

function body(i) {
  if (kind === 'attributes')
    // one of each type (issue 33 §1): string, number, boolean, date, list
    return JSON.stringify({
      gaid: gaids[i],
      attributes: {
        plan: PLANS[i % PLANS.length],
        score: i % 1000,
        vip: i % 7 === 0,
        last_seen: new Date(Date.now() - (i % 86_400) * 1000).toISOString(),
        tags: TAGS.slice(i % 3, (i % 3) + 2),
      },
    });
  if (kind === 'heartbeat') return JSON.stringify({ gaid: gaids[i], notificationsEnabled: true });
  if (kind === 'track') {
    // the journey-entry bench's call: one listened event (with a property the entry matches) and one exit event
    const at = Date.now();
    return JSON.stringify({
      gaid: gaids[i],
      events: [
        { name: 'add_to_cart', at, properties: { price: 10 + (i % 90) } },
        { name: 'view', at: at + 1 },
      ],
    });
  }
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

// The raw client (`client: 'raw'`): one net.Socket per lane, one request at a time on it (keep-alive, no
// pipelining), the request written as one prebuilt string and the answer read by its status line, its
// content-length and the envelope's status — none of node:http's parser, agent or per-request objects, so the
// generator takes a fraction of the CPU node:http's client does and leaves the cores to the server under test.
const CRLF2 = Buffer.from('\r\n\r\n');
const RAW_HEAD = `POST ${path} HTTP/1.1\r\nhost: ${host}:${port}\r\ncontent-type: application/json\r\nauthorization: ${authorization}\r\nconnection: keep-alive\r\n`;

class RawConn {
  constructor() {
    this.socket = undefined;
    this.buf = undefined;
    this.pending = undefined;
  }

  connect() {
    return new Promise((resolve, reject) => {
      const s = net.connect({ host, port, noDelay: true });
      s.once('connect', () => {
        s.removeListener('error', reject);
        this.socket = s;
        s.on('data', (c) => this.onData(c));
        s.on('error', (err) => this.fail(String(err)));
        s.on('close', () => {
          this.socket = undefined;
          this.fail('connection closed');
        });
        resolve();
      });
      s.once('error', reject);
    });
  }

  fail(why) {
    const p = this.pending;
    this.pending = undefined;
    this.buf = undefined;
    if (p) {
      if (firstError === undefined) firstError = why;
      p.resolve({ ok: false, ms: 0 });
    }
  }

  onData(chunk) {
    this.buf = this.buf ? Buffer.concat([this.buf, chunk]) : chunk;
    const p = this.pending;
    if (!p) return;
    const end = this.buf.indexOf(CRLF2);
    if (end < 0) return;
    const head = this.buf.toString('latin1', 0, end);
    const m = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    if (!m) {
      this.fail(`no content-length: ${head.slice(0, 200)}`);
      this.socket?.destroy();
      return;
    }
    const total = end + 4 + Number(m[1]);
    if (this.buf.length < total) return;
    const text = this.buf.toString('utf8', end + 4, total);
    this.buf = this.buf.length > total ? this.buf.subarray(total) : undefined;
    this.pending = undefined;
    const ok = head.startsWith('HTTP/1.1 200') && text.includes('"status":200');
    if (!ok && firstError === undefined) firstError = `${head.slice(9, 12)} ${text.slice(0, 300)}`;
    p.resolve({ ok, ms: performance.now() - p.t0 });
  }

  async call(i) {
    if (!this.socket) {
      try {
        await this.connect();
      } catch (err) {
        if (firstError === undefined) firstError = String(err);
        return { ok: false, ms: 0 };
      }
    }
    const payload = body(i);
    return new Promise((resolve) => {
      this.pending = { resolve, t0: performance.now() };
      this.socket.write(`${RAW_HEAD}content-length: ${Buffer.byteLength(payload)}\r\n\r\n${payload}`);
    });
  }
}

async function lane() {
  const conn = client === 'raw' ? new RawConn() : undefined;
  while (Date.now() < end && (cycle || next < gaids.length)) {
    const i = next++ % gaids.length;
    const r = conn ? await conn.call(i) : await call(i);
    const at = Date.now();
    total++;
    if (!r.ok) errors++;
    else if (at >= warmEnd && at <= end) {
      measured++;
      lastMeasuredAt = at;
      latencies.push(r.ms);
    }
  }
  conn?.socket?.destroy();
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
