import http from 'node:http';
import type { Topology } from '../../../../scripts/lib/topology.mjs';
import { API_PORT, startBeacon, type BeaconHost } from '../../../../scripts/lib/topology-roles.mjs';
import { CLI, serverRoot } from './cli';
import type { TestApp } from './test-app';

/**
 * Beacon on the topology's api1, api2 (with METRICS, each counting its own calls), worker1 and worker2, each with
 * `env`, and the balancer in front of the API hosts. Returns the hosts (their output, for a failure's message) and
 * the balancer's URL.
 */
export async function startApiAndWorkers(
  topo: Topology,
  env: Record<string, string>,
): Promise<{ beacons: BeaconHost[]; base: string }> {
  const opts = { cli: [...CLI], cwd: serverRoot, env };
  const api = { ...opts, env: { ...env, METRICS: '1' } };
  const beacons = await Promise.all([
    startBeacon(topo, 'api1', 'api', api),
    startBeacon(topo, 'api2', 'api', api),
    startBeacon(topo, 'worker1', 'worker', opts),
    startBeacon(topo, 'worker2', 'worker', opts),
  ]);
  const lb = await topo.open('api', ['api1', 'api2'], API_PORT);
  return { beacons, base: lb.url() };
}

/**
 * The app of a test on the host topology (entrypoints/hosts.test.ts, exactly-once.test.ts): the emulator's service
 * account for `projectId` (its token endpoint on the FCM host), an owner (owner@example.com / Owner#2024, platform
 * level 150) and the app, written through the test's own app on the primary.
 */
export async function topologyApp(
  t: TestApp,
  control: (path: string, body: unknown) => Promise<Record<string, unknown>>,
  o: { title: string; pkg: string; projectId: string; fcmAddress: string },
) {
  const sa = await control(`/projects/${o.projectId}/serviceAccounts`, {
    tokenUri: `http://${o.fcmAddress}:4000/token`,
  });
  await t.services.users.upsertAdmin('owner@example.com', 'Owner#2024', 150);
  const owner = (await t.repos.users.findByEmail('owner@example.com'))!;
  return t.services.apps.create({
    title: o.title,
    pkg: o.pkg,
    owner: { userId: owner.id, email: owner.email },
    serviceAccount: {
      json: JSON.stringify(sa),
      projectId: o.projectId,
      clientEmail: String(sa.client_email),
      fileName: 'sa.json',
    },
  });
}

/** The device API calls of `route` (register, events, …) an API host has answered, from its own /metrics. */
export async function sdkCallsOf(topo: Topology, host: string, route: string): Promise<number> {
  const direct = await topo.open(`${host}-metrics-${route}`, host, API_PORT);
  const text = await fetch(`${direct.url()}/metrics`, { signal: AbortSignal.timeout(10_000) }).then((r) =>
    r.text(),
  );
  let sum = 0;
  for (const m of text.matchAll(/^beacon_sdk_requests_total\{([^}]*)\} (\d+)/gm))
    if (m[1]!.includes(`route="${route}"`)) sum += Number(m[2]);
  return sum;
}

/** A JSON call on a connection of its own, so the balancer hands successive calls to the API hosts in turn. */
export function call<T>(
  base: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ json: T; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${path}`,
      { method: 'POST', agent: false, headers: { 'content-type': 'application/json', ...headers } },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => {
          try {
            resolve({ json: JSON.parse(text) as T, headers: res.headers });
          } catch {
            reject(new Error(`${path}: HTTP ${res.statusCode} ${text.slice(0, 300)}`));
          }
        });
      },
    );
    req.on('error', reject);
    req.setTimeout(20_000, () => req.destroy(new Error(`${path}: no answer in 20 s`)));
    req.end(JSON.stringify(body));
  });
}
