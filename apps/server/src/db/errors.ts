const codeOf = (error: unknown): unknown =>
  (error as { code?: unknown; cause?: { code?: unknown } } | null)?.code ??
  (error as { cause?: { code?: unknown } } | null)?.cause?.code;

/** Whether an error is a unique-constraint violation (PostgreSQL 23505), from node-postgres or PGlite. */
export function isUniqueViolation(error: unknown): boolean {
  return codeOf(error) === '23505';
}

/** Whether a statement gave up waiting for a lock (lock_timeout: PostgreSQL 55P03). */
export function isLockTimeout(error: unknown): boolean {
  return codeOf(error) === '55P03';
}
