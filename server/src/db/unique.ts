/**
 * Whether a database error is a unique-key violation, on either dialect: PostgreSQL's SQLSTATE
 * 23505 or SQLite's constraint error. Services use it where a unique index settles a race (see
 * docs/design.md, "Errors").
 */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | null;
  return (
    e?.code === '23505' ||
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    /UNIQUE constraint failed/.test(e?.message ?? '')
  );
}
