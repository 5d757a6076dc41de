// `node scripts/topology.mjs` (issue 31 §1: the tests' topology started by hand) starts the hosts the scale-out tests
// use and takes them down on Ctrl-C. Read as its user reads it: the banner, then the platform's System status
// through the balancer — four Beacon processes answering, the replica reachable, the device events on JetStream with
// three replicas — and the service-account key it wrote. Needs root, as the topology tests do.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

it('starts the tests’ topology by hand, reads its System status through the balancer, and takes it down', async () => {
  const child = spawn(process.execPath, [path.join(root, 'scripts/topology.mjs')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, BEACON_ADMIN_PASSWORD: 'Topology#Test1' },
  });
  let out = '';
  child.stdout.on('data', (d) => (out += String(d)));
  child.stderr.on('data', (d) => (out += String(d)));
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  try {
    await Promise.race([
      new Promise((resolve) => {
        const poll = setInterval(() => {
          if (out.includes('Ctrl-C stops every host')) resolve(clearInterval(poll));
        }, 200);
      }),
      exited.then((code) => {
        throw new Error(`topology.mjs exited with ${code}:\n${out}`);
      }),
    ]);
    const base = /Beacon on 10 hosts: (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
    expect(base, out).toBeDefined();
    const hosts = [...out.matchAll(/^ {2}(\w+) +10\.77\.0\.\d+ +netns (\S+)$/gm)].map((m) => m[1]);
    expect(hosts).toEqual([
      'api1',
      'api2',
      'worker1',
      'worker2',
      'pg1',
      'pg2',
      'nats1',
      'nats2',
      'nats3',
      'fcm',
      'edge',
    ]);
    const keyFile = /service-account key \(Firebase project topology-demo\): (\S+)/.exec(out)?.[1];
    expect(JSON.parse(fs.readFileSync(keyFile, 'utf8'))).toMatchObject({
      type: 'service_account',
      project_id: 'topology-demo',
    });

    const login = await fetch(`${base}/tcm/v1/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@beacon.local', password: 'Topology#Test1' }),
    });
    expect((await login.json()).status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    // the stream's leader may still be elected a moment after the start: read the status as a user refreshes it
    let status;
    for (let i = 0; i < 40; i++) {
      status = (
        await fetch(`${base}/tcm/v1/platform/system/status`, { headers: { cookie } }).then((r) => r.json())
      ).data;
      if (status?.eventsLog.replicas.some((r) => r.leader)) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const processes = status.processes.map(
      (p) => `${p.host}:${p.roles.join('+')}:${p.alive ? 'up' : 'down'}`,
    );
    expect(processes.sort()).toEqual([
      'api1:api:up',
      'api2:api:up',
      'worker1:workers:up',
      'worker2:workers:up',
    ]);
    expect(status.database).toMatchObject({ engine: 'postgres', replica: { reachable: true } });
    expect(status.eventsLog).toMatchObject({ mode: 'nats', error: null });
    expect(status.eventsLog.replicas.map((r) => r.name).sort()).toEqual(['nats1', 'nats2', 'nats3']);
  } finally {
    child.kill('SIGINT');
  }
  expect(await exited).toBe(0);
  // the namespaces went with it
  const left = spawnSync('ip', ['netns', 'list'], { encoding: 'utf8' }).stdout;
  const ns = /netns (bx-\d+-\w+)-api1/.exec(out)?.[1];
  expect(ns).toBeDefined();
  expect(left).not.toContain(ns);
}, 240_000);
