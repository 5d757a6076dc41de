import { createHash, randomInt } from 'node:crypto';
import {
  API_KEY_LIMITS,
  API_KEY_PATTERN,
  API_KEY_PREFIX,
  API_KEY_VISIBLE,
  ErrorCodes,
  type ApiKeyCreate,
  type ApiKeyRow,
} from '@beacon/shared';
import { ApiError, fieldError } from '../../lib/api-error';
import type { ApiKeysRepository, LiveKey } from './api-keys.repository';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 32 base62 characters: ≈190 bits, far past guessing, so a fast hash is enough to store. */
const SECRET_LENGTH = 32;
/** Cached lookups at most; past it the cache starts again (unknown keys are cached too, so a flood costs no query). */
const CACHE_MAX = 10_000;

/** What a key's call was, for its audit row. */
export interface KeyCall {
  method: string;
  url: string;
  /** the HTTP status and the envelope's `status` (business refusals travel with HTTP 200) */
  httpStatus: number;
  status: number | undefined;
  /** whether the route writes (API_KEY_ROUTES): then the call is written to the audit log */
  writes: boolean;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A new key: `bk_live_` and 32 random base62 characters. */
export function newApiKey(): string {
  let secret = '';
  for (let i = 0; i < SECRET_LENGTH; i++) secret += BASE62[randomInt(BASE62.length)];
  return API_KEY_PREFIX + secret;
}

/**
 * API keys: created (shown once, stored as SHA-256), listed, revoked by the app's owners; resolved on every request
 * that bears one, through a cache of API_KEY_LIMITS.cacheSeconds (a revocation reaches other processes within it; this
 * process forgets the key at once); a use marks the key's last use at most once a minute per process, and a mutating
 * call writes one audit row.
 */
export class ApiKeysService {
  private readonly cache = new Map<string, { key: LiveKey | undefined; until: number }>();
  private readonly touched = new Map<number, number>();

  constructor(
    private readonly repo: ApiKeysRepository,
    private readonly now: () => number = Date.now,
    private readonly onError: (err: unknown) => void = () => undefined,
  ) {}

  list(appId: number): Promise<ApiKeyRow[]> {
    return this.repo.list(appId);
  }

  async create(
    appId: number,
    input: ApiKeyCreate,
    actor: { id: number; email: string },
  ): Promise<{ key: ApiKeyRow; secret: string }> {
    if ((await this.repo.countLive(appId)) >= API_KEY_LIMITS.perApp)
      throw fieldError('name', `the app already holds ${API_KEY_LIMITS.perApp} keys: revoke one first`);
    const secret = newApiKey();
    const key = await this.repo.insert(
      {
        appId,
        name: input.name,
        prefix: secret.slice(0, API_KEY_VISIBLE),
        hashHex: sha256(secret),
        scopes: input.scopes,
      },
      actor,
    );
    return { key, secret };
  }

  async revoke(appId: number, id: number, actor: { id: number; email: string }): Promise<ApiKeyRow> {
    const row = await this.repo.revoke(appId, id, actor);
    if (!row) throw new ApiError(ErrorCodes.NOT_FOUND);
    // this process refuses it at once; the others when their cached lookup expires
    this.cache.clear();
    return row;
  }

  /** The live key `token` is, or undefined (malformed, unknown, revoked, its creator's account gone). */
  async resolve(token: string): Promise<LiveKey | undefined> {
    if (!API_KEY_PATTERN.test(token)) return undefined;
    const hash = sha256(token);
    const now = this.now();
    const cached = this.cache.get(hash);
    if (cached && cached.until > now) return cached.key;
    const key = await this.repo.findLive(hash);
    if (this.cache.size >= CACHE_MAX) this.cache.clear();
    this.cache.set(hash, { key, until: now + API_KEY_LIMITS.cacheSeconds * 1000 });
    return key;
  }

  /** Notes a call made with `key`: its last use (at most once a minute per key and process), an audit row if it writes. */
  async used(key: LiveKey, call: KeyCall): Promise<void> {
    const now = this.now();
    const last = this.touched.get(key.id);
    if (last === undefined || now - last >= API_KEY_LIMITS.lastUsedSeconds * 1000) {
      if (this.touched.size >= CACHE_MAX) this.touched.clear();
      this.touched.set(key.id, now);
      this.repo.touch([key.id]).catch(this.onError);
    }
    if (!call.writes) return;
    await this.repo.audit({
      actor: { id: key.user.id, email: key.user.email },
      area: 'api-keys',
      action: 'call',
      target: `${call.method} ${call.url}`.slice(0, 500),
      newValue: {
        keyId: key.id,
        key: key.prefix,
        name: key.name,
        appId: key.appId,
        httpStatus: call.httpStatus,
        status: call.status ?? null,
      },
    });
  }
}
