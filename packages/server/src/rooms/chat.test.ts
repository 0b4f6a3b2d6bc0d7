import { afterEach, beforeEach, expect, test } from 'vitest';
import { CHAT_KEPT } from '@hearts/protocol/socket';
import { DEFAULT_CONFIG } from '../config.js';
import { Limits } from '../limits.js';
import { openSqliteStore } from '../store/sqlite.js';
import type { GameStore } from '../store/types.js';
import { TableChat } from './chat.js';

const quiet = { error: () => undefined };
const UNLIMITED = { count: 1_000_000, seconds: 60 };
let store: GameStore;
let limits: Limits;
beforeEach(async () => {
  store = await openSqliteStore(':memory:');
});
afterEach(async () => {
  await limits.close();
  await store.close();
});

const open = async (chatLimit = UNLIMITED) => {
  limits = await Limits.open({ ...DEFAULT_CONFIG, chatLimit });
  return (tableId = 't1') => new TableChat(tableId, { store: store.manners, limits, log: quiet });
};

/** Says `n` lines at once (admitted, then kept): the codes of the refusals. */
async function say(
  chat: TableChat,
  n: number,
  writer: { userId: string; address?: string },
  watcher = false,
) {
  const refusals = await Promise.all(
    Array.from({ length: n }, () => chat.admit(writer, watcher ? 'watchers' : 'players')),
  );
  for (const r of refusals)
    if (r === null)
      chat.keep({
        userId: writer.userId,
        name: writer.userId,
        seat: watcher ? null : 0,
        source: watcher ? 'watchers' : 'players',
        text: 'x',
        at: Date.now(),
      });
  return refusals.flatMap((r) => (r ? [r.code] : []));
}
const kept = async (tableId = 't1') =>
  (await store.manners.chatCounts(tableId)).reduce((n, c) => n + c.lines, 0);

test('a table keeps CHAT_KEPT.perPerson lines of a person, however many come at once; another table is apart', async () => {
  const chat = await open();
  const t1 = chat();
  expect(await say(t1, CHAT_KEPT.perPerson + 5, { userId: 'u1' })).toEqual(Array(5).fill('ERR_CHAT_FULL'));
  expect(await say(t1, 3, { userId: 'u2' })).toEqual([]);
  expect(await say(chat('t2'), 3, { userId: 'u1' })).toEqual([]);
  await expect.poll(() => kept()).toBe(CHAT_KEPT.perPerson + 3);
});

test('the watchers of a table keep CHAT_KEPT.watchers lines together; the players still chat', async () => {
  const chat = (await open())();
  const per = Math.ceil(CHAT_KEPT.watchers / 8);
  const refused: string[] = [];
  for (let w = 0; w < 9; w++) refused.push(...(await say(chat, per, { userId: `w${w}` }, true)));
  expect(refused).toHaveLength(9 * per - CHAT_KEPT.watchers);
  expect(new Set(refused)).toEqual(new Set(['ERR_CHAT_FULL']));
  expect(await say(chat, 2, { userId: 'p1' })).toEqual([]);
});

test('a table read again (a restart, another process) goes on from what is kept', async () => {
  const chat = await open();
  await say(chat(), CHAT_KEPT.perPerson - 1, { userId: 'u1' });
  await expect.poll(() => kept()).toBe(CHAT_KEPT.perPerson - 1);
  const again = chat();
  expect(await say(again, 2, { userId: 'u1' })).toEqual(['ERR_CHAT_FULL']);
});

test('LIMIT_CHAT holds per address across its users, and per user across addresses', async () => {
  const chat = (await open({ count: 5, seconds: 60 }))();
  expect(await say(chat, 3, { userId: 'u1', address: '10.0.0.1' })).toEqual([]);
  expect(await say(chat, 3, { userId: 'u2', address: '10.0.0.1' })).toEqual(['ERR_CHAT_RATE']);
  expect(await say(chat, 3, { userId: 'u1', address: '10.0.0.2' })).toEqual(['ERR_CHAT_RATE']);
  await expect.poll(() => kept()).toBe(7);
  // A line refused for the rate is not counted against what the table keeps: u2 says 198 more.
  const later = (await open())();
  expect(await say(later, CHAT_KEPT.perPerson - 2, { userId: 'u2' })).toEqual([]);
  expect(await say(later, 1, { userId: 'u2' })).toEqual(['ERR_CHAT_FULL']);
});
