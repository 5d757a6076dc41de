/** Polls `fn` every `intervalMs` until `ok` accepts its value; fails naming `what` and the last value after `timeoutMs`. */
export async function until<T>(
  what: string,
  fn: () => Promise<T>,
  ok: (v: T) => boolean,
  timeoutMs = 40_000,
  intervalMs = 200,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** The advertising id of test device `i`: a valid GAID, unique per index. */
export const gaid = (i: number): string => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
