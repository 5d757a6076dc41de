// One HTTP/2 request/response on a pooled session, without per-request closures or timers.
import {
  constants,
  type ClientHttp2Stream,
  type IncomingHttpHeaders,
  type OutgoingHttpHeaders,
} from 'node:http2';
import { type FcmResult, type FcmRetryResult } from './fcm-types';
import { type FcmSessionPool, type PooledSession } from './fcm-session-pool';

/** A complete HTTP answer. */
export interface RawResponse {
  status: number;
  body: string;
  retryAfter: string | undefined;
}

/** Turns a complete HTTP answer into the caller's result (may start a follow-up request). */
export type AnswerHandler<C> = (res: RawResponse, ctx: C) => FcmResult | Promise<FcmResult>;

/**
 * Told when an exchange ends (metrics): the HTTP status (`'200'`, `'503'` …) or, without a complete answer, why
 * (`timeout`, `goaway`, `reset`, `network`), and the seconds since its stream opened.
 */
export type ExchangeObserver = (status: string, seconds: number) => void;

const REQ = Symbol('fcmExchange');
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type TaggedStream = ClientHttp2Stream & { [REQ]?: Exchange<any> };

/** In-flight request state; also a node of the timeout list (oldest first). */
export class Exchange<C> implements RawResponse {
  status = 0;
  body = '';
  /** the first chunk of the answer (usually the only one), then every chunk */
  buf: Buffer | undefined = undefined;
  chunks: Buffer[] | undefined = undefined;
  linked = false;
  retryAfter: string | undefined = undefined;
  ended = false;
  done = false;
  error: Error | undefined = undefined;
  startedAt = 0;
  /** performance.now() as the stream opened, when an observer is told the duration */
  t0 = 0;
  prev: Exchange<C> | undefined = undefined;
  next: Exchange<C> | undefined = undefined;
  stream: TaggedStream | undefined = undefined;
  constructor(
    readonly tracker: ExchangeTracker<C>,
    readonly pooled: PooledSession,
    readonly ctx: C,
    readonly resolve: (o: FcmResult | Promise<FcmResult>) => void,
  ) {}
}

/**
 * Starts streams, tracks them for the per-request timeout (one sweep timer, not one per request) and
 * finishes each exactly once: an HTTP answer goes to `onAnswer`, a transport failure becomes a retry result.
 */
export class ExchangeTracker<C> {
  private head: Exchange<C> | undefined;
  private tail: Exchange<C> | undefined;
  private sweeper: NodeJS.Timeout | undefined;

  constructor(
    private readonly pool: FcmSessionPool,
    private readonly timeoutMs: number,
    private readonly now: () => number,
    private readonly onAnswer: AnswerHandler<C>,
    private readonly observe?: ExchangeObserver,
  ) {}

  /** Sends `body` with `headers` on the slot `pooled` (already taken); the timer starts as the stream opens. */
  start(pooled: PooledSession, headers: OutgoingHttpHeaders, body: string, ctx: C): Promise<FcmResult> {
    return new Promise((resolve) => {
      const ex = new Exchange(this, pooled, ctx, resolve);
      let stream: TaggedStream;
      try {
        stream = pooled.session.request(headers);
      } catch (err) {
        ex.error = err as Error;
        this.finish(ex);
        return;
      }
      ex.stream = stream;
      stream[REQ] = ex;
      stream.on('response', onResponse);
      stream.on('data', onData);
      stream.on('error', onError);
      stream.on('close', onClose);
      stream.end(body);
      this.link(ex);
    });
  }

  /** Completes an exchange: releases its slot and resolves with the answer or a retryable failure. */
  finish(ex: Exchange<C>, timedOut = false): void {
    if (ex.done) return;
    ex.done = true;
    this.unlink(ex);
    this.pool.release(ex.pooled);
    if (ex.stream) ex.stream[REQ] = undefined;
    if (ex.chunks) ex.body = Buffer.concat(ex.chunks).toString('utf8');
    else if (ex.buf) ex.body = ex.buf.toString('utf8');
    const answered = !timedOut && ex.ended && ex.status > 0;
    if (this.observe && answered) this.observe(String(ex.status), this.seconds(ex));
    if (answered) {
      ex.resolve(this.onAnswer(ex, ex.ctx));
      return;
    }
    const message = ex.error?.message;
    let result: FcmRetryResult;
    if (timedOut)
      result = { outcome: 'retry', reason: 'timeout', message: `no answer within ${this.timeoutMs} ms` };
    else if (ex.pooled.goaway)
      result = { outcome: 'retry', reason: 'goaway', message: message ?? 'session got GOAWAY' };
    else if (ex.stream && ex.stream.rstCode !== undefined && ex.stream.rstCode !== constants.NGHTTP2_NO_ERROR)
      result = { outcome: 'retry', reason: 'reset', message: message ?? `RST_STREAM ${ex.stream.rstCode}` };
    else
      result = { outcome: 'retry', reason: 'network', message: message ?? 'stream closed without an answer' };
    if (ex.status > 0) result.httpStatus = ex.status;
    this.observe?.(result.reason, this.seconds(ex));
    ex.resolve(result);
  }

  private seconds(ex: Exchange<C>): number {
    return ex.t0 > 0 ? (performance.now() - ex.t0) / 1000 : 0;
  }

  /** Stops the sweep timer. */
  close(): void {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = undefined;
  }

  private link(ex: Exchange<C>): void {
    ex.startedAt = this.now();
    if (this.observe) ex.t0 = performance.now();
    ex.linked = true;
    ex.prev = this.tail;
    if (this.tail) this.tail.next = ex;
    else this.head = ex;
    this.tail = ex;
    if (!this.sweeper) {
      const every = Math.max(5, Math.min(1000, Math.floor(this.timeoutMs / 10)));
      this.sweeper = setInterval(() => this.sweep(), every);
      this.sweeper.unref();
    }
  }

  private unlink(ex: Exchange<C>): void {
    if (!ex.linked) return;
    ex.linked = false;
    if (ex.prev) ex.prev.next = ex.next;
    else if (this.head === ex) this.head = ex.next;
    if (ex.next) ex.next.prev = ex.prev;
    else if (this.tail === ex) this.tail = ex.prev;
    ex.prev = ex.next = undefined;
  }

  private sweep(): void {
    const limit = this.now() - this.timeoutMs;
    while (this.head && this.head.startedAt <= limit) {
      const ex = this.head;
      this.finish(ex, true);
      ex.stream?.close(constants.NGHTTP2_CANCEL);
    }
    if (!this.head) this.close();
  }
}

function onResponse(this: TaggedStream, headers: IncomingHttpHeaders): void {
  const ex = this[REQ];
  if (!ex) return;
  ex.status = Number(headers[':status']);
  ex.retryAfter = headers['retry-after'];
}

function onData(this: TaggedStream, chunk: Buffer): void {
  const ex = this[REQ];
  if (!ex) return;
  if (!ex.buf) ex.buf = chunk;
  else (ex.chunks ??= [ex.buf]).push(chunk);
}

function onError(this: TaggedStream, err: Error): void {
  const ex = this[REQ];
  if (ex) ex.error = err;
}

function onClose(this: TaggedStream): void {
  const ex = this[REQ];
  if (!ex) return;
  ex.ended = this.readableEnded; // the body arrived in full ('end' precedes 'close')
  ex.tracker.finish(ex);
}
