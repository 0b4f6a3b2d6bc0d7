/**
 * The scaled store: PostgreSQL through the same Kysely code and migrations as SQLite ({@link KyselyStore}), over a
 * connection pool shared by the process. Several server processes may use one database at once: the migrations
 * take PostgreSQL's advisory lock, and a table's event log is fenced by its primary key (table, seq), so two
 * processes can never both write the same step of a table.
 *
 * ```ts
 * const store = await openPostgresStore('postgres://postgres@127.0.0.1:5432/hearts'); // migrated, ready
 * const other = await openPostgresStore(url, { schema: 'hearts_test_1' }); // tables in their own schema
 * ```
 */
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { KyselyStore } from './kysely-store.js';
import type { Database } from './schema.js';

export interface PostgresOptions {
  readonly schema?: string; // the schema for every table (created if missing); default: the server's search_path
  readonly poolSize?: number; // connections per process (default 10)
}

/** A schema name that needs no quoting: letters, digits and underscores, starting with a letter. */
export const SCHEMA_PATTERN = /^[a-z_][a-z0-9_]{0,62}$/;

/** Whether a URL names a PostgreSQL database (postgres:// or postgresql://). */
export function isPostgresUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return (u.protocol === 'postgres:' || u.protocol === 'postgresql:') && u.pathname.length > 1;
  } catch {
    return false;
  }
}

/** Opens, migrates and returns the store; throws a clear error when the database cannot be reached. */
export async function openPostgresStore(url: string, options: PostgresOptions = {}): Promise<KyselyStore> {
  if (!isPostgresUrl(url))
    throw new Error('the database URL must look like postgres://user@host:5432/database');
  const schema = options.schema;
  if (schema !== undefined && !SCHEMA_PATTERN.test(schema))
    throw new Error(`the schema name "${schema}" must be lower-case letters, digits and underscores`);
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: 30_000,
    ...(schema === undefined ? {} : { options: `-c search_path=${schema}` }),
  });
  // A connection that breaks while idle must not take the process down; the pool replaces it.
  pool.on('error', () => undefined);
  let current: string;
  try {
    // Two processes starting at once may both create it: the loser's error is no error.
    if (schema !== undefined)
      await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`).catch((e: { code?: string }) => {
        if (e.code !== '23505' && e.code !== '42P06') throw e;
      });
    const r = await pool.query<{ schema: string | null }>('SELECT current_schema() AS schema');
    current = r.rows[0]?.schema ?? 'public';
  } catch (e) {
    await pool.end().catch(() => undefined);
    const reason = e instanceof Error ? e.message : String(e);
    throw new Error(`PostgreSQL at ${redact(url)} cannot be used: ${reason}`, { cause: e });
  }
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const store = new KyselyStore(db, () => db.destroy(), current);
  await store.migrate();
  return store;
}

/** The URL (PostgreSQL's, Redis') without its password, for messages and logs. */
export function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'the given URL';
  }
}
