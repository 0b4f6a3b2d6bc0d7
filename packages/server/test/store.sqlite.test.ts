import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { openSqliteStore } from '../src/store/sqlite.js';
import { describeGameStore } from './store-contract.js';

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
