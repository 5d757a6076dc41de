// Load test: starts the emulator CLI in its own process and pushes sends at it over N sessions × 100 streams.
// Usage: node packages/fcm-emulator/scripts/load.mjs [h2c|tls] [requests=20000] [sessions=8] [...cli flags]
import { spawn } from 'node:child_process';
import { createSign } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import http2 from 'node:http2';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const [transport = 'h2c', n = '20000', s = '8', ...cliFlags] = process.argv.slice(2);
const N = Number(n);
const SESSIONS = Number(s);
const STREAMS = 100;
const caFile = join(tmpdir(), `fcm-emulator-load-${process.pid}.pem`);
const cli = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
const child = spawn(process.execPath, ['--import', 'tsx', cli, '--ca-file', caFile, ...cliFlags], {
  cwd: fileURLToPath(new URL('..', import.meta.url)),
  stdio: ['ignore', 'pipe', 'inherit'],
});
const ready = await new Promise((resolve) => {
  let buf = '';
  child.stdout.on('data', (c) => {
    buf += c;
    const m = /FCM_EMULATOR_READY (.*)\n/.exec(buf);
    if (m) resolve(JSON.parse(m[1]));
  });
});
const control = async (path, body) =>
  (
    await fetch(`${ready.http1Url}/emulator/v1${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  ).json();
const sa = await control('/projects/load/serviceAccounts', {});
const { tokens } = await control('/projects/load/devices:batchCreate', {
  count: 1000,
  packageName: 'com.load',
});
const b64 = (o) => Buffer.from(JSON.stringify(o)).toString('base64url');
const iat = Math.floor(Date.now() / 1000);
const input = `${b64({ alg: 'RS256', typ: 'JWT' })}.${b64({ iss: sa.client_email, scope: 'https://www.googleapis.com/auth/firebase.messaging', aud: sa.token_uri, iat, exp: iat + 3600 })}`;
const jwt = `${input}.${createSign('RSA-SHA256').update(input).sign(sa.private_key).toString('base64url')}`;
const grant = await fetch(sa.token_uri, {
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: `grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer&assertion=${jwt}`,
});
const { access_token } = await grant.json();

const base = transport === 'tls' ? ready.tlsUrl : ready.h2cUrl;
const sessions = Array.from({ length: SESSIONS }, () =>
  http2.connect(base, transport === 'tls' ? { ca: readFileSync(caFile) } : {}),
);
await Promise.all(sessions.map((ss) => new Promise((r) => ss.once('remoteSettings', r))));
const cpuMs = () => {
  const f = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) * 10;
};
const statuses = {};
let sent = 0;
let done = 0;
const cpu0 = cpuMs();
const t0 = performance.now();
await new Promise((resolve) => {
  const one = (session) => {
    if (sent >= N) return;
    const i = sent++;
    const req = session.request({
      ':method': 'POST',
      ':path': '/v1/projects/load/messages:send',
      authorization: `Bearer ${access_token}`,
      'content-type': 'application/json',
    });
    let status = 'error';
    const end = () => {
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (++done === N) resolve();
      else one(session);
    };
    req.on('response', (h) => (status = h[':status']));
    req.on('data', () => undefined);
    req.on('end', end);
    req.on('error', end);
    req.end(
      JSON.stringify({
        message: {
          token: tokens[i % tokens.length],
          notification: { title: 'Sale', body: '50% off' },
          data: { msg_id: `m${i}`, deeplink: 'app://promo/9' },
          android: {
            priority: 'HIGH',
            ttl: '3600s',
            collapse_key: 'promo',
            notification: { channel_id: 'promos', tag: `m${i}` },
          },
        },
      }),
    );
  };
  for (const session of sessions) for (let k = 0; k < STREAMS; k++) one(session);
});
const seconds = (performance.now() - t0) / 1000;
const serverCpu = cpuMs() - cpu0;
console.log(
  `${transport}: ${N} sends in ${seconds.toFixed(2)} s = ${Math.round(N / seconds)} req/s`,
  statuses,
);
console.log(
  `emulator CPU ${serverCpu} ms = ${((serverCpu * 1000) / N).toFixed(0)} µs/send (~${Math.round((N / serverCpu) * 1000)} sends/s per core)`,
);
for (const session of sessions) session.close();
child.kill('SIGTERM');
rmSync(caFile, { force: true });
