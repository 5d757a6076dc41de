import type { TemplateDevice } from '@beacon/shared';
import type { FcmClient } from '../fcm-client';
import type { FcmApp, FcmResult } from '../fcm-types';
import { retryDelayMs } from '../backoff';
import type { Batch, BatchRepository, SendResult, SendResultRow } from './batch.repository';
import { LeaseLost } from './in-flight.repository';
import type { LeaseClock } from './lease-clock';
import { LOSS } from './filters';
import { SendOutcome } from './kinds';
import { RENDER_FAILED, type PayloadCache } from './payload';
import type { SpeedLimiter } from './speed-limiter';

/** A device to send to: from the batch's audience page or from its waiting send records. */
export interface SendItem {
  id: string;
  token: string | null;
  language: string;
  country: string;
  appVersion: string;
  attempts?: number;
  /** what the message's templates read (a message with templates only) */
  tpl?: TemplateDevice;
}

export interface SenderDeps {
  repo: BatchRepository;
  client: FcmClient;
  /** undefined: the app has no FCM credentials (every device is lost with 35) */
  app: FcmApp | undefined;
  payload: PayloadCache;
  limiter: SpeedLimiter | undefined;
  /** the app's Firebase project's FCM quota, shared by every sender of the project (none: no credentials) */
  quota: SpeedLimiter | undefined;
  /** FCM answered a project-quota 429: the project's shared rate goes down for every sender */
  onQuotaExceeded?: () => void;
  /** requests in flight at most (a sliding window: a new one starts as soon as one ends) */
  window: number;
  leaseSeconds: number;
  /** the run's lease on the monotonic clock: no request starts once it has run out (see LeaseClock) */
  clock: LeaseClock;
  /** how long a send with no answer (timeout) waits for the device's receipt before it may be sent again */
  receiptWindowSeconds: number;
  maxAttempts: number;
  /** epoch ms after which the message's TTL has run out */
  deadline: number;
  onAuthFailure?: (message: string) => void;
}

/**
 * Results are recorded in one statement per `repo.resultRows` devices, or after FLUSH_MS, whichever comes first. A
 * device's send is written in flight before its request (by the statement that claims it), so these windows only
 * decide how much a crash leaves to be resolved by receipts, never what is sent twice.
 */
const FLUSH_MS = 250;

/**
 * Sends one batch's devices through FCM with up to `window` requests in flight, and records their results in
 * set-based statements while it goes on sending (one at a time, so a batch's records never race each other).
 */
export class BatchSender {
  private inflight = 0;
  private wake: (() => void) | undefined;
  private buffer: SendResultRow[] = [];
  private flushing: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private failure: Error | undefined;
  /** checks the lease while requests are in flight, when no new request starts to check it */
  private fence: NodeJS.Timeout | undefined;
  /** devices recorded as waiting again (FCM retry within the TTL, or a banned window) */
  waiting = 0;
  sent = 0;

  constructor(
    private readonly deps: SenderDeps,
    private readonly batch: Batch,
  ) {}

  /**
   * Starts one device's request once the speed limit, the project's quota and the window allow it: at once
   * (undefined) when the window has room and neither paces it, else the promise of the start.
   */
  send(item: SendItem): Promise<void> | undefined {
    if (this.failure) throw this.failure;
    if (this.deps.limiter || this.deps.quota || this.inflight >= this.deps.window)
      return this.sendLater(item);
    this.start(item);
    return undefined;
  }

  private async sendLater(item: SendItem): Promise<void> {
    if (this.deps.limiter) await this.deps.limiter.take(1);
    if (this.deps.quota) await this.deps.quota.take(1);
    while (this.inflight >= this.deps.window) await new Promise<void>((r) => (this.wake = r));
    this.start(item);
  }

  private start(item: SendItem): void {
    const { app, client, payload } = this.deps;
    // fenced: past its lease this run starts nothing (another worker may hold the batch); the device stays in flight,
    // for the batch's next run to resolve by its receipt (none: it was never sent, so it is sent then)
    if (this.failure || !this.checkLease()) return;
    if (!app || item.token === null) {
      this.add(item, SendOutcome.LOST, item.token === null ? LOSS.UNINSTALLED : LOSS.INVALID_KEY, null, null);
      return;
    }
    const body = payload.body(item.token, item.language, item.tpl);
    if (body === RENDER_FAILED) {
      // never the unrendered template: the device is lost, counted with its own code
      this.add(item, SendOutcome.LOST, LOSS.TEMPLATE, null, null);
      return;
    }
    if (body === undefined) {
      this.add(item, SendOutcome.LOST, LOSS.OTHER, null, null);
      return;
    }
    this.inflight++;
    this.sent++;
    if (!this.fence) {
      this.fence = setInterval(() => this.checkLease(), 500);
      this.fence.unref();
    }
    void client.sendBody(app, body).then((r) => this.done(item, r));
  }

  /**
   * Past its lease, the run starts nothing more, and what its requests have not yet put on the wire must never get
   * there (a host cut off: its sockets would deliver them when the link is back, after another worker took over).
   */
  private checkLease(): boolean {
    if (!this.deps.clock.expired()) return true;
    if (!(this.failure instanceof LeaseLost)) {
      this.failure = new LeaseLost(this.batch.id);
      if (this.inflight > 0) this.deps.client.abortSessions();
    }
    return false;
  }

  /** Records a device that only waits (a banned window that ends before the TTL). */
  wait(item: SendItem, notBefore: number): void {
    this.waiting++;
    this.buffer.push(this.row(item, SendOutcome.PENDING, 0, null, new Date(notBefore), 0));
    this.maybeFlush();
  }

  /** Waits for every request in flight and for their records. */
  async drain(): Promise<void> {
    while (this.inflight > 0) await new Promise<void>((r) => (this.wake = r));
    clearInterval(this.fence);
    this.fence = undefined;
    if (this.timer) clearTimeout(this.timer);
    while (this.flushing || this.buffer.length) {
      if (!this.flushing) this.flush();
      await this.flushing;
    }
    if (this.failure) throw this.failure;
  }

  private done(item: SendItem, r: FcmResult): void {
    this.inflight--;
    switch (r.outcome) {
      case 'dispatched':
        this.add(item, SendOutcome.DISPATCHED, 0, r.name, null);
        break;
      case 'token_dead':
        // UNREGISTERED: the app was uninstalled (counted as one); a malformed token is only lost
        this.add(item, SendOutcome.LOST, LOSS.UNINSTALLED, null, null, r.errorCode !== 'INVALID_ARGUMENT');
        break;
      case 'sender_mismatch':
        this.add(item, SendOutcome.LOST, LOSS.SENDER_MISMATCH, null, null);
        break;
      case 'message_invalid':
        this.add(item, SendOutcome.LOST, LOSS.OTHER, null, null);
        break;
      case 'auth_error':
        this.add(item, SendOutcome.LOST, LOSS.INVALID_KEY, null, null);
        this.deps.onAuthFailure?.(r.message);
        break;
      case 'retry': {
        if (r.reason === 'quota') this.deps.onQuotaExceeded?.();
        if (r.reason === 'timeout' || r.reason === 'network' || r.reason === 'reset') {
          // no answer (a timeout, the connection lost or reset mid-request, our own sockets dropped past the lease):
          // FCM may have taken it, and it has no idempotency — the device's receipt decides, not a resend
          this.waiting++;
          const due = new Date(Date.now() + this.deps.receiptWindowSeconds * 1000);
          this.add(item, SendOutcome.IN_FLIGHT, 0, null, due);
          break;
        }
        const attempt = (item.attempts ?? 0) + 1;
        const delay = retryDelayMs(attempt, r);
        if (Date.now() + delay > this.deps.deadline || attempt >= this.deps.maxAttempts) {
          this.add(item, SendOutcome.LOST, LOSS.PROVIDER_ERROR, null, null);
        } else {
          this.waiting++;
          this.add(item, SendOutcome.PENDING, 0, null, new Date(Date.now() + delay));
        }
        break;
      }
    }
    const w = this.wake;
    this.wake = undefined;
    w?.();
  }

  private row(
    item: SendItem,
    outcome: SendResult,
    lossCode: number,
    fcmName: string | null,
    notBefore: Date | null,
    attempted: 0 | 1,
  ): SendResultRow {
    return {
      deviceId: item.id,
      outcome,
      lossCode,
      fcmName,
      notBefore,
      attempted,
      country: item.country,
      appVersion: item.appVersion,
    };
  }

  private add(
    item: SendItem,
    outcome: SendResult,
    lossCode: number,
    fcmName: string | null,
    notBefore: Date | null,
    unregistered = false,
  ): void {
    const row = this.row(item, outcome, lossCode, fcmName, notBefore, 1);
    if (unregistered) row.unregistered = true;
    this.buffer.push(row);
    this.maybeFlush();
  }

  private maybeFlush(): void {
    if (this.flushing) return;
    if (this.buffer.length >= this.deps.repo.resultRows) this.flush();
    else if (!this.timer) this.timer = setTimeout(() => this.flush(), FLUSH_MS);
  }

  private flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.flushing || this.buffer.length === 0) return;
    const rows = this.buffer;
    this.buffer = [];
    const sentAt = this.deps.clock.mark();
    this.flushing = this.deps.repo.record(this.batch, rows, this.deps.leaseSeconds).then(
      () => {
        this.deps.clock.renewed(sentAt);
        this.flushing = undefined;
        if (this.buffer.length) this.maybeFlush();
      },
      (err: unknown) => {
        this.flushing = undefined;
        this.failure ??= err instanceof Error ? err : new Error(String(err));
      },
    );
  }
}
