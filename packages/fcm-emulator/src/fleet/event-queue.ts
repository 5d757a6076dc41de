import { type EventType } from '@beacon/shared';
import { type DeviceApi } from './device-api';
import { Timers } from './timers';

export interface QueuedEvent {
  type: EventType;
  msgId: string;
  ts: number;
  reason?: number;
  /** a `received` of a notification missed-push recovery delivered */
  recovered?: boolean;
}

export interface EventCounters {
  eventsSent: number;
  eventsFailed: number;
  byType: Record<string, number>;
}

const MAX_PER_CALL = 500;

/**
 * Events queued per device and sent in one POST /sdk/v1/events per device, `flushMs` after the first queued one
 * (a real SDK batches the same way). Failed batches are counted, not re-queued: DeviceApi already retried them.
 */
export class EventQueue {
  private readonly queues = new Map<string, QueuedEvent[]>();
  private readonly timers = new Timers();
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly api: DeviceApi,
    private readonly flushMs: number,
    readonly counters: EventCounters,
  ) {}

  add(gaid: string, event: QueuedEvent): void {
    let q = this.queues.get(gaid);
    if (!q) {
      q = [];
      this.queues.set(gaid, q);
      this.timers.after(this.flushMs, () => this.flush(gaid));
    }
    q.push(event);
  }

  /** Sends every queued event now and waits for every request in flight. */
  async drain(): Promise<void> {
    this.timers.clear();
    for (const gaid of [...this.queues.keys()]) this.flush(gaid);
    while (this.inFlight.size) await Promise.all([...this.inFlight]);
  }

  private flush(gaid: string): void {
    const events = this.queues.get(gaid);
    this.queues.delete(gaid);
    if (!events?.length) return;
    for (let i = 0; i < events.length; i += MAX_PER_CALL) {
      const batch = events.slice(i, i + MAX_PER_CALL);
      const p = this.send(gaid, batch).finally(() => this.inFlight.delete(p));
      this.inFlight.add(p);
    }
  }

  private async send(gaid: string, events: QueuedEvent[]): Promise<void> {
    const res = await this.api.post('/sdk/v1/events', { gaid, events }, 'events');
    if (!res.ok) {
      this.counters.eventsFailed += events.length;
      return;
    }
    this.counters.eventsSent += events.length;
    for (const e of events) this.counters.byType[e.type] = (this.counters.byType[e.type] ?? 0) + 1;
  }
}
