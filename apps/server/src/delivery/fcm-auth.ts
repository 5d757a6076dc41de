// OAuth access tokens per app: cached, refreshed ahead of expiry, one refresh in flight per app.
import { createPrivateKey, type KeyObject } from 'node:crypto';
import { type FcmApp, type FcmLogger, type FcmResult } from './fcm-types';
import { buildJwtAssertion, tokenRequestBody } from './fcm-jwt';
import { postTokenRequest } from './fcm-token-endpoint';
import { isAllowedTokenUri, type TokenEndpoints } from './token-endpoints';
import { excerpt } from '../lib/excerpt';

/** Refresh this long before expiry (as firebase-admin), or at half-life for tokens shorter than twice that. */
export const REFRESH_MARGIN_MS = 5 * 60_000;

interface CacheEntry {
  token?: string;
  refreshAt: number;
  expiresAt: number;
  inflight?: Promise<string | FcmResult>;
  key?: KeyObject;
  keyPem?: string;
}

/** Options of FcmAuth. */
export interface FcmAuthOptions {
  /** Where service accounts may send their assertions (allowedTokenEndpoints); any other token_uri is refused. */
  tokenEndpoints: TokenEndpoints;
  ca?: string | Buffer;
  timeoutMs?: number;
  now?: () => number;
  logger?: FcmLogger;
}

/** Issues Bearer tokens for apps from their service accounts. */
export class FcmAuth {
  private readonly cache = new Map<string, CacheEntry>();
  private readonly now: () => number;

  constructor(private readonly opts: FcmAuthOptions) {
    this.now = opts.now ?? Date.now;
  }

  /** The cached token when it is fresh; synchronous so the hot path needs no promise. */
  peek(appId: string): string | undefined {
    const e = this.cache.get(appId);
    return e?.token !== undefined && this.now() < e.refreshAt ? e.token : undefined;
  }

  /** A fresh token, fetching it if needed (callers share one in-flight fetch); an FcmResult on failure. */
  get(app: FcmApp): Promise<string | FcmResult> {
    const cached = this.peek(app.appId);
    if (cached !== undefined) return Promise.resolve(cached);
    let e = this.cache.get(app.appId);
    if (!e) {
      e = { refreshAt: 0, expiresAt: 0 };
      this.cache.set(app.appId, e);
    }
    if (e.inflight) return e.inflight;
    const entry = e;
    const p = this.fetch(app, entry).finally(() => {
      if (entry.inflight === p) entry.inflight = undefined;
    });
    entry.inflight = p;
    return p;
  }

  /** Drops `token` after the server rejected it (a newer token obtained meanwhile is kept). */
  invalidate(appId: string, token: string): void {
    const e = this.cache.get(appId);
    if (e?.token === token) {
      e.token = undefined;
      e.refreshAt = 0;
    }
  }

  /** Forgets an app (e.g. its service account changed). */
  forget(appId: string): void {
    this.cache.delete(appId);
  }

  private async fetch(app: FcmApp, e: CacheEntry): Promise<string | FcmResult> {
    const sa = app.serviceAccount;
    // the signed assertion goes only to an allowed endpoint: refused here, before any connection
    if (!isAllowedTokenUri(this.opts.tokenEndpoints, sa.token_uri)) return refusedTokenUri(sa.token_uri);
    let assertion: string;
    try {
      if (!e.key || e.keyPem !== sa.private_key) {
        e.key = createPrivateKey(sa.private_key);
        e.keyPem = sa.private_key;
      }
      assertion = buildJwtAssertion(sa, this.now(), e.key);
    } catch (err) {
      return {
        outcome: 'auth_error',
        httpStatus: 0,
        message: `service account private_key unusable: ${(err as Error).message}`,
      };
    }
    const fetchOpts: { ca?: string | Buffer; timeoutMs: number; now: () => number } = {
      timeoutMs: this.opts.timeoutMs ?? 15_000,
      now: this.now,
    };
    if (this.opts.ca !== undefined) fetchOpts.ca = this.opts.ca;
    const started = this.now();
    const r = await postTokenRequest(sa.token_uri, tokenRequestBody(assertion), fetchOpts);
    if (!r.ok) return r.result;
    const lifetime = Math.max(0, r.expiresInMs);
    e.token = r.accessToken;
    e.expiresAt = started + lifetime;
    e.refreshAt = started + lifetime - Math.min(REFRESH_MARGIN_MS, lifetime / 2);
    this.opts.logger?.info({ appId: app.appId, expiresInMs: lifetime }, 'fcm access token fetched');
    return r.accessToken;
  }
}

/** A credential failure naming token_uri (shown in the fcm_credentials alert), with a bounded excerpt of it. */
function refusedTokenUri(tokenUri: unknown): FcmResult {
  let shown = '';
  try {
    shown = new URL(String(tokenUri)).origin;
  } catch {
    shown = String(tokenUri);
  }
  return {
    outcome: 'auth_error',
    httpStatus: 0,
    message: `service account token_uri refused: ${excerpt(shown, 100) || '(none)'} is not an allowed token endpoint (Google's, the FCM_BASE_URL origin or the sandbox's)`,
  };
}
