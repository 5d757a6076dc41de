import { ErrorCodes, pushRecoveryOf, type PushRecovery } from '@beacon/shared';
import { ApiError } from '../../lib/api-error';
import { safeEqual, type SecretBox } from '../../lib/secret-box';
import type { AppsRepository } from '../apps';

interface Cached {
  appId: number;
  secret: string;
  destroyed: boolean;
  /** the app's missed-push recovery, as cached with its credentials (a change applies within 30 s everywhere) */
  recovery: PushRecovery;
  until: number;
}

/** The app a device API call authenticated as, with what its calls need of it. */
export interface SdkApp {
  appId: number;
  recovery: PushRecovery;
}

const TTL_MS = 30_000;

/** While the database cannot answer, how long a key's last answer stands before it is asked again. */
const RETRY_MS = 1000;

/**
 * Authenticates the device API's HTTP Basic `appKey:appSecret`. Credentials are cached for 30 s per process, so a
 * rotated secret is refused everywhere within 30 s.
 */
export class SdkAuth {
  private cache = new Map<string, Cached | null>();
  /**
   * Authorization headers already verified, with their key's entry (the same 30 s): a device sends the same header on
   * every call, and decoding and comparing it each time was ≈ 4 % of an events call's CPU. Only headers that passed the
   * comparison are kept, so a wrong secret is always compared in constant time.
   */
  private verified = new Map<string, { key: string; entry: Cached }>();

  constructor(
    private readonly apps: AppsRepository,
    private readonly box: SecretBox,
    /** How long a key's answer is kept (tests shorten it). */
    private readonly ttlMs = TTL_MS,
  ) {}

  /**
   * The app for an Authorization header, with its recovery setting; throws 401 for missing or wrong credentials, 2007
   * for destroyed apps.
   */
  async appFor(header: string | undefined): Promise<SdkApp> {
    const known = this.known(header);
    if (known) return known;
    if (!header?.startsWith('Basic ')) throw new ApiError(ErrorCodes.NOT_SIGNED_IN);
    const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon <= 0) throw new ApiError(ErrorCodes.NOT_SIGNED_IN);
    const key = decoded.slice(0, colon);
    const secret = decoded.slice(colon + 1);
    const found = await this.lookup(key);
    if (!found || !safeEqual(found.secret, secret)) throw new ApiError(ErrorCodes.NOT_SIGNED_IN);
    if (this.verified.size > 10_000) this.verified.clear();
    this.verified.set(header, { key, entry: found });
    if (found.destroyed) throw new ApiError(ErrorCodes.APP_DESTROYED);
    return { appId: found.appId, recovery: found.recovery };
  }

  /**
   * The app of a header verified within the cache's 30 s, without waiting (the device API's hook answers most calls
   * from here); undefined: ask `appFor` (which also refuses a destroyed app).
   */
  known(header: string | undefined): SdkApp | undefined {
    const known = header === undefined ? undefined : this.verified.get(header);
    const entry = known?.entry;
    if (!entry || entry.destroyed || entry.until <= Date.now() || this.cache.get(known.key) !== entry)
      return undefined;
    return { appId: entry.appId, recovery: entry.recovery };
  }

  private async lookup(key: string): Promise<Cached | null> {
    const now = Date.now();
    const hit = this.cache.get(key);
    if (hit !== undefined && (hit === null ? false : hit.until > now)) return hit;
    if (key.length > 100) return null;
    let app: Awaited<ReturnType<AppsRepository['findByKey']>>;
    try {
      app = await this.apps.findByKey(key);
    } catch (err) {
      // The database down (a restart, a failover): the key's last answer stands, asked again a second later, so the
      // device API keeps answering the apps it knew (issue 31 §2: PostgreSQL stopped for 60 s, the calls still 200,
      // their events into the log). Nothing can have changed it meanwhile: a rotated secret or a destroyed app is a
      // write to that database. A key it never knew is refused as before.
      if (!hit) throw err;
      hit.until = now + RETRY_MS;
      return hit;
    }
    const entry = app
      ? {
          appId: app.id,
          secret: this.box.open(app.appSecretEnc),
          destroyed: app.destroy === 2,
          recovery: pushRecoveryOf(app.pushRecovery),
          until: now + this.ttlMs,
        }
      : null;
    if (this.cache.size > 10_000) this.cache.clear();
    if (entry) this.cache.set(key, entry);
    return entry;
  }

  /** Forgets a key at once in this process (after a secret rotation). */
  forget(key: string): void {
    this.cache.delete(key);
  }
}
