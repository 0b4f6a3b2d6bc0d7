/**
 * The databases a scenario runs on: SQLite (the embedded default, a file of the test's own) and PostgreSQL (the
 * scaled store, a schema of the test's own) where it runs here — else the PostgreSQL runs skip with a message
 * (fail under CI=true, see services.ts). A test may fill the store before it starts a server on it.
 *
 * ```ts
 * describe.each(DATABASES)('on %s', (db) => {
 *   const startServer = serverPerTest();
 *   test('…', async () => {
 *     const store = await storeOn(db);
 *     const t = await startServer({}, { store }); // the server closes the store when it stops
 *   });
 * });
 * ```
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { openPostgresStore } from '../src/store/postgres.js';
import { openSqliteStore } from '../src/store/sqlite.js';
import type { GameStore } from '../src/store/types.js';
import { scaledServices } from './services.js';

const services = await scaledServices('scenarios on PostgreSQL');
const dir = mkdtempSync(join(tmpdir(), 'hearts-db-'));
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await services?.cleanup();
});

export type DatabaseName = 'SQLite' | 'PostgreSQL';

/** SQLite always; PostgreSQL where it runs. */
export const DATABASES: readonly DatabaseName[] = services === null ? ['SQLite'] : ['SQLite', 'PostgreSQL'];

let files = 0;

/** A new, empty, migrated store on the database: a SQLite file, or a PostgreSQL schema of its own. */
export async function storeOn(db: DatabaseName): Promise<GameStore> {
  if (db === 'SQLite' || services === null) return openSqliteStore(join(dir, `db${files++}.sqlite`));
  return openPostgresStore(services.databaseUrl, { schema: services.schema(), poolSize: 3 });
}
