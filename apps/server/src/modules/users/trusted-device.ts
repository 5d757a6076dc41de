import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LIMITS } from '@beacon/shared';

/**
 * The trusted-device cookie (OWASP's "device cookie" against account lockout): set in a browser at each successful
 * password sign-in, it lets that browser's later attempts on the same e-mail skip the per-e-mail wait that
 * strangers' failures cause. Its value is a random id and a digest of the e-mail, signed with the cookie secret
 * (@fastify/cookie), so it cannot be forged nor moved to another account. Attempts carrying it are slowed down by
 * their own counter (per id), so a stolen cookie does not allow unlimited guesses either.
 */
export const DEVICE_COOKIE = 'beacon_device';

/** Only the sign-in call needs it. */
const DEVICE_COOKIE_PATH = '/tcm/v1/user/login';

function emailTag(email: string): string {
  return createHash('sha256').update(`beacon-device\n${email}`).digest('base64url').slice(0, 22);
}

/** The id of the trusted-device cookie the request carries for `email`, when it is ours and bound to that e-mail. */
export function trustedDeviceOf(req: FastifyRequest, email: string): string | undefined {
  const raw = req.cookies[DEVICE_COOKIE];
  if (!raw || raw.length > 200) return undefined;
  const { valid, value } = req.unsignCookie(raw);
  if (!valid || !value) return undefined;
  const [id, tag, ...rest] = value.split('.');
  return id && rest.length === 0 && tag === emailTag(email) ? id : undefined;
}

/** Gives the browser a new trusted-device cookie for `email`: HttpOnly, SameSite=Lax, signed, for a year. */
export function setTrustedDeviceCookie(reply: FastifyReply, email: string, secure: boolean): void {
  const id = randomBytes(16).toString('base64url');
  reply.setCookie(DEVICE_COOKIE, `${id}.${emailTag(email)}`, {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: DEVICE_COOKIE_PATH,
    maxAge: Math.floor(LIMITS.trustedDeviceTtlMs / 1000),
  });
}
