/** PostgreSQL's unique_violation (23505), as thrown by node-postgres or PGlite (possibly wrapped by Drizzle). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}
