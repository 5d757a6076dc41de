import { createSign, createVerify, type KeyObject } from 'node:crypto';

export interface DecodedJwt {
  header: Record<string, unknown>;
  claims: Record<string, unknown>;
  signingInput: string;
  signature: Buffer;
}

function decodeJson(part: string): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof v === 'object' && v !== null && !Array.isArray(v)
      ? (v as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Splits a compact JWS into its decoded header and claims; undefined when it is not one. */
export function decodeJwt(jwt: string): DecodedJwt | undefined {
  const parts = jwt.split('.');
  if (parts.length !== 3) return undefined;
  const [h, c, s] = parts as [string, string, string];
  const header = decodeJson(h);
  const claims = decodeJson(c);
  if (header === undefined || claims === undefined) return undefined;
  return { header, claims, signingInput: `${h}.${c}`, signature: Buffer.from(s, 'base64url') };
}

/** Whether the RS256 signature of a decoded JWT verifies against the public key. */
export function verifyRs256(jwt: DecodedJwt, publicKey: KeyObject): boolean {
  return createVerify('RSA-SHA256').update(jwt.signingInput).verify(publicKey, jwt.signature);
}

/** Signs claims as an RS256 JWT with header `{"alg":"RS256","typ":"JWT","kid":...}` (as Google's libraries do). */
export function signRs256(claims: Record<string, unknown>, privateKeyPem: string, kid?: string): string {
  const header = kid === undefined ? { alg: 'RS256', typ: 'JWT' } : { alg: 'RS256', typ: 'JWT', kid };
  const input = `${Buffer.from(JSON.stringify(header)).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  const signature = createSign('RSA-SHA256').update(input).sign(privateKeyPem).toString('base64url');
  return `${input}.${signature}`;
}
