/** A small seeded PRNG (mulberry32): the same seed gives the same sequence on every platform. */
export type Random = () => number;

export function mulberry32(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Mixes a seed and an index into a well-spread 32-bit seed, so device i is the same whatever the fleet size. */
export function deriveSeed(seed: number, index: number, stream = 0): number {
  let h =
    Math.imul((seed >>> 0) ^ 0x9e3779b9, 0x85ebca6b) ^
    Math.imul(index + 1, 0xc2b2ae35) ^
    Math.imul(stream + 1, 0x27d4eb2f);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
}

/** A value drawn with probability proportional to its weight. */
export type Weighted<T> = ReadonlyArray<readonly [T, number]>;

export function pickWeighted<T>(rnd: Random, items: Weighted<T>): T {
  let total = 0;
  for (const [, w] of items) total += w;
  let r = rnd() * total;
  for (const [value, w] of items) {
    r -= w;
    if (r < 0) return value;
  }
  const last = items[items.length - 1];
  if (last === undefined) throw new Error('pickWeighted: no items');
  return last[0];
}

export function pick<T>(rnd: Random, items: readonly T[]): T {
  const v = items[Math.floor(rnd() * items.length)];
  if (v === undefined) throw new Error('pick: no items');
  return v;
}

/** Uniform in [min, max). */
export function uniform(rnd: Random, min: number, max: number): number {
  return min + rnd() * (max - min);
}

const HEX = '0123456789abcdef';
const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** `n` characters of a 16- or 64-letter alphabet, several per random draw. */
function chars(rnd: Random, alphabet: string, n: number): string {
  const bits = alphabet.length === 64 ? 6 : 4;
  const perDraw = Math.floor(30 / bits);
  const out: string[] = [];
  while (out.length < n) {
    let v = Math.floor(rnd() * 2 ** 30);
    for (let i = 0; i < perDraw && out.length < n; i++, v >>>= bits)
      out.push(alphabet.charAt(v & ((1 << bits) - 1)));
  }
  return out.join('');
}

/** A random UUID v4 (version nibble 4, variant 8–b), the shape of an Android advertising id. */
export function uuidV4(rnd: Random): string {
  const h = chars(rnd, HEX, 32).split('');
  h[12] = '4';
  h[16] = HEX.charAt(8 + Math.floor(rnd() * 4));
  const s = h.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

/** A registration token shaped like the emulator's (`<22 chars>:APA91b<135 chars>`, base64url). */
export function fcmToken(rnd: Random): string {
  return `${chars(rnd, B64URL, 22)}:APA91b${chars(rnd, B64URL, 135)}`;
}
