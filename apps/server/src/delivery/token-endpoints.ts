// Where a service account's signed JWT may be sent: the one rule for the upload check and the token fetch.
import type { Config } from '../config';

/** Google's OAuth token endpoint, the `token_uri` of every key file the Firebase console issues. */
export const GOOGLE_TOKEN_URI = 'https://oauth2.googleapis.com/token';

/** The built-in sandbox's token endpoint on Beacon itself (`PUBLIC_URL/emulator/token`, sandbox/sandbox.routes.ts). */
export const SANDBOX_TOKEN_PATH = '/emulator/token';

/** The token endpoints a service account may name: exact URLs, and origins on which any path is accepted. */
export interface TokenEndpoints {
  /** `origin + pathname` of each accepted URL (no query, no fragment). */
  readonly urls: readonly string[];
  /** `scheme://host[:port]` accepted with any path. */
  readonly origins: readonly string[];
}

function parse(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

const key = (url: URL) => `${url.origin}${url.pathname}`;

/**
 * The allowed token endpoints of a configuration: Google's always; with FCM_BASE_URL (an emulator or a proxy the
 * operator runs) any path on exactly that origin (scheme, host and port); without it the built-in sandbox runs
 * (`beacon serve`/`api` start it then), whose endpoint is `PUBLIC_URL/emulator/token`.
 */
export function allowedTokenEndpoints(config: Pick<Config, 'fcmBaseUrl' | 'publicUrl'>): TokenEndpoints {
  const google = key(new URL(GOOGLE_TOKEN_URI));
  if (config.fcmBaseUrl) {
    const base = parse(config.fcmBaseUrl);
    return { urls: [google], origins: base && base.origin !== 'null' ? [base.origin] : [] };
  }
  const sandbox = parse(`${config.publicUrl}${SANDBOX_TOKEN_PATH}`);
  return { urls: sandbox ? [google, key(sandbox)] : [google], origins: [] };
}

/**
 * Whether `tokenUri` is one of the allowed endpoints: an http(s) URL without user info, on an allowed origin, or
 * equal to an allowed URL (no query or fragment). Hosts are compared as the URL parser normalises them.
 */
export function isAllowedTokenUri(allowed: TokenEndpoints, tokenUri: unknown): boolean {
  if (typeof tokenUri !== 'string') return false;
  const url = parse(tokenUri);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) return false;
  if (url.username !== '' || url.password !== '') return false;
  if (allowed.origins.includes(url.origin)) return true;
  return url.search === '' && url.hash === '' && allowed.urls.includes(key(url));
}
