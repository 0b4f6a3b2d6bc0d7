/**
 * Issue #42, scenario 5 (chat): every chat line was stored for good and without a bound — 10 watcher connections
 * stored 1,720 lines in 10 s. Now a table keeps at most CHAT_KEPT lines of each person and of its watchers, every
 * writer is held to LIMIT_CHAT per address and per user (a refused line is said to nobody), and the lines go after
 * CHAT_RETENTION_DAYS by themselves (retention.ts), on SQLite and PostgreSQL.
 */
import { describe, expect, test } from 'vitest';
import { TableClient } from '@hearts/live';
import { CHAT_KEPT } from '@hearts/protocol/socket';
import { DEFAULT_CONFIG } from '../src/config.js';
import { friendsGame, guest, serverPerTest, until, type TestServer } from './helpers.js';
import { DATABASES, storeOn } from './databases.js';

const DAY = 24 * 3_600_000;

/** Counts what a client hears: chat lines (players' or watchers') and the codes of refusals. */
function ears(c: TableClient) {
  const heard = { lines: 0, refused: [] as string[] };
  c.tap((type, m) => {
    if (type === 'chat' || type === 'wchat') heard.lines++;
    if (type === 'error') heard.refused.push((m as { code: string }).code);
  });
  return heard;
}

async function watchers(t: TestServer, roomId: string, n: number): Promise<TableClient[]> {
  const users = await Promise.all(Array.from({ length: n }, () => guest(t.url)));
  return Promise.all(
    users.map(async (u) => {
      const c = new TableClient({ url: t.url, token: u.token, roomId, retryMs: 100, watch: true });
      await c.connect();
      await until('the watcher’s snapshot', () => c.state !== null);
      return c;
    }),
  );
}

const stored = async (t: TestServer, tableId: string) =>
  (await t.server.services.store.manners.chatCounts(tableId)).reduce((n, c) => n + c.lines, 0);

describe.each(DATABASES)('chat on %s', (db) => {
  const startServer = serverPerTest();

  test('a table keeps CHAT_KEPT lines of a person and of its watchers; lines past them are said to nobody', async () => {
    const t = await startServer({}, { store: await storeOn(db) });
    const { clients, code } = await friendsGame(t.url, 2);
    const [anna, ben] = clients as [TableClient, TableClient];
    const annaHears = ears(anna);
    const benHears = ears(ben);
    const over = 15;
    for (let i = 0; i < CHAT_KEPT.perPerson + over; i++) anna.send('chat', { text: `line ${i}` });
    await until(
      'every line answered',
      () => annaHears.lines + annaHears.refused.length === CHAT_KEPT.perPerson + over,
    );
    expect(annaHears.refused).toEqual(Array(over).fill('ERR_CHAT_FULL'));
    await until('ben heard the lines kept', () => benHears.lines === CHAT_KEPT.perPerson);
    await until('the lines stored', async () => (await stored(t, code)) === CHAT_KEPT.perPerson);

    // Watchers: 6 of them, 175 lines each; the table keeps CHAT_KEPT.watchers of them together.
    const fans = await watchers(t, code, 6);
    const fanEars = fans.map(ears);
    const each = 175;
    for (const f of fans) for (let i = 0; i < each; i++) f.send('chat', { text: `cheer ${i}` });
    const refused = () => fanEars.reduce((n, e) => n + e.refused.length, 0);
    await until('the watchers’ lines answered', () => refused() === 6 * each - CHAT_KEPT.watchers);
    expect(new Set(fanEars.flatMap((e) => e.refused))).toEqual(new Set(['ERR_CHAT_FULL']));
    await until(
      'the lines stored',
      async () => (await stored(t, code)) === CHAT_KEPT.perPerson + CHAT_KEPT.watchers,
    );
    // Ben, a player, still chats.
    ben.send('chat', { text: 'still here' });
    await until('anna hears ben', () => annaHears.lines === CHAT_KEPT.perPerson + 1);
    for (const c of [...clients, ...fans]) c.vanish();
  });

  test('10 watchers from one address are held to LIMIT_CHAT together (it was 1,720 lines in 10 s)', async () => {
    const t = await startServer({ chatLimit: DEFAULT_CONFIG.chatLimit }, { store: await storeOn(db) });
    const { clients, code } = await friendsGame(t.url, 1);
    const fans = await watchers(t, code, 10);
    const fanEars = fans.map(ears);
    for (const f of fans) for (let i = 0; i < 10; i++) f.send('chat', { text: `spam ${i}` });
    const limit = DEFAULT_CONFIG.chatLimit.count;
    await until(
      'every line answered',
      () =>
        fanEars.every((e) => e.refused.length + e.lines >= 10) &&
        fanEars.reduce((n, e) => n + e.refused.length, 0) === 100 - limit,
    );
    expect(new Set(fanEars.flatMap((e) => e.refused))).toEqual(new Set(['ERR_CHAT_RATE']));
    await until('the lines stored', async () => (await stored(t, code)) === limit);
    for (const c of [...clients, ...fans]) c.vanish();
  });

  test(`chat lines go after CHAT_RETENTION_DAYS by themselves (a table with an open report keeps its own)`, async () => {
    const store = await storeOn(db);
    const now = Date.now();
    const say = (tableId: string, at: number) =>
      store.manners.addChat({
        tableId,
        userId: 'u1',
        name: 'Anna',
        seat: 0,
        source: 'players',
        text: 'hi',
        at,
      });
    await say('told', now - 31 * DAY);
    await say('told', now - 29 * DAY);
    await say('reported', now - 40 * DAY);
    await store.manners.addReport({
      id: 'r1',
      reporterId: 'u2',
      reportedId: 'u1',
      tableId: 'reported',
      seat: 0,
      reason: 'chat',
      text: '',
      at: now - 39 * DAY,
    });
    const t = await startServer({ chatRetentionDays: 30 }, { store });
    const chat = t.server.services.store.manners;
    await until('the old line gone', async () => (await chat.chat('told', 10)).length === 1);
    expect((await chat.chat('told', 10))[0]!.at).toBe(now - 29 * DAY);
    expect(await chat.chat('reported', 10)).toHaveLength(1);
  });
});
