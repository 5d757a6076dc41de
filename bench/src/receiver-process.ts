// The delivery bench's webhook receiver in a process of its own (issue 34 §3): a receiver is never inside Beacon's
// process, and one there — parsing every batch, verifying its signature and keeping each event for the count —
// charged its CPU and its garbage collection to the engine's own event loop. The child runs the test suite's
// WebhookReceiver (it verifies every signature as docs/event-streams.md tells receivers to) and reports its counts.
// Child: `node --import tsx bench/src/receiver-process.ts` with RECEIVER_SECRET; the parent uses startReceiverProcess.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
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

if (process.send && process.env.RECEIVER_SECRET) {
  const rx = new WebhookReceiver();
  rx.secret = process.env.RECEIVER_SECRET;
  void rx.start().then(() => {
    process.send!({ url: rx.url, caPem: rx.tls.caPem });
    let last = '';
    setInterval(() => {
      const now = { events: rx.events.size, duplicates: rx.duplicates, badSignatures: rx.badSignatures };
      const key = JSON.stringify(now);
      if (key !== last) {
        last = key;
        const cpu = process.cpuUsage();
        process.send!({ ...now, cpuUs: cpu.user + cpu.system } satisfies ReceiverCounts);
      }
    }, 20);
  });
  process.on('SIGTERM', () => void rx.down().finally(() => process.exit(0)));
}
