// The fleet's client of Beacon's device API (/sdk/v1): HTTP Basic, bounded concurrency, bounded retries.

export interface FleetLog {
  info(o: object, m?: string): void;
  warn(o: object, m?: string): void;
}

export interface DeviceApiOptions {
  apiBaseUrl: string;
  appKey: string;
  appSecret: string;
  /** max registrations (and any other device call but event reports) in flight */
  concurrency: number;
  /** max event reports in flight, in a lane of their own so they never wait behind registrations (default 8) */
  eventConcurrency?: number;
  /** multiplies the retry back-off */
  delayScale: number;
  log?: FleetLog;
  /** attempts per request, default 5 */
  attempts?: number;
}

/** A call's result; when it succeeded, the answer's `data` (a heartbeat's recovered notifications). */
export type PostResult = { ok: true; data?: unknown } | { ok: false; status: number; msg: string };

/** Which queue a request waits in: device calls (registrations …) or event reports. */
export type Lane = 'devices' | 'events';

/** At most `max` tasks run at once; the others wait in FIFO order. */
export class Limiter {
  private running = 0;
  private waiting: Array<(() => void) | undefined> = [];
  private head = 0;

  constructor(private readonly max: number) {}

  /** Tasks waiting for a slot. */
  get queued(): number {
    return this.waiting.length - this.head;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.max) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await task();
    } finally {
      this.next();
    }
  }

  /** Hands the finished task's slot to the oldest waiter (O(1): no Array.shift over a long queue). */
  private next(): void {
    if (this.head === this.waiting.length) {
      this.running--;
      return;
    }
    const resolve = this.waiting[this.head];
    this.waiting[this.head++] = undefined;
    if (this.head === this.waiting.length) {
      this.waiting = [];
      this.head = 0;
    } else if (this.head > 1024 && this.head * 2 > this.waiting.length) {
      this.waiting = this.waiting.slice(this.head);
      this.head = 0;
    }
    resolve?.();
  }
}

/** Network errors, 429 and HTTP 5xx may succeed later; 4xx and Beacon statuses (2007 …) will not. */
const retryable = (status: number) => status === 0 || status === 429 || (status >= 500 && status < 600);

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Posts JSON to the device API; network errors, 429 and 5xx are retried with exponential back-off. */
export class DeviceApi {
  private readonly limiters: Record<Lane, Limiter>;
  private readonly authorization: string;
  private readonly base: string;
  private readonly attempts: number;
  private warned = 0;

  constructor(private readonly opts: DeviceApiOptions) {
    this.limiters = {
      devices: new Limiter(Math.max(1, opts.concurrency)),
      events: new Limiter(Math.max(1, opts.eventConcurrency ?? 8)),
    };
    this.authorization = `Basic ${Buffer.from(`${opts.appKey}:${opts.appSecret}`).toString('base64')}`;
    this.base = opts.apiBaseUrl.replace(/\/+$/, '');
    this.attempts = Math.max(1, opts.attempts ?? 5);
  }

  /** Requests waiting for a slot, per lane. */
  queued(): Record<Lane, number> {
    return { devices: this.limiters.devices.queued, events: this.limiters.events.queued };
  }

  /** Posts in `lane` (default `devices`); each lane has its own concurrency limit and FIFO queue. */
  async post(path: string, body: unknown, lane: Lane = 'devices'): Promise<PostResult> {
    const limiter = this.limiters[lane];
    const payload = JSON.stringify(body);
    let last: PostResult = { ok: false, status: 0, msg: 'not sent' };
    for (let attempt = 0; attempt < this.attempts; attempt++) {
      if (attempt > 0) await sleep(Math.max(10, 250 * 2 ** (attempt - 1) * this.opts.delayScale));
      last = await limiter.run(() => this.once(path, payload));
      if (last.ok || !retryable(last.status)) break;
    }
    if (!last.ok) this.warn({ path, status: last.status, msg: last.msg }, 'fleet: device API request failed');
    return last;
  }

  private async once(path: string, payload: string): Promise<PostResult> {
    try {
      const res = await fetch(`${this.base}${path}`, {
        method: 'POST',
        headers: { authorization: this.authorization, 'content-type': 'application/json' },
        body: payload,
      });
      const text = await res.text();
      let status = res.status;
      let msg = text.slice(0, 200);
      let data: unknown;
      try {
        const json = JSON.parse(text) as { status?: unknown; msg?: unknown; data?: unknown };
        if (typeof json.status === 'number') status = res.ok ? json.status : res.status;
        if (typeof json.msg === 'string') msg = json.msg;
        data = json.data;
      } catch {
        // not JSON: keep the HTTP status
      }
      return res.ok && status === 200 ? { ok: true, data } : { ok: false, status, msg };
    } catch (e) {
      return { ok: false, status: 0, msg: e instanceof Error ? e.message : String(e) };
    }
  }

  /** At most 20 warnings per fleet, so a down server does not flood the log. */
  private warn(o: object, m: string): void {
    if (this.warned++ < 20) this.opts.log?.warn(o, m);
  }
}
