/**
 * The embedded default store: SQLite in one local file (better-sqlite3 through Kysely). WAL with
 * `synchronous = NORMAL`: a committed event survives the process being killed.
 *
 * ```ts
 * const store = await openSqliteStore('hearts.sqlite'); // migrated, ready
 * ```
 */
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { KyselyStore } from './kysely-store.js';
import type { Database } from './schema.js';

export async function openSqliteStore(path: string): Promise<KyselyStore> {
  const sqlite = new SQLite(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  const store = new KyselyStore(db);
  await store.migrate();
  return store;
}
