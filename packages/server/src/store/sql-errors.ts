/** Unique and primary-key violations of SQLite and PostgreSQL (the one test of it in the store). */
export function isUniqueViolation(e: unknown): boolean {
  const x = e as { code?: string; message?: string };
  return (
    x?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    x?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    x?.code === '23505' ||
    /unique|primary key/i.test(x?.message ?? '')
  );
}
