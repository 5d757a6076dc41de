/** The request headers the cross-site check reads. */
export interface CrossSiteHeaders {
  method: string;
  origin: string | undefined;
  secFetchSite: string | undefined;
  /** The Host header as the client sent it. */
  host: string | undefined;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a state-changing request comes from another site (CSRF), after Go's CrossOriginProtection:
 * `Sec-Fetch-Site` (every current browser sends it) must be `same-origin` or `none` (typed, bookmarked); without it,
 * an `Origin` must be the console's own (PUBLIC_URL's origin or the Host the request was sent to). A request with
 * neither header does not come from a browser page, so it carries no ambient cookie on someone's behalf: allowed.
 * Returns the refused origin, or undefined when the request may proceed.
 */
export function crossSiteOrigin(h: CrossSiteHeaders, trustedOrigins: readonly string[]): string | undefined {
  if (SAFE_METHODS.has(h.method.toUpperCase())) return undefined;
  const trusted = (origin: string | undefined) => origin !== undefined && trustedOrigins.includes(origin);
  if (h.secFetchSite !== undefined) {
    if (h.secFetchSite === 'same-origin' || h.secFetchSite === 'none') return undefined;
    return trusted(h.origin) ? undefined : (h.origin ?? h.secFetchSite);
  }
  if (h.origin === undefined) return undefined;
  if (trusted(h.origin)) return undefined;
  let host: string | undefined;
  try {
    host = new URL(h.origin).host;
  } catch {
    return h.origin;
  }
  return h.host !== undefined && host === h.host.toLowerCase() ? undefined : h.origin;
}
