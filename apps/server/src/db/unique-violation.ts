/**
 * True when a PostgreSQL error (from pg or PGlite) is a unique violation (SQLSTATE 23505) of the rule
 * `name` matches: a constraint or index name, or a column, found in the error's constraint, message or
 * detail (PGlite does not always fill in `constraint`).
 */
export function isUniqueViolation(error: unknown, name: string | RegExp): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint, message, detail } = error as Record<string, unknown>;
  if (code !== '23505') return false;
  return [constraint, message, detail].some(
    (text) => typeof text === 'string' && (typeof name === 'string' ? text.includes(name) : name.test(text)),
  );
}
