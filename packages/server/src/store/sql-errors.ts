/** Unique-constraint violations of SQLite and PostgreSQL. */
export function isUniqueViolation(e: unknown): boolean {
  const x = e as { code?: string; message?: string };
  return (
    x?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    x?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    x?.code === '23505' ||
    /unique/i.test(x?.message ?? '')
  );
}
