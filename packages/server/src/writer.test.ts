import { afterEach, beforeEach, expect, test } from 'vitest';
import { openSqliteStore } from './store/sqlite.js';
import type { KyselyStore } from './store/kysely-store.js';
import type { EventRow, GameStore } from './store/types.js';
import { eventTable, moveRow } from '../test/store-contract.js';
import { EventWriter } from './writer.js';

const move = (tableId: string, seq: number, clientId: string | null): EventRow =>
  moveRow(tableId, seq, 0, clientId);

let store: KyselyStore;
beforeEach(async () => {
  store = await openSqliteStore(':memory:');
  for (const id of ['t1', 't2', 't3']) await store.createTable(eventTable(id));
});
afterEach(() => store.close());

const seqs = async (id: string): Promise<number[]> =>
  ((await store.loadTable(id))?.events ?? []).map((e) => e.seq);

test('rows of one turn are written in one statement, at once where the store can', async () => {
  let asyncWrites = 0;
  const counted: GameStore = Object.assign(Object.create(store) as KyselyStore, {
    appendEvents: (rows: readonly EventRow[]) => {
      asyncWrites++;
      return store.appendEvents(rows);
    },
  });
  const writer = new EventWriter(counted);
  await Promise.all([writer.append([move('t1', 0, 'a')]), writer.append([move('t2', 0, 'a')])]);
  expect(writer.batches).toBe(1);
  expect(asyncWrites).toBe(0);
  expect([await seqs('t1'), await seqs('t2')]).toEqual([[0], [0]]);
});

test('a failed batch is retried table by table: one bad row refuses only its own table', async () => {
  const writer = new EventWriter(store);
  await writer.append([move('t1', 0, 'a')]);
  const results = await Promise.allSettled([
    writer.append([move('t1', 0, 'b')]), // its sequence number is taken
    writer.append([move('t2', 0, 'a'), move('t2', 1, 'b')]),
    writer.append([move('t3', 0, null)]),
  ]);
  expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
  expect([await seqs('t1'), await seqs('t2'), await seqs('t3')]).toEqual([[0], [0, 1], [0]]);
});

test('while a transaction holds the connection, rows wait for it and are written after, in order', async () => {
  const writer = new EventWriter(store);
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  const transaction = store.db.transaction().execute(async (tx) => {
    await tx.insertInto('settings').values({ key: 'k', value: 'v' }).execute();
    await held;
  });
  await new Promise((r) => setImmediate(r)); // the transaction has begun
  let written = false;
  const first = writer.append([move('t1', 0, 'a')]).then(() => (written = true));
  await new Promise((r) => setImmediate(r));
  await new Promise((r) => setImmediate(r));
  expect(written).toBe(false); // not inside the transaction: after it
  release();
  await transaction;
  await first;
  await writer.append([move('t1', 1, 'b')]);
  expect(await seqs('t1')).toEqual([0, 1]);
  expect(await store.getSetting('k')).toBe('v');
});

test('with a window, rows of several turns within it are one statement; flush ends the window at once', async () => {
  const writer = new EventWriter(store, 1, 60_000); // a window no test outlasts: only flush ends it
  let written = 0;
  const first = writer.append([move('t1', 0, 'a')]).then(() => written++);
  await new Promise((r) => setImmediate(r));
  const second = writer.append([move('t2', 0, 'a'), move('t2', 1, 'b')]).then(() => written++);
  await new Promise((r) => setImmediate(r));
  await new Promise((r) => setImmediate(r));
  expect([writer.batches, written]).toEqual([0, 0]); // both wait in the window
  expect(await seqs('t1')).toEqual([]);
  await writer.flush();
  await Promise.all([first, second]);
  expect([writer.batches, written]).toEqual([1, 2]);
  expect([await seqs('t1'), await seqs('t2')]).toEqual([[0], [0, 1]]);
});

test('a window ends by itself: the rows are written and their callers answered', async () => {
  const writer = new EventWriter(store, 1, 1);
  await Promise.all([writer.append([move('t1', 0, 'a')]), writer.append([move('t2', 0, 'a')])]);
  await writer.append([move('t1', 1, 'b')]); // a new window after the first
  expect(writer.batches).toBe(2);
  expect([await seqs('t1'), await seqs('t2')]).toEqual([[0, 1], [0]]);
});
