// RS256 JWT assertion for the OAuth 2.0 JWT-bearer grant (reference fcm-http-v1.md §1.2, §6.2).
import { createPrivateKey, sign, type KeyObject } from 'node:crypto';
import { type ServiceAccount } from './fcm-types';

/** The OAuth scope FCM sends need. */
export const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
/** Lifetime of the assertion; Google rejects more than 3600 s. */
export const JWT_LIFETIME_SECONDS = 3600;

/** base64url without padding. */
export function base64url(input: Buffer | string): string {
  return Buffer.from(input).toString('base64url');
}

/**
 * Builds the signed assertion: header {alg RS256, typ JWT, kid = private_key_id},
 * claims {iss = client_email, scope, aud = token_uri, iat, exp = iat + 3600}.
 */
export function buildJwtAssertion(sa: ServiceAccount, nowMs: number, key?: KeyObject): string {
  const iat = Math.floor(nowMs / 1000);
  const header: Record<string, string> = { alg: 'RS256', typ: 'JWT' };
  if (sa.private_key_id) header.kid = sa.private_key_id;
  const claims = {
    iss: sa.client_email,
    scope: FCM_SCOPE,
    aud: sa.token_uri,
    iat,
    exp: iat + JWT_LIFETIME_SECONDS,
  };
  const signingInput = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(claims))}`;
  const signature = sign('RSA-SHA256', Buffer.from(signingInput), key ?? createPrivateKey(sa.private_key));
  return `${signingInput}.${base64url(signature)}`;
}

/** The form body POSTed to `token_uri`. */
export function tokenRequestBody(assertion: string): string {
  return `grant_type=${encodeURIComponent('urn:ietf:params:oauth:grant-type:jwt-bearer')}&assertion=${encodeURIComponent(assertion)}`;
}
