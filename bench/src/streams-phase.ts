// The delivery bench's streams phase (issue 34 §3): the broadcast again with the app's event streams on, delivered
// meanwhile to a local HTTPS receiver in a process of its own; then the phase's events replayed and drained as one
// backlog; then more capacity–streams pairs in alternating order, for a ratio that no single run's noise decides.
import type { Database } from '../../apps/server/src/db/client';
import { EventStreamsRepository } from '../../apps/server/src/modules/event-streams/event-streams.repository';
import { StreamDelivery } from '../../apps/server/src/modules/event-streams/stream-delivery';
import { WebhookPoster } from '../../apps/server/src/modules/event-streams/webhook-poster';
import { round, say } from './harness';
import { startReceiverProcess } from './receiver-process';

/** What the phase reports (`streams` in the delivery bench's results). */
export interface StreamsSummary {
  events: number;
  liveDeliveredPerSec: number;
  backlog: number;
  deliveredPerSec: number;
  drainS: number;
  receiverCpuUsPerEvent: number;
  pairs?: Array<{ capacity: number; streams: number; ratio: number }>;
  ratio?: number;
}

type Broadcast<B> = (phase: 'capacity' | 'streams') => Promise<B>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs the streams broadcast (its result is returned as `phase`) with the delivery loop posting to the receiver, the
 * drain of its events replayed, and, when `capacity` (the capacity phase's result) is given, `pairs` − 1 more pairs:
 * each in the order reversed from the one before, the streams on only for the streams broadcast, and each streams
 * broadcast's events all delivered before the next broadcast starts. The ratio is of the pairs' summed rates.
 */
export async function runStreamsPhase<B extends { enginePerSec: number; dispatched: number }>(o: {
  database: Database;
  appId: number;
  box: { seal(plain: string): string; open(sealed: string): string };
  broadcast: Broadcast<B>;
  capacity: B | undefined;
  pairs: number;
  timeoutMs: number;
  onError: (err: unknown) => void;
}): Promise<{ phase: B; summary: StreamsSummary }> {
  const { database, appId, timeoutMs } = o;
  const rx = await startReceiverProcess('whsec_bench');
  await database.query(
    `INSERT INTO app_event_streams (app_id, enabled, url, types, secret) VALUES ($1, true, $2, 127, $3)`,
    [appId, rx.url, o.box.seal('whsec_bench')],
  );
  const repo = new EventStreamsRepository(database);
  const poster = new WebhookPoster({ ca: rx.caPem });
  const delivery = new StreamDelivery(repo, poster, (sealed) => o.box.open(sealed), undefined, o.onError, {
    pollMs: 200,
    appSliceMs: 60_000,
  });
  let first = 0;
  let last = 0;
  let seen = 0;
  const watch = setInterval(() => {
    if (rx.counts.events !== seen) {
      seen = rx.counts.events;
      last = performance.now();
      if (!first) first = last;
    }
  }, 20);
  delivery.start();
  /** Waits until the receiver holds `events` distinct events (or the bench's timeout). */
  const delivered = async (events: number) => {
    const t0 = performance.now();
    while (rx.counts.events < events && performance.now() - t0 < timeoutMs) await sleep(100);
  };
  const phase = await o.broadcast('streams');
  await delivered(phase.dispatched);
  clearInterval(watch);
  // the delivery's own rate: the phase's events queued again (a replay: same ids) and drained as one backlog
  const liveCpuUs = rx.counts.cpuUs;
  const live = {
    events: rx.counts.events,
    perSec: Math.round((rx.counts.events / Math.max(1, last - first)) * 1000),
  };
  const backlog = await repo.replay(appId, 1);
  const dupes0 = rx.counts.duplicates;
  const d0 = performance.now();
  delivery.kick();
  while (rx.counts.duplicates - dupes0 < backlog && performance.now() - d0 < timeoutMs) await sleep(20);
  const drainMs = performance.now() - d0;
  const pairs: Array<{ capacity: number; streams: number }> = [];
  if (o.capacity) pairs.push({ capacity: o.capacity.enginePerSec, streams: phase.enginePerSec });
  for (let p = 1; p < o.pairs && o.capacity; p++) {
    const pair = { capacity: 0, streams: 0 };
    for (const name of p % 2 ? (['streams', 'capacity'] as const) : (['capacity', 'streams'] as const)) {
      await database.query('UPDATE app_event_streams SET enabled = $2 WHERE app_id = $1', [
        appId,
        name === 'streams',
      ]);
      const events0 = rx.counts.events;
      const result = await o.broadcast(name);
      pair[name] = result.enginePerSec;
      if (name === 'streams') await delivered(events0 + result.dispatched);
    }
    pairs.push(pair);
    say(`[streams] pair ${p + 1}: ${JSON.stringify(pair)} → ${round(pair.streams / pair.capacity, 3)}`);
  }
  await delivery.stop();
  poster.close();
  await rx.down();
  if (rx.counts.badSignatures > 0) throw new Error(`${rx.counts.badSignatures} posts with a bad signature`);
  const sum = (k: 'capacity' | 'streams') => pairs.reduce((a, x) => a + x[k], 0);
  return {
    phase,
    summary: {
      events: rx.counts.events,
      liveDeliveredPerSec: live.perSec,
      backlog,
      deliveredPerSec: Math.round((backlog / drainMs) * 1000),
      // the receiver's own CPU while the phase sent (its process, not Beacon's; on the same 2 cores)
      receiverCpuUsPerEvent: round(liveCpuUs / Math.max(1, live.events), 1),
      drainS: round(drainMs / 1000, 1),
      ...(pairs.length
        ? {
            pairs: pairs.map((x) => ({ ...x, ratio: round(x.streams / x.capacity, 3) })),
            ratio: round(sum('streams') / sum('capacity'), 3),
          }
        : {}),
    },
  };
}
