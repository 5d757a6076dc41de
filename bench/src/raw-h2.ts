// The HTTP/2 ceiling (as in bench/fcm.ts): a bare node:http2 loop, sessions × streams lanes, a bearer token fetched
// once, one FCM v1 send per request, nothing else.
import http2 from 'node:http2';
import { installH2RequestBindFastPath } from '../../apps/server/src/delivery/fcm-h2-request-bind';
import { benchConfig } from './harness';

export interface RawResult {
  ms: number;
  ok: number;
  perSec: number;
}

/** Posts `count` bodies (`body(i)`) to `origin` + `path` over `sessions` × `streams` lanes. */
export async function runRawH2(
  origin: string,
  path: string,
  bearer: string,
  count: number,
  sessions: number,
  streams: number,
  body: (i: number) => string,
): Promise<RawResult> {
  // the runtime FcmClient sets it up (unless FCM_H2_BIND_FAST_PATH=0), so that the ceiling and the client compare alike
  installH2RequestBindFastPath(benchConfig().fcm.h2BindFastPath);
  const pool = Array.from({ length: sessions }, () => http2.connect(origin));
  await Promise.all(pool.map((s) => new Promise((r) => s.once('remoteSettings', r))));
  const headers = {
    ':method': 'POST',
    ':path': path,
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
        const req = s.request(headers);
        let status = 0;
        let text = '';
        req.on('response', (h) => (status = Number(h[':status'])));
        req.on('data', (c: Buffer) => (text += c.toString()));
        req.on('close', () => {
          if (status === 200 && text.includes('"name"')) ok++;
          one();
        });
        req.on('error', () => undefined);
        req.end(body(i));
      };
      one();
    });
  const t0 = performance.now();
  const lanes: Promise<void>[] = [];
  for (const s of pool) for (let k = 0; k < streams; k++) lanes.push(lane(s));
  await Promise.all(lanes);
  const ms = performance.now() - t0;
  await Promise.all(pool.map((s) => new Promise<void>((r) => s.close(() => r()))));
  return { ms, ok, perSec: Math.round((count / ms) * 1000) };
}

/** A round of the ceiling, with the CPU a message cost this process (the client) and the server (the emulator). */
export interface RawRound extends RawResult {
  cpu: { clientCpuUsPerMsg: number; emulatorCpuUsPerMsg: number };
}

/**
 * The ceiling as the benches take it: a warm-up of at most 5,000 requests, then `rounds` rounds of `count`, each
 * with the CPU of this process and of the server (`serverCpuSeconds`, read before and after), as the phases measure
 * Beacon's. Returns the rounds and the fastest.
 */
export async function rawCeiling(opts: {
  origin: string;
  path: string;
  bearer: string;
  count: number;
  sessions: number;
  streams: number;
  body: (i: number) => string;
  rounds: number;
  serverCpuSeconds: () => number;
  say: (line: string) => void;
}): Promise<{ best: RawRound; rounds: RawRound[] }> {
  const { origin, path, bearer, count, sessions, streams, body } = opts;
  await runRawH2(origin, path, bearer, Math.min(5000, count), sessions, streams, body);
  const rounds: RawRound[] = [];
  for (let r = 0; r < opts.rounds; r++) {
    const cpu0 = process.cpuUsage();
    const server0 = opts.serverCpuSeconds();
    const x = await runRawH2(origin, path, bearer, count, sessions, streams, body);
    const used = process.cpuUsage(cpu0);
    const cpu = {
      clientCpuUsPerMsg: Math.round((used.user + used.system) / count),
      emulatorCpuUsPerMsg: Math.round(((opts.serverCpuSeconds() - server0) * 1e6) / count),
    };
    opts.say(
      `raw round ${r + 1}: ${x.perSec}/s (${x.ok}/${count} ok; CPU µs a message: client ${cpu.clientCpuUsPerMsg}, emulator ${cpu.emulatorCpuUsPerMsg})`,
    );
    rounds.push({ ...x, cpu });
  }
  return { best: rounds.reduce((a, b) => (b.perSec > a.perSec ? b : a)), rounds };
}
