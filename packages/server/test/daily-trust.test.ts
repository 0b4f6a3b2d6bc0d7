/**
 * Issue #42, scenario 3: the daily deal cannot be scouted by a throw-away guest, on SQLite and PostgreSQL. A guest
 * starts the day and leaves after the deal; the bots finish its game. Its own record (the download, the replay, a
 * share) holds the day's hands, so none of it is handed out before the day is revealed; the guest sees where it would
 * stand but is not on the public board; a name claimed after the day began is not on it either, nor counts a streak.
 * Only a name claimed before the day began is ranked (docs/daily.md).
 */
import { describe, expect, test } from 'vitest';
import type { DailyCalendar, DailyDayPage, DailyToday } from '@hearts/protocol/http';
import { dayOf, dayStart } from '../src/daily.js';
import {
  api,
  connect,
  finishedDailyAttempt,
  guest,
  namedAccount,
  serverPerTest,
  until,
  type TestServer,
} from './helpers.js';
import { DATABASES, storeOn } from './databases.js';

const startServer = serverPerTest();

type Player = Awaited<ReturnType<typeof guest>>;

/** Starts the player's daily game, leaves it right after the deal, and waits for the bots to finish it. */
async function scout(t: TestServer, p: Player): Promise<string> {
  const start = await api<{ tableId: string }>(t.url, '/api/daily/start', { method: 'POST', token: p.token });
  expect(start.status).toBe(200);
  const c = await connect(t.url, p.token, start.body.tableId);
  await until('the deal', () => (c.state?.view.hand.length ?? 0) > 0, 30_000);
  c.send('leave', {});
  const db = t.server.services.store.daily;
  await until(
    'the bots to finish the game',
    async () => (await db.attemptOfTable(start.body.tableId))?.status === 'finished',
    120_000,
  );
  await c.leave().catch(() => undefined);
  return start.body.tableId;
}

describe.each(DATABASES)('the daily ranking can be trusted (%s)', (db) => {
  test('a throw-away guest learns no hands from its own game and is not on the board; nor is a name claimed today', async () => {
    const t = await startServer({ dailyBotLevel: 'easy' }, { store: await storeOn(db) });
    const s = t.server.services;
    const date = dayOf(Date.now());
    const before = dayStart(date) - 1;
    // Two named players from before the day, on the board with 10 and 30 points.
    const day = await s.daily.ensure(date, Date.now());
    const ana = await namedAccount(t, before);
    const bo = await namedAccount(t, before);
    await finishedDailyAttempt(s.store, day, ana, 'ana-game', [0, 10, 0, 0], Date.now());
    await finishedDailyAttempt(s.store, day, bo, 'bo-game', [26, 4, 0, 0], Date.now());

    // The throw-away guest starts the day, leaves after the deal, and the bots finish its game.
    const g = await guest(t.url);
    const table = await scout(t, g);
    const total = (await s.store.daily.attemptOfTable(table))!.total!;

    // Its own record is not handed out before the day is revealed: no download, no replay, no share.
    const notYet = { status: 409, error: 'ERR_DAILY_NOT_OVER' };
    const download = await api<{ error: string }>(t.url, `/api/games/${table}/record`, { token: g.token });
    expect({ status: download.status, error: download.body.error }).toEqual(notYet);
    const replay = await api<{ error: string }>(t.url, `/api/replays/${table}`, { token: g.token });
    expect({ status: replay.status, error: replay.body.error }).toEqual(notYet);
    const share = await api<{ error: string }>(t.url, '/api/shares', {
      token: g.token,
      body: { source: 'game', tableId: table },
    });
    expect(share.status).toBe(409);
    // Its history and the fair-shuffle transcripts name no card of anyone's (a daily table deals from the day's seed).
    const history = await api<{ games: { id: string }[] }>(t.url, '/api/history', { token: g.token });
    expect(history.body.games.map((x) => x.id)).toEqual([table]);
    expect(JSON.stringify(history.body)).not.toMatch(/\b(?:[2-9TJQKA][CDHS])\b/);
    const transcripts = await api<{ transcripts: unknown[] }>(t.url, `/api/games/${table}/shuffle`, {
      token: g.token,
    });
    expect(transcripts.body.transcripts ?? []).toEqual([]);
    // Nobody else gets it either, nor watches a daily table (test/daily.test.ts).
    expect((await api(t.url, `/api/replays/${table}`, { token: ana.token })).status).toBe(404);

    // The guest sees where it would stand, off the board.
    const mine = await api<DailyToday>(t.url, '/api/daily', { token: g.token });
    expect(mine.body.you).toMatchObject({ status: 'finished', ranked: false, of: 2, total });
    const wouldBe = 1 + [10, 30].filter((x) => x < total).length;
    expect(mine.body.you!.rank).toBe(wouldBe);
    expect(mine.body.streak).toBe(0);
    const board = async (p: Player) =>
      (await api<DailyDayPage>(t.url, `/api/daily/days/${date}`, { token: p.token })).body;
    const seenByGuest = await board(g);
    expect(seenByGuest.players).toBe(2);
    expect(seenByGuest.rows.map((r) => r.name)).toEqual([ana.name, bo.name]);
    expect(seenByGuest.you).toMatchObject({ ranked: false, rank: wouldBe });
    expect(seenByGuest.best.flatMap((b) => b.players)).not.toContain(g.name);
    expect(seenByGuest.rows.every((r) => r.tableId === null)).toBe(true); // no replays before the reveal

    // A name claimed after the day began (here: by a guest who could have scouted) is not on the board either.
    const late = await guest(t.url);
    const claimed = await api<{ token: string }>(t.url, '/api/claim', {
      token: late.token,
      body: { password: 'a long enough password 42' },
    });
    expect(claimed.status).toBe(200);
    const named: Player = { ...late, token: claimed.body.token };
    await scout(t, named);
    const lateBoard = await board(named);
    expect(lateBoard.rows.map((r) => r.name)).toEqual([ana.name, bo.name]);
    expect(lateBoard.you).toMatchObject({ ranked: false });
    expect((await api<DailyToday>(t.url, '/api/daily', { token: named.token })).body.streak).toBe(0);

    // The named players from before the day: on the board, their percentile among the board only, a streak.
    const anaToday = await api<DailyToday>(t.url, '/api/daily', { token: ana.token });
    expect(anaToday.body.you).toMatchObject({ ranked: true, rank: 1, percentile: 100, of: 2 });
    expect(anaToday.body.streak).toBe(1);
    const anaBoard = await board(ana);
    expect(anaBoard.rows.map((r) => [r.name, r.rank, r.percentile])).toEqual([
      [ana.name, 1, 100],
      [bo.name, 2, 0],
    ]);
    const calendar = await api<DailyCalendar>(t.url, '/api/daily/calendar', { token: ana.token });
    expect(calendar.status).toBe(200);
  }, 300_000);
});
