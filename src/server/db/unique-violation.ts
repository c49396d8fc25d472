/** True when a query failed on the named unique index (PostgreSQL and PGlite both say 23505). */
export function isUniqueViolation(error: unknown, indexName: string): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const candidate = e as { code?: string; constraint?: string; message?: string };
    if (candidate.code === '23505') {
      return candidate.constraint === indexName || (candidate.message ?? '').includes(indexName);
    }
  }
  return false;
}
