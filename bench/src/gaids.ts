import { randomBytes } from 'node:crypto';

/** Fresh advertising ids (8-4-4-4-12 hex), one per new device a registration run creates. */
export function newGaids(n: number): string[] {
  const buf = randomBytes(16 * n).toString('hex');
  return Array.from({ length: n }, (_, i) => {
    const h = buf.slice(i * 32, i * 32 + 32);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  });
}
