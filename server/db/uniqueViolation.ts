/** Whether a database error (or one it wraps, as drizzle's do) is a unique index refusing a duplicate (SQLSTATE 23505). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
