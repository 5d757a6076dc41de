// A pool of HTTP/2 sessions to one origin with per-session stream slots (reference fcm-http-v1.md §5.1).
import http2, { type ClientHttp2Session, type Settings } from 'node:http2';
import { type FcmLogger } from './fcm-types';
import { installH2RequestBindFastPath } from './fcm-h2-request-bind';

/** One HTTP/2 session of the pool and its stream accounting. */
export class PooledSession {
  active = 0;
  /** min(streamsPerSession, the server's SETTINGS_MAX_CONCURRENT_STREAMS); 0 until SETTINGS arrive. */
  limit = 0;
  ready = false;
  usable = true;
  goaway = false;
  constructor(
    readonly id: number,
    readonly session: ClientHttp2Session,
  ) {}
}

/** Options of FcmSessionPool. */
export interface FcmSessionPoolOptions {
  origin: string;
  sessions: number;
  streamsPerSession: number;
  ca?: string | Buffer;
  connectTimeoutMs: number;
  /** Install node:http2's request bind fast path (fcm-h2-request-bind.ts); default on. */
  h2BindFastPath?: boolean;
  logger?: FcmLogger;
}

type Waiter = (s: PooledSession | Error) => void;

/**
 * Opens sessions lazily (up to `sessions`), hands out stream slots on the least-loaded ready session and
 * queues callers when every slot is taken. A session that gets GOAWAY or an error leaves the pool at once
 * (its open streams finish or fail on their own) and a replacement is opened on demand.
 */
export class FcmSessionPool {
  private readonly ready: PooledSession[] = [];
  private connecting = 0;
  private nextId = 1;
  private readonly waiters: Waiter[] = [];
  private waiterHead = 0;
  private closed = false;
  private readonly all = new Set<PooledSession>();
  /** Sessions opened since start (for tests and logs). */
  opened = 0;

  constructor(private readonly opts: FcmSessionPoolOptions) {
    installH2RequestBindFastPath(opts.h2BindFastPath ?? true);
  }

  /** A slot on the least-loaded session, or undefined when the caller must `wait()`. */
  tryAcquire(): PooledSession | undefined {
    if (this.waiterHead < this.waiters.length || this.closed) {
      this.ensureCapacity();
      return undefined;
    }
    let best: PooledSession | undefined;
    let bestActive = Infinity;
    for (let i = 0; i < this.ready.length; i++) {
      const s = this.ready[i]!;
      if (s.active < s.limit && s.active < bestActive) {
        best = s;
        bestActive = s.active;
        if (bestActive === 0) break;
      }
    }
    if (bestActive > 0) this.ensureCapacity();
    if (best) best.active++;
    return best;
  }

  /** Resolves with a slot when one frees up, or with an Error when no session can be opened. */
  wait(): Promise<PooledSession | Error> {
    if (this.closed) return Promise.resolve(new Error('FCM client closed'));
    return new Promise((resolve) => {
      this.waiters.push(resolve);
      this.ensureCapacity();
    });
  }

  /** Returns a slot taken with tryAcquire/wait. */
  release(s: PooledSession): void {
    s.active--;
    if (this.waiterHead < this.waiters.length) {
      if (s.usable && s.active < s.limit) {
        s.active++;
        this.shiftWaiter()(s);
      } else {
        this.pump();
      }
    }
    if (!s.usable && s.active === 0 && !s.session.closed) s.session.close();
  }

  /** Sessions currently dispatchable, and slots in use across the pool. */
  stats(): { ready: number; connecting: number; active: number; opened: number } {
    let active = 0;
    for (const s of this.all) active += s.active;
    return { ready: this.ready.length, connecting: this.connecting, active, opened: this.opened };
  }

  /** Closes every session gracefully (in-flight streams finish); queued callers get an Error. */
  async close(): Promise<void> {
    this.closed = true;
    this.failWaiters(new Error('FCM client closed'));
    const done = [...this.all].map(
      (s) =>
        new Promise<void>((resolve) => (s.session.closed ? resolve() : s.session.close(() => resolve()))),
    );
    await Promise.all(done);
  }

  private shiftWaiter(): Waiter {
    const w = this.waiters[this.waiterHead]!;
    this.waiters[this.waiterHead++] = undefined as unknown as Waiter;
    if (this.waiterHead === this.waiters.length) {
      this.waiters.length = 0;
      this.waiterHead = 0;
    }
    return w;
  }

  /** Hands free slots to queued callers, least-loaded first. */
  private pump(): void {
    while (this.waiterHead < this.waiters.length) {
      let best: PooledSession | undefined;
      for (const s of this.ready) if (s.active < s.limit && (!best || s.active < best.active)) best = s;
      if (!best) break;
      best.active++;
      this.shiftWaiter()(best);
    }
    if (this.waiterHead < this.waiters.length) this.ensureCapacity();
  }

  /**
   * Drops every session at once, discarding what their sockets have not sent (a TCP reset, not a close that would
   * still deliver it): a worker whose lease ran out while cut off must not have its requests reach FCM when the link
   * comes back. Their requests end with a network error; new ones open new sessions.
   */
  abort(): void {
    for (const s of this.all) {
      const socket = s.session.socket as unknown as { resetAndDestroy?: () => void } | undefined;
      try {
        socket?.resetAndDestroy?.();
      } catch {
        // the socket is gone already
      }
      s.session.destroy();
    }
  }

  private ensureCapacity(): void {
    if (!this.closed && this.ready.length + this.connecting < this.opts.sessions) this.open();
  }

  private open(): void {
    const { origin, ca, connectTimeoutMs, logger } = this.opts;
    const options: http2.SecureClientSessionOptions = {
      settings: { enablePush: false },
      maxSessionMemory: 64,
    };
    if (ca !== undefined) options.ca = ca;
    const session = http2.connect(origin, options);
    const s = new PooledSession(this.nextId++, session);
    this.connecting++;
    this.opened++;
    this.all.add(s);
    const connectTimer = setTimeout(
      () => session.destroy(new Error(`FCM connect timeout after ${connectTimeoutMs} ms`)),
      connectTimeoutMs,
    );
    session.on('remoteSettings', (settings: Settings) => {
      s.limit = Math.max(
        1,
        Math.min(this.opts.streamsPerSession, settings.maxConcurrentStreams ?? this.opts.streamsPerSession),
      );
      if (s.ready || !s.usable) return;
      clearTimeout(connectTimer);
      s.ready = true;
      this.connecting--;
      this.ready.push(s);
      this.pump();
    });
    session.on('goaway', (code: number, lastStreamID: number) => {
      s.goaway = true;
      logger?.warn({ session: s.id, code, lastStreamID, active: s.active }, 'fcm session got GOAWAY');
      this.retire(s);
    });
    session.on('error', (err: Error) => {
      logger?.warn({ session: s.id, err: err.message }, 'fcm session error');
      this.retire(s, err);
    });
    session.on('close', () => {
      clearTimeout(connectTimer);
      this.retire(s, new Error('FCM session closed'));
      this.all.delete(s);
    });
  }

  /** Takes a session out of dispatch; fails queued callers if nothing is left to serve them. */
  private retire(s: PooledSession, err?: Error): void {
    if (!s.usable) return;
    s.usable = false;
    if (s.ready) {
      const i = this.ready.indexOf(s);
      if (i >= 0) this.ready.splice(i, 1);
    } else {
      this.connecting--;
    }
    if (s.active === 0 && !s.session.closed && !s.session.destroyed) s.session.close();
    if (this.waiterHead >= this.waiters.length) return;
    if (!s.ready && err && this.ready.length === 0) {
      // the connection itself failed: don't spin reconnecting, let the callers back off
      this.failWaiters(err);
      return;
    }
    this.pump();
  }

  private failWaiters(err: Error): void {
    while (this.waiterHead < this.waiters.length) this.shiftWaiter()(err);
  }
}
