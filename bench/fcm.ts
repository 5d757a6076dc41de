// FCM send throughput: the raw node:http2 ceiling versus Beacon's FcmClient, against the emulator in a child process.
// Run: npm run bench -- fcm [--messages 100000] [--sessions 8] [--streams 50] [--rounds 3] [--tls] [--no-save]
// Defaults: 8 sessions × 50 streams used the least CPU per message on both sides of the 2-core machine (FcmClient's
// production default, 16 × 100, is sized for FCM's real latency; against a local emulator it only keeps 4× more
// requests in flight, which costs CPU on both sides). bench/README.md has the sweep.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http2 from 'node:http2';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FcmClient } from '../apps/server/src/delivery/fcm-client';
import { FcmAuth } from '../apps/server/src/delivery/fcm-auth';
import { allowedTokenEndpoints } from '../apps/server/src/delivery/token-endpoints';
import { installH2RequestBindFastPath } from '../apps/server/src/delivery/fcm-h2-request-bind';
import { type FcmApp, type FcmMessage, type ServiceAccount } from '../apps/server/src/delivery/fcm-types';
import { benchConfig } from './src/harness';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const arg = (name: string, def: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : def;
};
const MESSAGES = arg('messages', 100_000);
const SESSIONS = arg('sessions', 8);
const STREAMS = arg('streams', 50);
const WARMUP = Math.min(5_000, Math.floor(MESSAGES / 10));
const ROUNDS = arg('rounds', 3);
const TLS = process.argv.includes('--tls');
const SAVE = !process.argv.includes('--no-save');
const PROJECT = 'bench-project';
const PACKAGE = 'com.example.bench';

interface Urls {
  h2cUrl: string;
  tlsUrl: string;
  http1Url: string;
  caFile: string | null;
}

function startEmulator(): Promise<{ child: ChildProcess; urls: Urls }> {
  const cli = path.join(root, 'packages/fcm-emulator/src/cli.ts');
  const args = [cli, '--h2c-port', '0', '--tls-port', '0', '--http1-port', '0', '--no-store'];
  if (TLS) args.push('--ca-file', path.join(os.tmpdir(), `fcm-bench-ca-${process.pid}.pem`));
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const rl = createInterface({ input: child.stdout });
    rl.on('line', (line) => {
      const m = /^FCM_EMULATOR_READY (.*)$/.exec(line);
      if (m) resolve({ child, urls: JSON.parse(m[1]!) as Urls });
    });
    child.on('exit', (code) => reject(new Error(`emulator exited with ${code}`)));
  });
}

/** CPU seconds used so far by a process (Linux /proc; 0 elsewhere). */
function cpuSeconds(pid: number): number {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return 0;
  }
}

/** Runs `fn` and reports wall ms and the CPU share (in cores) of this process and of the emulator. */
async function measured<T extends { ms: number }>(
  child: ChildProcess,
  fn: () => Promise<T>,
): Promise<T & { selfCores: number; emuCores: number }> {
  const c0 = cpuSeconds(child.pid!);
  const s0 = process.cpuUsage();
  const r = await fn();
  const s1 = process.cpuUsage(s0);
  const sec = r.ms / 1000;
  return {
    ...r,
    selfCores: (s1.user + s1.system) / 1e6 / sec,
    emuCores: (cpuSeconds(child.pid!) - c0) / sec,
  };
}

async function control<T>(base: string, method: string, p: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}/emulator/v1${p}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? null : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${p} → ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A DESIGN.md §5 data message: the SDK renders the notification from string data. */
function buildMessage(token: string, i: number): FcmMessage {
  const msgId = String(900_000_000 + (i % 1000));
  return {
    token,
    data: {
      tcm_msg_id: msgId,
      tcm_msg_type: '1',
      tcm_msg_pkg: PACKAGE,
      tcm_msg_ttl: '86400',
      tcm_msg_timestamp: '1735689600000',
      noti_title: 'Weekend sale: 50% off everything',
      noti_desc: 'Only until Sunday night. Tap to see the deals picked for you.',
      noti_type: '1',
      noti_open_type: '2',
      noti_open_content: 'app://promo/weekend?src=push',
      noti_channel_id: 'promotions',
      noti_icon: 'https://cdn.example.com/push/icon-128.png',
    },
    android: { priority: 'HIGH', ttl: '86400s', collapse_key: msgId, restricted_package_name: PACKAGE },
  };
}

/** The ceiling: bare node:http2, same sessions × streams, same bodies, a bearer token fetched once. */
async function runRaw(
  origin: string,
  ca: string | undefined,
  bearer: string,
  tokens: string[],
  offset: number,
  count: number,
): Promise<{ ms: number; ok: number }> {
  const sessions = Array.from({ length: SESSIONS }, () => http2.connect(origin, ca ? { ca } : {}));
  await Promise.all(sessions.map((s) => new Promise((r) => s.once('remoteSettings', r))));
  const headers = {
    ':method': 'POST',
    ':path': `/v1/projects/${PROJECT}/messages:send`,
    authorization: `Bearer ${bearer}`,
    'content-type': 'application/json',
  };
  let next = 0;
  let ok = 0;
  const lane = (s: http2.ClientHttp2Session): Promise<void> =>
    new Promise((done) => {
      const one = (): void => {
        const i = next++;
        if (i >= count) return done();
        const idx = offset + i;
        const req = s.request(headers);
        let status = 0;
        let body = '';
        req.on('response', (h) => (status = Number(h[':status'])));
        req.on('data', (c: Buffer) => (body += c.toString()));
        req.on('close', () => {
          if (status === 200 && body.includes('"name"')) ok++;
          one();
        });
        req.on('error', () => undefined);
        req.end(`{"message":${JSON.stringify(buildMessage(tokens[idx % tokens.length]!, idx))}}`);
      };
      one();
    });
  const t0 = performance.now();
  const lanes: Promise<void>[] = [];
  for (const s of sessions) for (let k = 0; k < STREAMS; k++) lanes.push(lane(s));
  await Promise.all(lanes);
  const ms = performance.now() - t0;
  await Promise.all(sessions.map((s) => new Promise<void>((r) => s.close(() => r()))));
  return { ms, ok };
}

/** Beacon's client: auth, bucket, pool, classification; as many concurrent callers as raw has lanes. */
async function runClient(
  client: FcmClient,
  app: FcmApp,
  tokens: string[],
  offset: number,
  count: number,
): Promise<{ ms: number; ok: number; other: Record<string, number> }> {
  let next = 0;
  let ok = 0;
  const other: Record<string, number> = {};
  const lane = async (): Promise<void> => {
    for (let i = next++; i < count; i = next++) {
      const idx = offset + i;
      const r = await client.send(app, buildMessage(tokens[idx % tokens.length]!, idx));
      if (r.outcome === 'dispatched') ok++;
      else {
        const key = r.outcome === 'retry' ? `retry:${r.reason}` : r.outcome;
        other[key] = (other[key] ?? 0) + 1;
      }
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: SESSIONS * STREAMS }, lane));
  return { ms: performance.now() - t0, ok, other };
}

const round2 = (n: number): number => Math.round(n * 100) / 100;

async function main(): Promise<void> {
  const loadStart = os.loadavg().map(round2);
  // FcmClient installs it when it is created; installed here first so that raw and client run on the same runtime
  const bindFastPath = installH2RequestBindFastPath(benchConfig().fcm.h2BindFastPath);
  const { child, urls } = await startEmulator();
  try {
    const ctl = urls.http1Url;
    const origin = TLS ? urls.tlsUrl : urls.h2cUrl;
    // the key's token_uri is on the FCM origin, the one origin besides Google's that a key may name
    const sa = await control<ServiceAccount>(ctl, 'POST', `/projects/${PROJECT}/serviceAccounts`, {
      tokenUri: `${origin}/token`,
    });
    await control(ctl, 'PUT', `/projects/${PROJECT}/quota`, {
      perMinute: 1e9,
      perDevicePerMinute: 1e6,
      perDevicePerHour: 1e7,
    });
    const tokens: string[] = [];
    for (let left = MESSAGES; left > 0; left -= 10_000) {
      const r = await control<{ tokens: string[] }>(ctl, 'POST', `/projects/${PROJECT}/devices:batchCreate`, {
        count: Math.min(10_000, left),
        packageName: PACKAGE,
      });
      tokens.push(...r.tokens);
    }
    const caPem = TLS && urls.caFile ? readFileSync(urls.caFile, 'utf8') : undefined;
    const app: FcmApp = { appId: 'bench', serviceAccount: sa };
    const tokenEndpoints = allowedTokenEndpoints({ fcmBaseUrl: origin, publicUrl: '' });
    const bearer = await new FcmAuth({ tokenEndpoints, ...(caPem ? { ca: caPem } : {}) }).get(app);
    if (typeof bearer !== 'string') throw new Error(`token: ${JSON.stringify(bearer)}`);

    // the client's bucket is set far above the run's rate so that it is exercised but does not pace the run
    const client = new FcmClient({
      baseUrl: origin,
      sessions: SESSIONS,
      streamsPerSession: STREAMS,
      ratePerMinute: 1e9,
      h2BindFastPath: bindFastPath,
      ...(caPem ? { ca: caPem } : {}),
    });
    await runRaw(origin, caPem, bearer, tokens, 0, WARMUP);
    await runClient(client, app, tokens, 0, WARMUP);
    // alternate the two and keep each side's best round: the machine may be shared, so single runs are noisy
    let raw: Awaited<ReturnType<typeof measured<Awaited<ReturnType<typeof runRaw>>>>> | undefined;
    let cl: Awaited<ReturnType<typeof measured<Awaited<ReturnType<typeof runClient>>>>> | undefined;
    // ABBA order (raw first in odd rounds, client first in even ones) so that a drift in the machine's load
    // does not favour one side
    const perRound: Array<{ raw: number; client: number; load: number }> = [];
    const measureRaw = () => measured(child, () => runRaw(origin, caPem, bearer, tokens, 0, MESSAGES));
    const measureClient = () => measured(child, () => runClient(client, app, tokens, 0, MESSAGES));
    for (let round = 0; round < ROUNDS; round++) {
      const rawFirst = round % 2 === 0;
      let r: Awaited<ReturnType<typeof measureRaw>>;
      let c: Awaited<ReturnType<typeof measureClient>>;
      if (rawFirst) {
        r = await measureRaw();
        c = await measureClient();
      } else {
        c = await measureClient();
        r = await measureRaw();
      }
      const rate = (ms: number): number => Math.round((MESSAGES / ms) * 1000);
      perRound.push({ raw: rate(r.ms), client: rate(c.ms), load: round2(os.loadavg()[0]!) });
      console.log(
        `round ${round + 1} (${rawFirst ? 'raw first' : 'client first'}): raw ${rate(r.ms)} msg/s, client ${rate(c.ms)} msg/s, load average ${os.loadavg()[0]!.toFixed(2)}`,
      );
      if (!raw || r.ms < raw.ms) raw = r;
      if (!cl || c.ms < cl.ms) cl = c;
    }
    await client.close();
    if (!raw || !cl) throw new Error('--rounds must be ≥ 1');

    const rawPerSec = Math.round((MESSAGES / raw.ms) * 1000);
    const clientPerSec = Math.round((MESSAGES / cl.ms) * 1000);
    const ratio = Math.round((clientPerSec / rawPerSec) * 1000) / 1000;
    // CPU time of the sending process per message: independent of what else the machine runs
    const usPerMsg = (cores: number, ms: number): number => Math.round((cores * ms * 1000) / MESSAGES);
    const rawCpuUsPerMsg = usPerMsg(raw.selfCores, raw.ms);
    const clientCpuUsPerMsg = usPerMsg(cl.selfCores, cl.ms);
    const emulatorCpuUsPerMsg = { raw: usPerMsg(raw.emuCores, raw.ms), client: usPerMsg(cl.emuCores, cl.ms) };
    const cpu = (r: { selfCores: number; emuCores: number; ms: number }): string =>
      `CPU: sender ${r.selfCores.toFixed(2)} cores, emulator ${r.emuCores.toFixed(2)} cores = ${usPerMsg(r.emuCores, r.ms)} µs/msg`;
    const loadAverage = os.loadavg().map(round2);
    console.log(
      `node:http2 request bind fast path (fcm-h2-request-bind.ts): ${bindFastPath ? 'on' : 'off'} for raw and client alike`,
    );
    console.log(
      `transport ${TLS ? 'TLS h2' : 'h2c'}, ${SESSIONS} sessions × ${STREAMS} streams, ${MESSAGES} messages, load average ${loadStart.join(' ')} at start, ${loadAverage.join(' ')} at end (1/5/15 min, ${os.cpus().length} cores)`,
    );
    console.log(
      `raw    : ${rawPerSec} msg/s (${raw.ok} ok; ${cpu(raw)}; sender ${rawCpuUsPerMsg} µs CPU/msg)`,
    );
    console.log(
      `client : ${clientPerSec} msg/s (${cl.ok} ok${Object.keys(cl.other).length ? `, ${JSON.stringify(cl.other)}` : ''}; ${cpu(cl)}; sender ${clientCpuUsPerMsg} µs CPU/msg)`,
    );
    console.log(
      `ratio  : ${ratio} (throughput), ${(rawCpuUsPerMsg / clientCpuUsPerMsg).toFixed(3)} (CPU efficiency)`,
    );
    const stats = await fetch(`${ctl}/emulator/v1/stats`).then((r) => r.json());
    console.log('emulator stats:', JSON.stringify(stats));
    if (raw.ok !== MESSAGES || cl.ok !== MESSAGES)
      console.warn('warning: not every message was accepted (see the counts above)');
    const result = {
      date: new Date().toISOString(),
      messages: MESSAGES,
      rawPerSec,
      clientPerSec,
      ratio,
      sessions: SESSIONS,
      streams: STREAMS,
      node: process.version,
      cpus: os.cpus().length,
      transport: TLS ? 'tls' : 'h2c',
      h2BindFastPath: bindFastPath,
      rounds: ROUNDS,
      perRound,
      rawOk: raw.ok,
      clientOk: cl.ok,
      clientOther: cl.other,
      rawCpuUsPerMsg,
      clientCpuUsPerMsg,
      emulatorCpuUsPerMsg,
      senderCores: { raw: round2(raw.selfCores), client: round2(cl.selfCores) },
      emulatorCores: { raw: round2(raw.emuCores), client: round2(cl.emuCores) },
      loadAverage: loadAverage[0],
      loadAverages: { start: loadStart, end: loadAverage },
    };
    if (SAVE) {
      mkdirSync(path.join(here, 'results'), { recursive: true });
      writeFileSync(path.join(here, 'results/fcm.json'), `${JSON.stringify(result, null, 2)}\n`);
    }
  } finally {
    child.kill();
    if (urls.caFile) rmSync(urls.caFile, { force: true });
  }
}

await main();
