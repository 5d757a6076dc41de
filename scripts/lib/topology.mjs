// Several network hosts on one machine (issue 31 §1): a Linux network namespace per host, each with one interface
// (eth0) on a private bridge that lives in a namespace of its own (the switch), with 10.77.0.0/24 addresses that exist
// only inside those namespaces. Nothing is routed to or from the machine's own network. The test process (or a person
// at a shell) reaches a host's port through a forwarder: a process inside the `edge` host that accepts on a Unix
// socket (the file system is shared across namespaces) and connects to the host's address, round-robin over several
// hosts if asked (the load balancer in front of the API hosts); `open()` adds a TCP listener on the caller's 127.0.0.1
// in front of that socket, so clients take an ordinary URL.
//
// Faults: `kill(host)` kills every process of the host (SIGKILL), `cut(host)` takes its link down at the switch (its
// processes live on, unreachable, as a host whose cable was pulled), `restore(host)` brings it back.
//
// Needs root (CAP_NET_ADMIN and CAP_SYS_ADMIN) and `ip` from iproute2; `Topology.create` throws a clear error when it
// cannot make namespaces (tests fail then, never pass silently).
import { execFile, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const SUBNET = '10.77.0';
const PREFIX = 'bx';

const ip = (args) => execFileSync('ip', args, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
const ipAsync = (args) =>
  new Promise((resolve, reject) =>
    execFile('ip', args, (err, stdout, stderr) =>
      err ? reject(new Error(`ip ${args.join(' ')}: ${stderr || err.message}`)) : resolve(stdout),
    ),
  );

/** Whether process `pid` is alive. */
const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
};

/** Deletes the namespaces of topologies whose creating process is gone (a killed test run leaves them behind). */
export function sweepStale() {
  let names;
  try {
    names = ip(['netns', 'list'])
      .split('\n')
      .map((l) => l.split(' ')[0])
      .filter(Boolean);
  } catch {
    return;
  }
  for (const name of names) {
    const m = /^bx-(\d+)-[a-z0-9]+-/.exec(name);
    if (!m || alive(Number(m[1]))) continue;
    for (const pid of pidsOf(name)) killPid(pid);
    try {
      ip(['netns', 'del', name]);
    } catch {
      /* already gone */
    }
  }
}

function pidsOf(ns) {
  try {
    return ip(['netns', 'pids', ns]).split('\n').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

function killPid(pid, signal = 'SIGKILL') {
  try {
    process.kill(pid, signal);
  } catch {
    /* gone */
  }
}

/** The forwarder run inside the edge host: a Unix socket in front of one or more host:port (round-robin). */
const FORWARDER = `
const net = require('node:net');
const fs = require('node:fs');
const [socketPath, targets] = [process.argv[1], JSON.parse(process.argv[2])];
try { fs.unlinkSync(socketPath); } catch {}
let next = 0;
net.createServer((client) => {
  const t = targets[next++ % targets.length];
  const upstream = net.connect(t.port, t.host);
  client.pipe(upstream).pipe(client);
  const end = () => { client.destroy(); upstream.destroy(); };
  client.on('error', end); upstream.on('error', end); client.on('close', end); upstream.on('close', end);
}).listen(socketPath, () => { fs.chmodSync(socketPath, 0o777); process.send?.('ready'); console.log('ready'); });
`;

export class Topology {
  /**
   * Makes the switch and one namespace per host name (`edge` is added: the forwarders run there). Host addresses are
   * 10.77.0.10, .11, … in the order given.
   */
  static async create(hosts) {
    if (process.getuid?.() !== 0)
      throw new Error('the host topology needs root (network namespaces): run the tests as root, as CI does');
    sweepStale();
    const id = `${process.pid}-${Math.random().toString(36).slice(2, 6)}`;
    const topo = new Topology(id, [...hosts, 'edge']);
    try {
      await topo.#build();
    } catch (e) {
      await topo.destroy();
      throw new Error(
        `cannot make the host topology (network namespaces and veth pairs, needs CAP_NET_ADMIN): ${e.message}`,
        { cause: e },
      );
    }
    return topo;
  }

  constructor(id, hosts) {
    this.id = id;
    this.hosts = hosts;
    this.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'beacon-topology-'));
    fs.chmodSync(this.dir, 0o777);
    /** @type {Set<import('node:child_process').ChildProcess>} */
    this.children = new Set();
    this.listeners = new Set();
    this.made = [];
  }

  /** The namespace of a host (usable with `ip netns exec`). */
  ns(host) {
    if (host !== 'sw' && !this.hosts.includes(host)) throw new Error(`no host ${host}`);
    return `${PREFIX}-${this.id}-${host}`;
  }

  /** A host's address, e.g. 10.77.0.12. */
  address(host) {
    const i = this.hosts.indexOf(host);
    if (i < 0) throw new Error(`no host ${host}`);
    return `${SUBNET}.${10 + i}`;
  }

  /** The switch-side interface name of a host's cable (≤ 15 characters). */
  #port(host) {
    return `bxp${this.id.replace('-', '').slice(-6)}${this.hosts.indexOf(host)}`.slice(0, 15);
  }

  async #build() {
    const sw = this.ns('sw');
    await ipAsync(['netns', 'add', sw]);
    this.made.push(sw);
    await ipAsync(['-n', sw, 'link', 'add', 'br0', 'type', 'bridge']);
    await ipAsync(['-n', sw, 'link', 'set', 'br0', 'up']);
    for (const host of this.hosts) {
      const ns = this.ns(host);
      const port = this.#port(host);
      await ipAsync(['netns', 'add', ns]);
      this.made.push(ns);
      await ipAsync(['link', 'add', port, 'type', 'veth', 'peer', 'name', 'eth0', 'netns', ns]);
      await ipAsync(['link', 'set', port, 'netns', sw]);
      await ipAsync(['-n', sw, 'link', 'set', port, 'master', 'br0']);
      await ipAsync(['-n', sw, 'link', 'set', port, 'up']);
      await ipAsync(['-n', ns, 'link', 'set', 'lo', 'up']);
      await ipAsync(['-n', ns, 'addr', 'add', `${this.address(host)}/24`, 'dev', 'eth0']);
      await ipAsync(['-n', ns, 'link', 'set', 'eth0', 'up']);
    }
  }

  /**
   * Starts `command args` inside `host` (its network only; file system, users and the rest are shared). The child is
   * tracked and killed by `destroy()`. `opts` as child_process.spawn's (env, cwd, stdio).
   */
  spawn(host, command, args = [], opts = {}) {
    const child = spawn('ip', ['netns', 'exec', this.ns(host), command, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      ...opts,
    });
    this.children.add(child);
    child.on('exit', () => this.children.delete(child));
    return child;
  }

  /** Runs `command args` inside `host` to its end; resolves with its stdout, rejects with its stderr. */
  run(host, command, args = [], opts = {}) {
    return new Promise((resolve, reject) =>
      execFile(
        'ip',
        ['netns', 'exec', this.ns(host), command, ...args],
        { maxBuffer: 16 << 20, ...opts },
        (err, stdout, stderr) =>
          err
            ? reject(new Error(`${command} ${args.join(' ')} on ${host}: ${stderr || err.message}`))
            : resolve(stdout),
      ),
    );
  }

  /** Kills every process of `host` at once (SIGKILL: a host that loses power). Its namespace and link stay. */
  kill(host, signal = 'SIGKILL') {
    for (const pid of pidsOf(this.ns(host))) killPid(pid, signal);
  }

  /** Pulls `host`'s cable: its link at the switch goes down; its processes run on, cut off. */
  async cut(host) {
    await ipAsync(['-n', this.ns('sw'), 'link', 'set', this.#port(host), 'down']);
  }

  /** Plugs `host`'s cable back in. */
  async restore(host) {
    await ipAsync(['-n', this.ns('sw'), 'link', 'set', this.#port(host), 'up']);
  }

  /**
   * A Unix socket, reachable from any namespace, in front of `port` on `hosts` (one host, or several taken in turn
   * per connection: the load balancer). The forwarder runs in the `edge` host, so it fails with the network, not
   * with the caller.
   */
  async socket(name, hosts, port) {
    const socketPath = path.join(this.dir, `${name}.sock`);
    const targets = (Array.isArray(hosts) ? hosts : [hosts]).map((h) => ({ host: this.address(h), port }));
    const child = this.spawn('edge', process.execPath, [
      '-e',
      FORWARDER,
      socketPath,
      JSON.stringify(targets),
    ]);
    await new Promise((resolve, reject) => {
      const onData = (d) => String(d).includes('ready') && resolve();
      child.stdout.on('data', onData);
      child.once('exit', (code) => reject(new Error(`forwarder ${name} exited (${code})`)));
    });
    return socketPath;
  }

  /**
   * `socket()` behind a TCP listener on this process's 127.0.0.1 (a free port): what an HTTP or PostgreSQL client of
   * the test takes. Returns `{ host: '127.0.0.1', port, url(scheme) }`.
   */
  async open(name, hosts, port) {
    const socketPath = await this.socket(name, hosts, port);
    const server = net.createServer((client) => {
      const upstream = net.connect(socketPath);
      client.pipe(upstream).pipe(client);
      const end = () => {
        client.destroy();
        upstream.destroy();
      };
      client.on('error', end);
      upstream.on('error', end);
      client.on('close', end);
      upstream.on('close', end);
    });
    this.listeners.add(server);
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    const local = server.address().port;
    return { host: '127.0.0.1', port: local, url: (scheme = 'http') => `${scheme}://127.0.0.1:${local}` };
  }

  /** Kills every process of every host and deletes the namespaces and the folder. */
  async destroy() {
    for (const server of this.listeners) server.close();
    for (const child of this.children) child.kill('SIGKILL');
    for (const ns of [...this.made].reverse()) {
      for (const pid of pidsOf(ns)) killPid(pid);
      try {
        await ipAsync(['netns', 'del', ns]);
      } catch {
        /* gone */
      }
    }
    this.made = [];
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
