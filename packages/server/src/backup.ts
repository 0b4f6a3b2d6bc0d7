/**
 * Backups of the embedded default's SQLite database, while the server runs: SQLite's online backup API (through
 * better-sqlite3's `backup()`), never a copy of the file (a copy taken while the server writes can be torn, and
 * misses what still sits in the `-wal` file). The copy is one consistent snapshot: a write by the server while it
 * is taken makes SQLite start it again, and the rest is then copied in one step. It is written beside the target
 * under a temporary name, checked (`PRAGMA integrity_check`), and only then renamed into place, readable by its
 * owner only (it holds the token secret and password hashes).
 *
 * ```ts
 * const r = await backupSqlite('/var/lib/hearts/hearts.sqlite', '/var/backups/hearts/2026-07-01.sqlite');
 * // later, with the server stopped: into a database file that does not exist yet
 * await restoreSqlite('/var/backups/hearts/2026-07-01.sqlite', '/var/lib/hearts/hearts.sqlite');
 * ```
 *
 * From the command line: `hearts-server backup FILE` and `hearts-server restore FILE` (DATABASE names the
 * server's database, as for the server itself).
 */
import { chmodSync, closeSync, existsSync, openSync, renameSync, rmSync, statSync, fsyncSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';

/** What a backup or a restore holds, read from the copy itself. */
export interface BackupReport {
  readonly file: string; // the copy (the backup, or the restored database)
  readonly bytes: number;
  readonly users: number;
  readonly finishedGames: number; // tables whose game ended
  readonly unfinishedTables: number; // tables a start restores and plays on
  readonly ms: number; // how long it took
}

/** Whatever goes wrong is said in words, for the command line (no stack trace for an operator's typo). */
export class BackupError extends Error {}

const count = (db: SQLite.Database, sql: string): number => {
  const row = db.prepare(sql).get() as { n: number } | undefined;
  return row?.n ?? 0;
};

/** Checks a copy and reads what it holds; throws BackupError when it is not a sound Hearts database. */
function inspect(path: string, started: number): BackupReport {
  const db = new SQLite(path, { readonly: true, fileMustExist: true });
  try {
    let check: unknown;
    try {
      check = db.pragma('integrity_check', { simple: true });
    } catch (e) {
      throw new BackupError(`${path} is not a SQLite database (${(e as Error).message})`);
    }
    if (check !== 'ok') throw new BackupError(`${path} is damaged: integrity_check says ${String(check)}`);
    const hasTables = (db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'tables'")
      .get() ?? null) as { name: string } | null;
    if (hasTables === null)
      throw new BackupError(`${path} is not a Hearts database (it has no tables table)`);
    return {
      file: path,
      bytes: statSync(path).size,
      users: count(db, 'SELECT count(*) AS n FROM users'),
      finishedGames: count(db, "SELECT count(*) AS n FROM tables WHERE status = 'finished'"),
      unfinishedTables: count(db, "SELECT count(*) AS n FROM tables WHERE status <> 'finished'"),
      ms: Date.now() - started,
    };
  } finally {
    db.close();
  }
}

/** Copies `from` (an open database) into `to` through the online backup API, via a temporary file beside it. */
async function copy(db: SQLite.Database, to: string, started: number): Promise<BackupReport> {
  const partial = `${to}.partial-${process.pid}`;
  rmSync(partial, { force: true });
  closeSync(openSync(partial, 'w', 0o600)); // created readable by its owner only, before SQLite writes it
  try {
    // The first step copies 100 pages; every later one the rest at once. A write by another connection between
    // two steps starts the copy again, which then completes in one step: the copy is one moment's database.
    await db.backup(partial, { progress: ({ totalPages }) => Math.max(100, totalPages) });
    const fd = openSync(partial, 'r');
    fsyncSync(fd);
    closeSync(fd);
    const report = inspect(partial, started);
    chmodSync(partial, 0o600);
    renameSync(partial, to);
    return { ...report, file: to, ms: Date.now() - started };
  } catch (e) {
    rmSync(partial, { force: true });
    throw e;
  }
}

/** An online backup of the SQLite database `source` (in use by a running server or not) into the file `target`. */
export async function backupSqlite(source: string, target: string): Promise<BackupReport> {
  const started = Date.now();
  const from = resolve(source);
  const to = resolve(target);
  if (from === to) throw new BackupError('the backup must go to another file than the database');
  if (!existsSync(from))
    throw new BackupError(`there is no database at ${from} (set DATABASE to the server's file)`);
  if (!existsSync(dirname(to))) throw new BackupError(`the folder ${dirname(to)} does not exist`);
  // Read-write (it writes nothing): a reader of a WAL database needs its shared-memory file, as the server has it.
  const db = new SQLite(from, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    return await copy(db, to, started);
  } catch (e) {
    throw e instanceof BackupError ? e : new BackupError(`the backup failed: ${(e as Error).message}`);
  } finally {
    db.close();
  }
}

/**
 * Restores a backup into `target`, which must not exist yet (move an old database away first: a restore never
 * overwrites one). The server must not run on `target`; it migrates the restored database when it starts.
 */
export async function restoreSqlite(backup: string, target: string): Promise<BackupReport> {
  const started = Date.now();
  const from = resolve(backup);
  const to = resolve(target);
  if (!existsSync(from)) throw new BackupError(`there is no backup at ${from}`);
  for (const p of [to, `${to}-wal`, `${to}-shm`])
    if (existsSync(p))
      throw new BackupError(`${p} exists: move the old database (and its -wal and -shm files) away first`);
  if (!existsSync(dirname(to))) throw new BackupError(`the folder ${dirname(to)} does not exist`);
  inspect(from, started); // a damaged or foreign file is refused before anything is written
  const db = new SQLite(from, { readonly: true, fileMustExist: true });
  try {
    return await copy(db, to, started);
  } catch (e) {
    throw e instanceof BackupError ? e : new BackupError(`the restore failed: ${(e as Error).message}`);
  } finally {
    db.close();
  }
}

/** "1.2 MB" */
export function sizeText(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** One line for the command line: what the copy holds. */
export function reportText(r: BackupReport): string {
  return (
    `${r.file}: ${sizeText(r.bytes)}, ${r.users} users, ${r.finishedGames} finished games, ` +
    `${r.unfinishedTables} unfinished tables (integrity ok), ${r.ms} ms`
  );
}
