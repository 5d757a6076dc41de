// FCM HTTP v1 client: OAuth, per-app quota bucket, HTTP/2 session pool, result classification (reference §6.6).
import { type OutgoingHttpHeaders } from 'node:http2';
import { type FcmApp, type FcmLogger, type FcmMessage, type FcmResult } from './fcm-types';
import { FcmAuth } from './fcm-auth';
import { FcmSessionPool } from './fcm-session-pool';
import { ExchangeTracker, type RawResponse } from './fcm-exchange';
import {
  classifyError,
  classifySuccess,
  isExpiredCredential,
  parseFcmErrorBody,
  parseRetryAfter,
} from './fcm-classify';
import { TokenBucket } from './token-bucket';
import { allowedTokenEndpoints, type TokenEndpoints } from './token-endpoints';

/** Options of FcmClient; only `baseUrl` differs between production and the emulator. */
export interface FcmClientOptions {
  baseUrl: string;
  sessions?: number;
  streamsPerSession?: number;
  timeoutMs?: number;
  ca?: string | Buffer;
  ratePerMinute?: number;
  /** node:http2's request bind fast path (fcm-h2-request-bind.ts; FCM_H2_BIND_FAST_PATH); default on. */
  h2BindFastPath?: boolean;
  logger?: FcmLogger;
  now?: () => number;
  /**
   * Where service accounts may send their assertions; default Google's token endpoint and `baseUrl`'s origin
   * (the delivery runtime passes allowedTokenEndpoints of the config).
   */
  tokenEndpoints?: TokenEndpoints;
  /** Told every request's answer and duration, and every wait for the quota bucket (metrics); none by default. */
  observer?: FcmClientObserver;
}

/** What the client tells the process's metrics (the delivery engine's DeliveryMetrics port extends it). */
export interface FcmClientObserver {
  /**
   * One HTTP request to FCM ended: its HTTP status (`'200'`, `'429'` …) or, without a complete answer, why
   * (`timeout`, `goaway`, `reset`, `network`), and its duration from the stream's opening, in seconds.
   */
  fcmRequest(status: string, seconds: number): void;
  /** A send waited for its app's quota bucket (FCM_RATE_PER_MIN, lowered after 429s); only when it waited. */
  tokenWait(bucket: 'fcm_quota', seconds: number): void;
}

/** Defaults of reference §6.1. */
export const FCM_DEFAULTS = {
  baseUrl: 'https://fcm.googleapis.com',
  sessions: 16,
  streamsPerSession: 100,
  timeoutMs: 15_000,
  ratePerMinute: 570_000,
} as const;

interface AppState {
  bucket: TokenBucket;
  path: string;
  token: string | undefined;
  headers: OutgoingHttpHeaders | undefined;
}

interface RequestContext {
  app: FcmApp;
  st: AppState;
  token: string;
  body: string;
  isRetry: boolean;
}

const CLOSED: FcmResult = { outcome: 'retry', reason: 'network', message: 'FCM client closed' };

/**
 * Sends FCM v1 messages; every outcome is returned as an FcmResult, never thrown. The common path (token
 * cached, bucket and pool have room) creates one promise and no closure per message.
 */
export class FcmClient {
  private readonly pool: FcmSessionPool;
  private readonly tracker: ExchangeTracker<RequestContext>;
  private readonly auth: FcmAuth;
  private readonly apps = new Map<string, AppState>();
  private readonly pathPrefix: string;
  private readonly ratePerMinute: number;
  private readonly now: () => number;
  private closed = false;

  constructor(private readonly opts: FcmClientOptions) {
    const base = new URL(opts.baseUrl);
    if (base.protocol !== 'https:' && base.protocol !== 'http:')
      throw new Error(`FCM base URL must be http(s): ${opts.baseUrl}`);
    this.now = opts.now ?? Date.now;
    this.pathPrefix = base.pathname.replace(/\/+$/, '');
    this.ratePerMinute = opts.ratePerMinute ?? FCM_DEFAULTS.ratePerMinute;
    const timeoutMs = opts.timeoutMs ?? FCM_DEFAULTS.timeoutMs;
    const poolOpts: ConstructorParameters<typeof FcmSessionPool>[0] = {
      origin: base.origin,
      sessions: Math.max(1, opts.sessions ?? FCM_DEFAULTS.sessions),
      streamsPerSession: Math.max(1, opts.streamsPerSession ?? FCM_DEFAULTS.streamsPerSession),
      connectTimeoutMs: timeoutMs,
      h2BindFastPath: opts.h2BindFastPath ?? true,
    };
    if (opts.ca !== undefined) poolOpts.ca = opts.ca;
    if (opts.logger) poolOpts.logger = opts.logger;
    this.pool = new FcmSessionPool(poolOpts);
    const observer = opts.observer;
    this.tracker = new ExchangeTracker(
      this.pool,
      timeoutMs,
      this.now,
      (res, ctx) => this.onAnswer(res, ctx),
      observer ? (status, seconds) => observer.fcmRequest(status, seconds) : undefined,
    );
    const authOpts: ConstructorParameters<typeof FcmAuth>[0] = {
      tokenEndpoints:
        opts.tokenEndpoints ?? allowedTokenEndpoints({ fcmBaseUrl: opts.baseUrl, publicUrl: '' }),
      timeoutMs,
      now: this.now,
    };
    if (opts.ca !== undefined) authOpts.ca = opts.ca;
    if (opts.logger) authOpts.logger = opts.logger;
    this.auth = new FcmAuth(authOpts);
  }

  /** One attempt (plus the single 401-refresh retry), after taking a token from the app's bucket. */
  send(app: FcmApp, message: FcmMessage, opts?: { validateOnly?: boolean }): Promise<FcmResult> {
    const json = JSON.stringify(message);
    return this.sendBody(
      app,
      opts?.validateOnly ? `{"validate_only":true,"message":${json}}` : `{"message":${json}}`,
    );
  }

  /** As `send`, with the request body already serialised (`{"message":…}`): the delivery engine's per-device path. */
  sendBody(app: FcmApp, body: string): Promise<FcmResult> {
    const st = this.stateFor(app);
    const wait = st.bucket.take();
    if (!wait) return this.dispatch(app, st, body, false);
    const observer = this.opts.observer;
    if (!observer) return wait.then(() => this.dispatch(app, st, body, false));
    const t0 = performance.now();
    return wait.then(() => {
      observer.tokenWait('fcm_quota', (performance.now() - t0) / 1000);
      return this.dispatch(app, st, body, false);
    });
  }

  /** The app's quota bucket (created on first use); exposed for metrics and tests. */
  bucketFor(app: FcmApp): TokenBucket {
    return this.stateFor(app).bucket;
  }

  /** Pool figures: ready/connecting sessions, streams in use, sessions opened so far. */
  poolStats(): ReturnType<FcmSessionPool['stats']> {
    return this.pool.stats();
  }

  /** Drops every session and what it has not sent yet (FcmSessionPool.abort): a cut-off worker's lease ran out. */
  abortSessions(): void {
    this.pool.abort();
  }

  /** Closes sessions gracefully and stops timers. */
  async close(): Promise<void> {
    this.closed = true;
    for (const st of this.apps.values()) st.bucket.close();
    await this.pool.close();
    this.tracker.close();
  }

  /** Fast path: cached token and a free slot → start the stream; otherwise the async slow path. */
  private dispatch(app: FcmApp, st: AppState, body: string, isRetry: boolean): Promise<FcmResult> {
    if (this.closed) return Promise.resolve(CLOSED);
    const token = this.auth.peek(app.appId);
    const pooled = token === undefined ? undefined : this.pool.tryAcquire();
    if (token === undefined || pooled === undefined) return this.dispatchSlow(app, st, body, isRetry);
    return this.tracker.start(pooled, this.headersFor(st, token), body, { app, st, token, body, isRetry });
  }

  private async dispatchSlow(app: FcmApp, st: AppState, body: string, isRetry: boolean): Promise<FcmResult> {
    const got = await this.auth.get(app);
    if (typeof got !== 'string') {
      if (got.outcome === 'auth_error')
        this.opts.logger?.error(
          { appId: app.appId, message: got.message },
          'fcm token endpoint refused the service account',
        );
      return got;
    }
    let pooled = this.pool.tryAcquire();
    if (!pooled) {
      const slot = await this.pool.wait();
      if (slot instanceof Error) return { outcome: 'retry', reason: 'network', message: slot.message };
      pooled = slot;
    }
    return this.tracker.start(pooled, this.headersFor(st, got), body, { app, st, token: got, body, isRetry });
  }

  private onAnswer(res: RawResponse, ctx: RequestContext): FcmResult | Promise<FcmResult> {
    if (res.status === 200) return classifySuccess(res.body);
    const err = parseFcmErrorBody(res.body);
    if (!ctx.isRetry && isExpiredCredential(res.status, err)) {
      this.auth.invalidate(ctx.app.appId, ctx.token);
      return this.dispatch(ctx.app, ctx.st, ctx.body, true);
    }
    const result = classifyError(res.status, err, parseRetryAfter(res.retryAfter, this.now()));
    if (result.outcome === 'retry' && result.reason === 'quota') ctx.st.bucket.onQuotaExceeded();
    else if (result.outcome === 'auth_error')
      this.opts.logger?.error(
        { appId: ctx.app.appId, httpStatus: result.httpStatus, message: result.message },
        'fcm rejected the credentials',
      );
    return result;
  }

  private headersFor(st: AppState, token: string): OutgoingHttpHeaders {
    if (st.token !== token || !st.headers) {
      st.token = token;
      st.headers = {
        ':method': 'POST',
        ':path': st.path,
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
      };
    }
    return st.headers;
  }

  private stateFor(app: FcmApp): AppState {
    let st = this.apps.get(app.appId);
    if (!st) {
      st = {
        bucket: new TokenBucket({ ratePerMinute: this.ratePerMinute, now: this.now }),
        path: `${this.pathPrefix}/v1/projects/${encodeURIComponent(app.serviceAccount.project_id)}/messages:send`,
        token: undefined,
        headers: undefined,
      };
      this.apps.set(app.appId, st);
    }
    return st;
  }
}
