/** Paths that work without a session: a 401 there does not bounce to sign-in. */
export const PUBLIC_PATHS = [
  '/login',
  '/register',
  '/activate',
  '/recoverpass',
  '/resetpass',
  '/invite',
] as const;

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/** A same-site path safe to navigate to after sign-in: starts with one slash, not a protocol-relative URL. */
export function isSafeReturnPath(path: string | null | undefined): path is string {
  return (
    typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\')
  );
}

/** The absolute http(s) URL a link points to, or null for anything else (javascript:, garbage). */
export function externalUrl(url: string): string | null {
  try {
    const target = new URL(url, window.location.origin);
    return target.protocol === 'http:' || target.protocol === 'https:' ? target.toString() : null;
  } catch {
    return null;
  }
}

/** Leaves the console for an absolute URL (SSO provider). Only http(s) targets are followed. */
export function navigateExternal(url: string): boolean {
  const target = externalUrl(url);
  if (!target) return false;
  window.location.assign(target);
  return true;
}
