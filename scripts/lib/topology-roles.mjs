// What runs on the hosts of a Topology (topology.mjs): PostgreSQL primary and streaming replica, the NATS cluster, the
// FCM emulator, Beacon's `api` and `worker` processes. Used by the scale-out tests and by `node scripts/topology.mjs`.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const REPO = path.resolve(import.meta.dirname, '../..');
export const PG_PORT = 5432;
export const API_PORT = 8080;
export const FCM_H2C_PORT = 4000;
export const FCM_CONTROL_PORT = 4001;
export const NATS_PORT = 4222;
export const NATS_ROUTE_PORT = 6222;
/** The NATS hosts of the scale-out topology (issue 31 §1: three, the stream's three replicas). */
export const NATS_HOSTS = ['nats1', 'nats2', 'nats3'];
/**
 * The hosts of the scale-out topology, in address order: `hosts.test.ts` and `node scripts/topology.mjs` start these
 * same ones (2 API hosts, 2 worker hosts, the PostgreSQL primary and its replica, 3 NATS hosts, the FCM emulator).
 */
export const TOPOLOGY_HOSTS = ['api1', 'api2', 'worker1', 'worker2', 'pg1', 'pg2', ...NATS_HOSTS, 'fcm'];

function pgBin() {
  for (const v of ['17', '16', '15']) {
    const d = `/usr/lib/postgresql/${v}/bin`;
    if (fs.existsSync(path.join(d, 'pg_ctl'))) return d;
  }
  const which = spawnSync('sh', ['-c', 'command -v pg_ctl'], { encoding: 'utf8' });
  if (which.status === 0) return path.dirname(which.stdout.trim());
  throw new Error('PostgreSQL server binaries not found (pg_ctl): install postgresql');
}

/** argv that runs a PostgreSQL binary as the postgres user (the server refuses root). */
const asPostgres = (bin, args) =>
  process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];

/** Resolves once `child` prints a line matching `re` (or rejects when it exits first or after `ms`). */
export function waitForOutput(child, re, what, ms = 60_000) {
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (d) => {
      out += String(d);
      const m = re.exec(out);
      if (m) {
        cleanup();
        resolve(m);
      }
    };
    const onExit = (code) => {
      cleanup();
      reject(new Error(`${what} exited (${code}) before it was ready:\n${out.slice(-4000)}`));
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`${what} not ready after ${ms} ms:\n${out.slice(-4000)}`));
    }, ms);
    const cleanup = () => {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.stderr?.off('data', onData);
      child.off('exit', onExit);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', onExit);
  });
}

/**
 * PostgreSQL on `host`, listening on the host's address (for the other hosts) and on a Unix socket in its folder (for
 * the test process, which has no address in the topology). With `primary` (a started PgHost), a streaming replica of
 * it made with pg_basebackup over the network. Returns { host, dir, url(db), socketUrl(db), promote(), stop() }.
 */
export async function startPostgres(topo, host, { primary } = {}) {
  const bin = pgBin();
  const dir = path.join(topo.dir, `pg-${host}`);
  fs.mkdirSync(dir, { recursive: true });
  fs.chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  if (primary) {
    const [cmd, args] = asPostgres(path.join(bin, 'pg_basebackup'), [
      '-h',
      topo.address(primary.host),
      '-p',
      String(PG_PORT),
      '-U',
      'postgres',
      '-D',
      data,
      '-R',
      '-X',
      'stream',
      '--no-sync',
    ]);
    await topo.run(host, cmd, args);
  } else {
    const [cmd, args] = asPostgres(path.join(bin, 'initdb'), [
      '-D',
      data,
      '-A',
      'trust',
      '-U',
      'postgres',
      '--no-locale',
      '-E',
      'UTF8',
      '--no-sync',
    ]);
    execFileSync(cmd, args, { stdio: 'pipe' });
    fs.appendFileSync(
      path.join(data, 'pg_hba.conf'),
      '\nhost all all 10.77.0.0/24 trust\nhost replication all 10.77.0.0/24 trust\n',
    );
  }
  const options = [
    '-D',
    data,
    '-p',
    String(PG_PORT),
    '-k',
    dir,
    '-c',
    `listen_addresses=${topo.address(host)}`,
    '-c',
    'max_connections=200',
    '-c',
    'wal_level=replica',
    '-c',
    'max_wal_senders=5',
    '-c',
    'hot_standby=on',
    '-c',
    'synchronous_commit=on',
    '-c',
    'fsync=on',
  ];
  const start = () => {
    const [cmd, args] = asPostgres(path.join(bin, 'postgres'), options);
    const child = topo.spawn(host, cmd, args);
    return waitForOutput(
      child,
      /database system is ready to accept (read-only )?connections/,
      `postgres on ${host}`,
    ).then(() => child);
  };
  let child = await start();
  const pg = {
    host,
    dir,
    /** The URL the other hosts use. */
    url: (db = 'postgres') => `postgres://postgres@${topo.address(host)}:${PG_PORT}/${db}`,
    /** The URL the test process uses (the server's Unix socket). */
    socketUrl: (db = 'postgres') =>
      `postgres://postgres@localhost:${PG_PORT}/${db}?host=${encodeURIComponent(dir)}`,
    /** Promotes a replica to primary (pg_ctl promote, waiting until it accepts writes). */
    promote: async () => {
      const [cmd, args] = asPostgres(path.join(bin, 'pg_ctl'), ['-D', data, '-w', 'promote']);
      execFileSync(cmd, args, { stdio: 'pipe' });
    },
    /** Stops the server (fast shutdown) and, with `downMs`, starts it again after that long. */
    restart: async (downMs = 0) => {
      // pg_ctl, not a signal to the child: that is runuser (as root), which does not hand SIGINT on to the server
      const exited = new Promise((r) => child.once('exit', r));
      const [cmd, args] = asPostgres(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
      execFileSync(cmd, args, { stdio: 'pipe' });
      await exited;
      await new Promise((r) => setTimeout(r, downMs));
      child = await start();
    },
    stop: () => child.kill('SIGINT'),
  };
  return pg;
}

/**
 * The path of Debian's `nats-server`, installed with apt-get when it is missing and this process may (root), waiting
 * for the package lock (another test file may be installing it at the same moment). Throws a clear error otherwise: a
 * test that needs NATS fails rather than passes without it.
 */
export function natsServerBinary() {
  const find = () => {
    const which = spawnSync('sh', ['-c', 'command -v nats-server || ls /usr/sbin/nats-server'], {
      encoding: 'utf8',
    });
    return which.status === 0 ? which.stdout.trim().split('\n')[0] : undefined;
  };
  const found = find();
  if (found) return found;
  if (process.getuid?.() === 0) {
    spawnSync('apt-get', ['-o', 'DPkg::Lock::Timeout=600', 'install', '-y', 'nats-server'], {
      stdio: 'ignore',
      timeout: 660_000,
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    const again = find();
    if (again) return again;
  }
  throw new Error(
    'nats-server not found and could not be installed: run `apt-get install -y nats-server` (Debian) to run the JetStream tests',
  );
}

/**
 * A NATS cluster with JetStream, one `nats-server` on each of `hosts` (Debian's package, installed by the tests when
 * missing), each listening on its host's address and routed to the others. Returns { hosts, url (NATS_URL: every
 * node), kill(host) }.
 */
export async function startNats(topo, hosts) {
  const bin = natsServerBinary();
  const routes = hosts.map((h) => `nats-route://${topo.address(h)}:${NATS_ROUTE_PORT}`).join(', ');
  await Promise.all(
    hosts.map((host) => {
      const dir = path.join(topo.dir, `nats-${host}`);
      fs.mkdirSync(dir, { recursive: true });
      const conf = path.join(dir, 'nats.conf');
      fs.writeFileSync(
        conf,
        `server_name: ${host}
listen: ${topo.address(host)}:${NATS_PORT}
jetstream { store_dir: "${dir}/store" }
cluster {
  name: beacon
  listen: ${topo.address(host)}:${NATS_ROUTE_PORT}
  routes: [${routes}]
}
`,
      );
      const child = topo.spawn(host, bin, ['-c', conf]);
      return waitForOutput(child, /Server is ready/, `nats-server on ${host}`);
    }),
  );
  return {
    hosts,
    url: hosts.map((h) => `nats://${topo.address(h)}:${NATS_PORT}`).join(','),
    kill: (host) => topo.kill(host),
  };
}

/** The FCM emulator on `host` (h2c for Beacon, HTTP/1.1 for the control API). Returns { host, url, controlPort }. */
export async function startFcmEmulator(topo, host, { latencyMs = 0, quota } = {}) {
  const args = [
    '--import',
    'tsx',
    path.join(REPO, 'packages/fcm-emulator/src/cli.ts'),
    '--host',
    topo.address(host),
    '--h2c-port',
    String(FCM_H2C_PORT),
    '--http1-port',
    String(FCM_CONTROL_PORT),
    '--tls-port',
    'off',
    '--latency-ms',
    String(latencyMs),
    ...(quota ? ['--quota', String(quota)] : []),
  ];
  const child = topo.spawn(host, process.execPath, args, { cwd: path.join(REPO, 'packages/fcm-emulator') });
  await waitForOutput(child, /FCM_EMULATOR_READY/, `fcm emulator on ${host}`);
  return { host, child, url: `http://${topo.address(host)}:${FCM_H2C_PORT}`, controlPort: FCM_CONTROL_PORT };
}

/**
 * `beacon <role>` on `host` (role `api` listens on the host's address, port API_PORT). `cli` is the node arguments
 * that run beacon (the built bundle or the sources through tsx), `env` what the role reads (DATABASE_URL, …).
 * Resolves once an api answers /healthz or a worker has logged that it started. Returns { host, child, out() }.
 */
export async function startBeacon(topo, host, role, { cli, cwd, env }) {
  const args = [...cli, role, ...(role === 'api' ? ['--processes', '1'] : [])];
  const child = topo.spawn(host, process.execPath, args, {
    cwd,
    env: {
      ...process.env,
      BEACON_DEMO: '0',
      LOG_LEVEL: 'info',
      HOST: topo.address(host),
      PORT: String(API_PORT),
      // the hosts share the machine's name (one UTS namespace): the System status names them as the topology does
      BEACON_HOST_NAME: host,
      ...env,
    },
  });
  let out = '';
  child.stdout.on('data', (d) => (out = (out + String(d)).slice(-200_000)));
  child.stderr.on('data', (d) => (out = (out + String(d)).slice(-200_000)));
  const ready = role === 'api' ? /Beacon \(api\) is running/ : /delivery worker started/;
  await waitForOutput(child, ready, `beacon ${role} on ${host}`, 120_000);
  return { host, role, child, out: () => out };
}
