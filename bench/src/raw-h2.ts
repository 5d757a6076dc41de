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
