import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { openSqliteStore } from '../src/store/sqlite.js';
import { describeGameStore, eventTable, moveRow } from './store-contract.js';

describeGameStore('SQLite in memory', () => openSqliteStore(':memory:'));

const dir = mkdtempSync(join(tmpdir(), 'hearts-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
describeGameStore('SQLite file', () => openSqliteStore(join(dir, `db${n++}.sqlite`)));

test('a file store keeps its data across reopening', async () => {
  const path = join(dir, 'reopen.sqlite');
  const a = await openSqliteStore(path);
  await a.initSetting('secret', 'kept');
  await a.close();
  const b = await openSqliteStore(path);
  expect(await b.getSetting('secret')).toBe('kept');
  await b.close();
});

test('SQLite: no event is written at once while a transaction holds the connection (it would join it)', async () => {
  const store = await openSqliteStore(':memory:');
  const now = store.appendEventsNow;
  if (!now) throw new Error('a SQLite store writes events at once');
  try {
    await store.createTable(eventTable('t1'));
    await store.db
      .transaction()
      .execute(async (tx) => {
        await tx.insertInto('settings').values({ key: 'k', value: 'v' }).execute();
        expect(now([moveRow('t1', 0, 0, 'a')])).toBe(false);
        throw new Error('rolled back');
      })
      .catch((e: unknown) => {
        if (!(e instanceof Error) || e.message !== 'rolled back') throw e;
      });
    expect(await store.getSetting('k')).toBeNull();
    expect((await store.loadTable('t1'))?.events).toEqual([]);
    expect(now([moveRow('t1', 0, 0, 'a')])).toBe(true);
    expect((await store.loadTable('t1'))?.events).toEqual([moveRow('t1', 0, 0, 'a')]);
  } finally {
    await store.close();
  }
});
