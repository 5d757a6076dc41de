import { LIMITS } from '@beacon/shared';
import { isSafeReturnPath } from '../../../lib/navigation';

/** The bits of storage these rules use (safeStorage in the app, a fake in tests). */
export interface KeyValueStore {
  get: (key: string) => string | null;
  set: (key: string, value: string) => void;
  remove: (key: string) => void;
}

export const SSO_RETURN_KEY = 'beacon.ssoReturn';
export const DEFAULT_TARGET = '/dashboard';

/** What /login does for its query: follow an SSO link, finish SSO with a code, or check the session. */
export type LoginAction =
  { kind: 'ssoLink'; link: string } | { kind: 'code'; code: string; state?: string } | { kind: 'status' };

export function loginActionFor(search: URLSearchParams): LoginAction {
  const link = search.get('ssoLink');
  if (link) return { kind: 'ssoLink', link };
  const code = search.get('code');
  if (code) {
    const state = search.get('state');
    return state ? { kind: 'code', code, state } : { kind: 'code', code };
  }
  return { kind: 'status' };
}

/** A check value binding the stored url to its date, so a half-written or edited record is ignored. */
export function ssoStamp(url: string, at: number): string {
  let hash = 0x811c9dc5;
  for (const char of `${at}|${url}`) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/** Where the user came from before leaving for SSO: the `redirect` query, a same-site referrer, or /dashboard. */
export function ssoOrigin(search: URLSearchParams, referrer: string, origin: string): string {
  const redirect = search.get('redirect');
  if (isSafeReturnPath(redirect)) return redirect;
  if (referrer) {
    try {
      const from = new URL(referrer);
      if (from.origin === origin && !from.pathname.startsWith('/login'))
        return from.pathname + from.search + from.hash;
    } catch {
      // not a URL: ignore
    }
  }
  return DEFAULT_TARGET;
}

/** Stores the date and the url to come back to after the SSO round trip. */
export function storeSsoReturn(storage: KeyValueStore, url: string, now: number): void {
  storage.set(SSO_RETURN_KEY, JSON.stringify({ url, at: now, stamp: ssoStamp(url, now) }));
}

/** The stored return url when it is younger than LIMITS.ssoReturnMaxAgeMs, begins with a slash and its stamp matches. */
export function readSsoReturn(storage: KeyValueStore, now: number): string | null {
  const raw = storage.get(SSO_RETURN_KEY);
  if (!raw) return null;
  let record: unknown;
  try {
    record = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!record || typeof record !== 'object') return null;
  const { url, at, stamp } = record as Record<string, unknown>;
  if (typeof url !== 'string' || typeof at !== 'number' || typeof stamp !== 'string') return null;
  const age = now - at;
  if (age < 0 || age >= LIMITS.ssoReturnMaxAgeMs) return null;
  if (!isSafeReturnPath(url)) return null;
  if (stamp !== ssoStamp(url, at)) return null;
  return url;
}

/** Where to go after signing in: the `redirect` target, else a valid stored SSO return url, else /dashboard. */
export function postLoginTarget(search: URLSearchParams, storage: KeyValueStore, now: number): string {
  const stored = readSsoReturn(storage, now);
  storage.remove(SSO_RETURN_KEY);
  const redirect = search.get('redirect');
  if (isSafeReturnPath(redirect) && !redirect.startsWith('/login')) return redirect;
  return stored ?? DEFAULT_TARGET;
}
