import { createHash, randomBytes } from 'node:crypto';

/** A random opaque token (for cookies and mailed links) and the hash that is stored in its place. */
export function newToken(): { token: string; id: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, id: hashToken(token) };
}

/** The stored form of a token: only its SHA-256 ever reaches the database. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
