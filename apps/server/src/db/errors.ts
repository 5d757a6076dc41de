/** Whether an error is a unique-constraint violation (PostgreSQL 23505), from node-postgres or PGlite. */
export function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: unknown; cause?: { code?: unknown } } | null)?.code ??
    (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return code === '23505';
}
