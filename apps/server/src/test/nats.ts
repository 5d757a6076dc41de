import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { natsServerBinary } from '../../../../scripts/lib/topology-roles.mjs';
import { freePort } from './pg-server';

// one finder and installer of nats-server for the tests and the hand-started topology (scripts/lib/topology-roles.mjs)
export { natsServerBinary };

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });

export interface NatsNode {
  port: number;
  process: ChildProcess | undefined;
}

export interface NatsCluster {
  /** NATS_URL: every node's client address, comma-separated. */
  url: string;
  nodes: NatsNode[];
  /** Kills node `i` (SIGKILL: a host gone). */
  kill(i: number): Promise<void>;
  /** Starts node `i` again on its port and store. */
  start(i: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts `size` nats-server processes with JetStream on 127.0.0.1 and free ports, clustered when more than one (their
 * stores in a temporary folder), and waits until every node listens.
 */
export async function startNatsCluster(size = 3): Promise<NatsCluster> {
  const bin = natsServerBinary();
  const dir = mkdtempSync(path.join(tmpdir(), 'beacon-nats-'));
  const ports = await Promise.all(Array.from({ length: size }, () => freePort()));
  const routes = await Promise.all(Array.from({ length: size }, () => freePort()));
  const nodes: NatsNode[] = ports.map((port) => ({ port, process: undefined }));
  const confOf = (i: number) => {
    const store = path.join(dir, `n${i}`);
    mkdirSync(store, { recursive: true });
    const cluster =
      size > 1
        ? `cluster {
  name: beacon
  listen: 127.0.0.1:${routes[i]}
  routes: [${routes.map((r) => `nats-route://127.0.0.1:${r}`).join(', ')}]
}`
        : '';
    const file = path.join(dir, `n${i}.conf`);
    writeFileSync(
      file,
      `server_name: n${i}
listen: 127.0.0.1:${ports[i]}
jetstream { store_dir: "${store}" }
${cluster}
`,
    );
    return file;
  };
  const confs = nodes.map((_, i) => confOf(i));
  const start = async (i: number) => {
    const child = spawn(bin, ['-c', confs[i]!], { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr?.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-4000)));
    nodes[i]!.process = child;
    const until = Date.now() + 20_000;
    while (!(await listening(nodes[i]!.port))) {
      if (child.exitCode !== null || Date.now() > until)
        throw new Error(`nats-server n${i} did not start: ${err}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const kill = async (i: number) => {
    const child = nodes[i]!.process;
    if (!child || child.exitCode !== null) return;
    const gone = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await gone;
    nodes[i]!.process = undefined;
  };
  await Promise.all(nodes.map((_, i) => start(i)));
  return {
    url: ports.map((p) => `nats://127.0.0.1:${p}`).join(','),
    nodes,
    kill,
    start,
    stop: async () => {
      await Promise.all(nodes.map((_, i) => kill(i)));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
