/**
 * The worst-case disk growth one address can cause in an hour, measured (issue #42; docs/security.md, "Worst-case
 * growth per address"). Each kind of row a client makes the server keep is written many times at its worst (the
 * longest text, of three-byte characters; the longest name), through the store's own calls, and the database's
 * size is read before and after — SQLite: its pages in use after a checkpoint; PostgreSQL: the tables with their
 * indexes and TOAST (`pg_total_relation_size`). Bytes per row times the rows the default limits let one address
 * make in an hour is the figure; the test holds each under the bound docs/security.md states, on both databases.
 *
 * `DISK_GROWTH_REPORT=<file>` writes the measured figures there as JSON (the doc's table is made from it):
 *
 * ```sh
 * DISK_GROWTH_REPORT=/tmp/growth.json nice -n 19 npx vitest run packages/server/test/disk-growth.test.ts
 * ```
 */
import { writeFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, describe, expect, test } from 'vitest';
import { CHAT_KEPT, LIMITS } from '@hearts/protocol/socket';
import { FRIENDS_MAX } from '@hearts/protocol/http';
import { TRAINING_MAX_BYTES } from '@hearts/protocol/http/training';
import { DEFAULT_CONFIG, type Rate } from '../src/config.js';
import { tableId, userId } from '../src/ids.js';
import type { KyselyStore } from '../src/store/kysely-store.js';
import type { UserRecord } from '../src/store/types.js';
import { DATABASES, storeOn, type DatabaseName } from './databases.js';
import { samplePositions } from './training-fixtures.js';

const HOUR_S = 3600;
/** How many a rate lets through in an hour. */
const perHour = (r: Rate): number => Math.floor((r.count * HOUR_S) / r.seconds);

/** The bounds docs/security.md states for one address and hour (bytes), on either database. */
export const DOCUMENTED_PER_HOUR = {
  chat: 2.0e6,
  watchers: 1.5e6,
  guests: 10e3,
  friendRequests: 1.5e6,
  training: 1.0e6,
} as const;
type Kind = keyof typeof DOCUMENTED_PER_HOUR;

/** Rows one address makes in an hour at most, under the default limits. */
const ROWS_PER_HOUR: Record<Kind, number> = {
  chat: perHour(DEFAULT_CONFIG.chatLimit), // LIMIT_CHAT per address: 1,800 lines
  watchers: perHour(DEFAULT_CONFIG.joinLimit), // each watch is a join by room code: LIMIT_JOINS
  guests: perHour(DEFAULT_CONFIG.guestLimit), // LIMIT_GUESTS
  // Each new guest fills its own places with requests (the targets' FRIEND_REQUESTS_MAX each spread them out),
  // at most what LIMIT_FRIENDS lets through.
  friendRequests: Math.min(
    perHour(DEFAULT_CONFIG.guestLimit) * FRIENDS_MAX,
    perHour(DEFAULT_CONFIG.friendLimit),
  ),
  training: 1, // counted in bytes: see below
};

const report: Record<string, Record<string, number>> = {};
afterAll(() => {
  const out = process.env['DISK_GROWTH_REPORT'];
  if (out) writeFileSync(out, JSON.stringify({ rowsPerHour: ROWS_PER_HOUR, measured: report }, null, 2));
});

/** The database's size in bytes now. */
async function size(store: KyselyStore, db: DatabaseName): Promise<number> {
  if (db === 'SQLite') {
    await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(store.db);
    const one = async (pragma: string) =>
      Number(Object.values((await sql.raw(`PRAGMA ${pragma}`).execute(store.db)).rows[0] as object)[0]);
    return ((await one('page_count')) - (await one('freelist_count'))) * (await one('page_size'));
  }
  const r = await sql<{ bytes: string | null }>`
    SELECT sum(pg_total_relation_size(c.oid)) AS bytes FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND c.relkind = 'r'`.execute(store.db);
  return Number(r.rows[0]?.bytes ?? 0);
}

const NAME = 'Ä'.repeat(24); // the longest name, of two-byte characters
const guestOf = (id: string, i: number): UserRecord => ({
  id,
  name: `${NAME.slice(0, 18)}${String(i).padStart(6, '0')}`,
  passwordHash: null,
  tokenGeneration: 0,
  rating: 1500,
  games: 0,
  createdAt: Date.now(),
  lastPlayedAt: null,
});

/** Bytes per row: `n` rows written by `write`, the growth divided by `n`. */
async function perRow(
  store: KyselyStore,
  db: DatabaseName,
  n: number,
  write: (i: number) => Promise<unknown>,
): Promise<number> {
  const before = await size(store, db);
  for (let i = 0; i < n; i++) await write(i);
  return (await size(store, db)) - before;
}

describe.each(DATABASES)('worst-case disk growth per address and hour on %s', (db) => {
  test('chat, watchers, guests, friend requests and training stay within the documented bounds', async () => {
    const store = (await storeOn(db)) as KyselyStore;
    try {
      const figures: Record<string, number> = {};
      const record = (kind: Kind, bytesPerRow: number, rows = ROWS_PER_HOUR[kind]) => {
        figures[`${kind}BytesPerRow`] = Math.round(bytesPerRow);
        figures[`${kind}PerHour`] = Math.round(bytesPerRow * rows);
        expect(bytesPerRow * rows).toBeLessThanOrEqual(DOCUMENTED_PER_HOUR[kind]);
      };

      // Guests: the users of the address (each later request and line names one of them).
      const users = Array.from({ length: 400 }, () => userId());
      record(
        'guests',
        (await perRow(store, db, users.length, (i) => store.createUser(guestOf(users[i]!, i)))) / 400,
      );

      // Chat: the longest line (LIMITS.chatChars of three-byte characters), the longest name; the address' lines
      // go to tables of CHAT_KEPT lines per person, and LIMIT_CHAT holds them to 1,800 an hour.
      const tables = Array.from({ length: 20 }, () => tableId());
      const lines = 2000;
      const chat = await perRow(store, db, lines, (i) =>
        store.manners.addChat({
          tableId: tables[i % tables.length]!,
          userId: users[i % CHAT_KEPT.perPerson]!,
          name: NAME,
          seat: i % 2 === 0 ? null : 1,
          source: i % 2 === 0 ? 'watchers' : 'players',
          text: '€'.repeat(LIMITS.chatChars),
          at: Date.now() + i,
        }),
      );
      record('chat', chat / lines);

      // Who watched: one row per table and watcher.
      const watches = 2000;
      const watched = await perRow(store, db, watches, (i) =>
        store.manners.watched(tableId(), users[i % users.length]!, Date.now()),
      );
      record('watchers', watched / watches);

      // Friend requests: each of 10 askers asks 200 others (FRIENDS_MAX), each asked by 10 of them (under
      // FRIEND_REQUESTS_MAX): 2,000 distinct pairs.
      const asks = 2000;
      const asked = await perRow(store, db, asks, (i) =>
        store.friends.request(users[i % 10]!, users[10 + Math.floor(i / 10)]!, Date.now()),
      );
      expect((await store.friends.counts(users[0]!)).outgoing).toBe(FRIENDS_MAX);
      record('friendRequests', asked / asks);

      // Training: what is kept per byte of JSON an upload asks to keep; LIMIT_TRAINING_STORE bytes an hour.
      const positions = samplePositions(200, 'growth');
      const json = positions.reduce((n, p) => n + Buffer.byteLength(JSON.stringify(p)), 0);
      const kept = await perRow(store, db, 1, () =>
        store.training.savePositions(users[0]!, positions, { positions: 200, bytes: TRAINING_MAX_BYTES }),
      );
      figures['trainingBytesPerJsonByte'] = Math.round((kept / json) * 100) / 100;
      record('training', kept / json, perHour(DEFAULT_CONFIG.trainingStoreLimit));

      report[db] = figures;
    } finally {
      await store.close();
    }
  }, 180_000);
});
