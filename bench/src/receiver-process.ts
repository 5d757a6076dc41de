// The delivery bench's webhook receiver in a process of its own (issue 34 §3): a receiver is never inside Beacon's
// process, and one there charged its CPU and its garbage collection to the engine's own event loop. It verifies every
// post's signature as docs/event-streams.md tells receivers to (the test suite's WebhookReceiver.verifies), parses the
// body and marks each event's id in a bitmap: distinct events and duplicates are counted exactly, as the test
// suite's receiver counts them, without keeping 10^6 event objects (that receiver cost 10.6 µs an event, most of it
// its Map and the collector's work over it, on the same 2 cores as the engine it measures).
// Child: `node --import tsx bench/src/receiver-process.ts` with RECEIVER_SECRET; the parent uses startReceiverProcess.
import { fork, type ChildProcess } from 'node:child_process';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { generateTls } from '@beacon/fcm-emulator/certs';
import { WebhookReceiver } from '../../apps/server/src/test/webhook-receiver';

/** The receiver's counts, as last reported (every 20 ms while they change). */
export interface ReceiverCounts {
  events: number;
  duplicates: number;
  badSignatures: number;
  /** the receiver process's CPU so far (µs, user + system) */
  cpuUs: number;
}

type FromChild = { url: string; caPem: string } | ReceiverCounts;

/** Starts the receiver's process with `secret`; `counts` is kept current, `changedAt` the time of the last change. */
export async function startReceiverProcess(secret: string): Promise<{
  url: string;
  caPem: string;
  counts: ReceiverCounts;
  down(): Promise<void>;
}> {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, RECEIVER_SECRET: secret },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const counts: ReceiverCounts = { events: 0, duplicates: 0, badSignatures: 0, cpuUs: 0 };
  const ready = new Promise<{ url: string; caPem: string }>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the receiver's process ended (${code})`)));
    child.on('message', (m: FromChild) => {
      if ('url' in m) resolve(m);
      else Object.assign(counts, m);
    });
  });
  const { url, caPem } = await ready;
  return {
    url,
    caPem,
    counts,
    down: async () => {
      child.removeAllListeners('exit');
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Event ids seen, a bit each, in blocks of 2^20 ids (the ids are a sequence's: dense within a run). */
class IdBitmap {
  private readonly blocks = new Map<number, Uint32Array>();
  size = 0;

  /** Marks `id`; false when it was marked already. */
  add(id: number): boolean {
    const key = Math.floor(id / 2 ** 20);
    let block = this.blocks.get(key);
    if (!block) this.blocks.set(key, (block = new Uint32Array(2 ** 15)));
    const bit = id - key * 2 ** 20;
    const word = bit >>> 5;
    const mask = 1 << (bit & 31);
    if (block[word]! & mask) return false;
    block[word]! |= mask;
    this.size++;
    return true;
  }
}

/** Starts the receiver: HTTPS on 127.0.0.1 with a fresh CA; each verified post's events counted by id. */
async function serve(
  secret: string,
): Promise<{ url: string; caPem: string; counts: () => Omit<ReceiverCounts, 'cpuUs'> }> {
  const tls = generateTls();
  const seen = new IdBitmap();
  let duplicates = 0;
  let badSignatures = 0;
  const server = https.createServer({ key: tls.keyPem, cert: tls.certPem }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      if (!WebhookReceiver.verifies(secret, String(req.headers['beacon-signature'] ?? ''), body)) {
        badSignatures++;
        res.writeHead(401).end('bad signature');
        return;
      }
      for (const e of (JSON.parse(body) as { events: Array<{ id: number }> }).events)
        if (!seen.add(e.id)) duplicates++;
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}/hook`,
    caPem: tls.caPem,
    counts: () => ({ events: seen.size, duplicates, badSignatures }),
  };
}

if (process.send && process.env.RECEIVER_SECRET) {
  void serve(process.env.RECEIVER_SECRET).then((rx) => {
    process.send!({ url: rx.url, caPem: rx.caPem });
    let last = '';
    setInterval(() => {
      const now = rx.counts();
      const key = JSON.stringify(now);
      if (key !== last) {
        last = key;
        const cpu = process.cpuUsage();
        process.send!({ ...now, cpuUs: cpu.user + cpu.system } satisfies ReceiverCounts);
      }
    }, 20);
  });
  process.on('SIGTERM', () => process.exit(0));
}
