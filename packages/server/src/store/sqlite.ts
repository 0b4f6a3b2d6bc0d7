/**
 * The embedded default store: SQLite in one local file (better-sqlite3 through Kysely). WAL with
 * `synchronous = NORMAL`: a committed event survives the process being killed.
 *
 * ```ts
 * const store = await openSqliteStore('hearts.sqlite'); // migrated, ready
 * ```
 */
import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { KyselyStore } from './kysely-store.js';
import type { Database } from './schema.js';

/**
 * The database holds the token secret and password hashes: the file and its `-wal` and `-shm` files are made
 * readable by the server's user only (0600), when they are created and on every open (SQLite creates the other
 * two with the main file's mode).
 */
function ownerOnly(path: string): void {
  if (path === '' || path === ':memory:' || path.startsWith('file:')) return;
  closeSync(openSync(path, 'a', 0o600)); // created 0600 (before SQLite creates it with 0644)
  for (const p of [path, `${path}-wal`, `${path}-shm`]) if (existsSync(p)) chmodSync(p, 0o600);
}

export async function openSqliteStore(path: string): Promise<KyselyStore> {
  ownerOnly(path);
  const sqlite = new SQLite(path);
  sqlite.pragma('journal_mode = WAL');
  ownerOnly(path);
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  // Kysely prepares every query anew; the same SQL (e.g. an event insert of one row) reuses its statement.
  const statements = new Map<string, SQLite.Statement>();
  const database = {
    close: () => sqlite.close(),
    prepare(sql: string): SQLite.Statement {
      let stmt = statements.get(sql);
      if (!stmt) {
        if (statements.size >= 500) statements.clear();
        stmt = sqlite.prepare(sql);
        statements.set(sql, stmt);
      }
      return stmt;
    },
  };
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  // better-sqlite3 is synchronous: a statement can run at once unless a transaction (Kysely's, across awaits)
  // holds the connection; then the caller goes through Kysely, which queues behind it.
  const runNow = (sql: string, params: readonly unknown[]): boolean => {
    if (sqlite.inTransaction) return false;
    database.prepare(sql).run(...params);
    return true;
  };
  const store = new KyselyStore(db, () => db.destroy(), undefined, runNow);
  await store.migrate();
  return store;
}
