import { hash, verify } from '@node-rs/argon2';
import { randomBytes, randomInt } from 'node:crypto';

/** Hashes a password with argon2id (the library's defaults: m=19 MiB, t=2). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** Verifies a password against its argon2 hash; false for malformed hashes. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password against an account's hash; without one (no such account, or an account without a password)
 * it verifies against a dummy hash, made once on first use, and answers false: both answers cost the same argon2
 * work, so the time of a sign-in does not tell whether the e-mail has an account.
 */
export async function verifyPasswordOrDummy(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (passwordHash) return verifyPassword(passwordHash, password);
  dummyHash ??= hashPassword(randomBytes(16).toString('base64url')).catch((err: unknown) => {
    dummyHash = undefined;
    throw err;
  });
  await verifyPassword(await dummyHash, password);
  return false;
}

/** A random password that satisfies the console's rule (digit, letter, one of !@#$%&, 8–20 chars). */
export function generatePassword(length = 16): string {
  const letters = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
  const digits = '23456789';
  const specials = '!@#$%&';
  const all = letters + digits + specials;
  const pick = (set: string) => set[randomInt(set.length)] as string;
  const chars = [pick(letters), pick(digits), pick(specials)];
  while (chars.length < length) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] as string, chars[i] as string];
  }
  return chars.join('');
}
