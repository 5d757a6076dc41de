// `node scripts/topology.mjs`: Beacon on separate network hosts on this machine (as root), the topology the scale-out
// tests use (docs/scaling.md, Several hosts): a PostgreSQL primary and its streaming replica, three NATS hosts (the
// device events' JetStream log), the FCM emulator, two `beacon api` hosts behind a round-robin balancer and two
// `beacon worker` hosts, each in its own network namespace. Reports, exports and lists read the replica.
// Prints the console's URL (a port on 127.0.0.1 in front of the balancer) and the sign-in; Ctrl-C takes it all down.
import fs from 'node:fs';
import path from 'node:path';
import { Topology } from './lib/topology.mjs';
import {
  API_PORT,
  FCM_CONTROL_PORT,
  FCM_H2C_PORT,
  NATS_HOSTS,
  startBeacon,
  startFcmEmulator,
  startNats,
  startPostgres,
  TOPOLOGY_HOSTS,
} from './lib/topology-roles.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/server/dist/cli.mjs');
const cli = fs.existsSync(dist) ? [dist] : ['--import', 'tsx', 'src/entrypoints/cli.ts'];
const email = process.env.BEACON_ADMIN_EMAIL ?? 'admin@beacon.local';
const password = process.env.BEACON_ADMIN_PASSWORD ?? 'Topology#2026';

const PROJECT = 'topology-demo';
const topo = await Topology.create(TOPOLOGY_HOSTS);
const down = async () => {
  await topo.destroy();
  process.exit(0);
};
process.on('SIGINT', down);
process.on('SIGTERM', down);
try {
  const [primary, nats] = await Promise.all([startPostgres(topo, 'pg1'), startNats(topo, NATS_HOSTS)]);
  const [replica, fcm] = await Promise.all([
    startPostgres(topo, 'pg2', { primary }),
    startFcmEmulator(topo, 'fcm'),
  ]);
  const env = {
    DATABASE_URL: primary.url(),
    DATABASE_READ_URL: replica.url(),
    NATS_URL: nats.url,
    FCM_BASE_URL: fcm.url,
    BEACON_SECRET_KEY: process.env.BEACON_SECRET_KEY ?? 'cd'.repeat(32),
    BEACON_ADMIN_EMAIL: email,
    BEACON_ADMIN_PASSWORD: password,
  };
  const opts = { cli, cwd: path.join(root, 'apps/server'), env };
  // the first API host migrates and creates the administrator; the others then start on the migrated schema
  await startBeacon(topo, 'api1', 'api', opts);
  await Promise.all([
    startBeacon(topo, 'api2', 'api', opts),
    startBeacon(topo, 'worker1', 'worker', opts),
    startBeacon(topo, 'worker2', 'worker', opts),
  ]);
  const lb = await topo.open('api', ['api1', 'api2'], API_PORT);
  // the emulator's control API on this machine, and a service-account key of its project for a new app's form
  const control = await topo.open('fcm-control', 'fcm', FCM_CONTROL_PORT);
  const res = await fetch(`${control.url()}/emulator/v1/projects/${PROJECT}/serviceAccounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ tokenUri: `http://${topo.address('fcm')}:${FCM_H2C_PORT}/token` }),
  });
  if (!res.ok) throw new Error(`the emulator's service account: HTTP ${res.status} ${await res.text()}`);
  const keyFile = path.join(topo.dir, `${PROJECT}-service-account.json`);
  fs.writeFileSync(keyFile, JSON.stringify(await res.json(), null, 2));
  const rows = topo.hosts.map((h) => `  ${h.padEnd(8)} ${topo.address(h).padEnd(12)} netns ${topo.ns(h)}`);
  process.stdout.write(
    [
      '',
      `  Beacon on ${topo.hosts.length - 1} hosts: ${lb.url()}  (round-robin over api1, api2)`,
      `  sign in: ${email} / ${password}`,
      `  PostgreSQL primary: psql "${primary.socketUrl()}"`,
      `  replica:            psql "${replica.socketUrl()}"  (DATABASE_READ_URL of every Beacon host)`,
      `  NATS (JetStream):   ${nats.url}`,
      `  FCM emulator:       control API ${control.url()}/emulator/v1, project ${PROJECT}`,
      `  a new app's service-account key (Firebase project ${PROJECT}): ${keyFile}`,
      '',
      ...rows,
      '',
      '  a shell on a host: ip netns exec <netns> bash     faults: ip netns pids <netns> | xargs kill -9',
      '  Ctrl-C stops every host and removes the namespaces',
      '',
    ].join('\n'),
  );
} catch (err) {
  process.stderr.write(`topology: ${err instanceof Error ? err.message : String(err)}\n`);
  await topo.destroy();
  process.exit(1);
}
