/**
 * The farming reports of the hardening issue, against the real server: a guest alone with bots in a rated quick
 * match does not become a champion (provisional, bounded, not on the leaderboard), a one-hand friends' table pays
 * nothing, and a player at the day's live cap is paid nothing more.
 */
import { expect, test } from 'vitest';
import { quickMatch } from '@hearts/live';
import { utcDayStart } from '../src/economy/chips.js';
import { DAILY_CAPS, MIN_PRIZE_HANDS, PRIZES } from '../src/fairness/policy.js';
import { PROVISIONAL } from '../src/rating/model.js';
import { AutoPlayer, api, connect, friendsGame, guest, serverPerTest, until } from './helpers.js';

const startServer = serverPerTest();

interface Row {
  subject: string;
  bot: string | null;
  rating: number;
  provisional: boolean;
}

test('a guest alone with three bots in a rated quick match: provisional, moved at most 50, not on the leaderboard', async () => {
  const t = await startServer({ quickWaitMs: 300, botTimeMs: 20 });
  const url = t.url;
  const u = await guest(url);
  const roomId = await quickMatch({ url, token: u.token, rated: true, targetScore: 50 }).roomId;
  const client = await connect(url, u.token, roomId);
  const player = new AutoPlayer(client, 5);
  await until('the game to end', () => client.result !== null, 120_000);
  expect(player.errors).toEqual([]);
  player.stop();
  const table = client.state!.table;
  const seat = table.you;
  expect(table.seats.filter((s) => s.bot)).toHaveLength(3);
  // At the table the newcomer's rating was shown as provisional; the bots' never are.
  expect(table.seats[seat]).toMatchObject({ rating: 1500, provisional: true });
  expect(table.seats.filter((s) => s.bot).every((s) => s.provisional !== true)).toBe(true);

  const mine = client.result!.ratings[seat]!;
  expect(mine.before).toBe(1500);
  expect(Math.abs(mine.after - 1500)).toBeLessThanOrEqual(PROVISIONAL.maxMove);
  expect(mine.provisional).toBe(true);

  const page = await api<{ rating: number; provisional: boolean; history: { provisional: boolean }[] }>(
    url,
    '/api/profile/me',
    { token: u.token },
  );
  expect(page.body).toMatchObject({ rating: mine.after, provisional: true });
  expect(page.body.history.map((h) => h.provisional)).toEqual([true]);
  const me = await api<{ user: { rating: number; provisional: boolean } }>(url, '/api/me', {
    token: u.token,
  });
  expect(me.body.user).toMatchObject({ rating: mine.after, provisional: true });

  // The leaderboards list the bot level (established), never the provisional player.
  for (const period of ['all', 'month']) {
    const rows = (await api<{ players: Row[] }>(url, `/api/leaderboard?period=${period}`)).body.players;
    expect(rows.map((r) => r.subject)).not.toContain(`u:${u.id}`);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.bot !== null && r.provisional === false)).toBe(true);
  }
  // Alone with bots is practice, rated or not: a win pays the practice prize, if the game was long enough.
  const record = await api<{ hands: unknown[] }>(url, `/api/replays/${roomId}`);
  const hands = record.body.hands.length;
  const won = client.result!.ranks[seat] === 1;
  expect(client.result!.chips?.[seat]).toBe(won && hands >= MIN_PRIZE_HANDS ? PRIZES.practice : 0);
  await client.leave().catch(() => undefined);
}, 180_000);

test('a one-hand friends’ table pays nothing; at the day’s live cap a win pays nothing either', async () => {
  const t = await startServer({ botTimeMs: 20 });
  const url = t.url;
  // Four people, so that a person wins every game (a bot's win would pay nothing anyway).
  const play = async (rules: Record<string, unknown>, seed: number) => {
    const g = await friendsGame(url, 4, rules, 'random');
    const players = g.clients.map((c, i) => new AutoPlayer(c, seed + i));
    await until('the game to end', () => g.clients.every((c) => c.result !== null), 120_000);
    expect(players.flatMap((p) => p.errors)).toEqual([]);
    for (const p of players) p.stop();
    return g;
  };
  const chipsOf = async (token: string) =>
    (await api<{ balance: number; ledger: unknown[] }>(url, '/api/chips', { token })).body;

  const short = await play({ handsToPlay: 1 }, 300);
  expect(short.clients[0]!.result!.chips).toEqual([0, 0, 0, 0]);
  for (const u of short.users) expect(await chipsOf(u.token)).toEqual({ balance: 0, ledger: [] });
  for (const c of short.clients) await c.leave().catch(() => undefined);

  // Long enough: a winner is paid, unless their day's live wins are used up.
  const long = await play({ handsToPlay: MIN_PRIZE_HANDS }, 310);
  const result = long.clients[0]!.result!;
  const seats = long.clients.map((c) => c.state!.table.you);
  for (const [i, u] of long.users.entries()) {
    const won = result.ranks[seats[i]!] === 1;
    expect(result.chips?.[seats[i]!]).toBe(won ? PRIZES.friends : 0);
    expect((await chipsOf(u.token)).balance).toBe(won ? PRIZES.friends : 0);
  }
  for (const c of long.clients) await c.leave().catch(() => undefined);

  const capped = await friendsGame(url, 4, { handsToPlay: MIN_PRIZE_HANDS }, 'random');
  // Every player's live wins of the day are taken already.
  const day = utcDayStart(Date.now());
  for (const u of capped.users)
    for (let i = 0; i < DAILY_CAPS.live; i++)
      await t.server.services.store.progress.transaction((tx) =>
        tx.takeDailyWin(u.id, 'live', day, DAILY_CAPS.live),
      );
  const players = capped.clients.map((c, i) => new AutoPlayer(c, 320 + i));
  await until('the game to end', () => capped.clients.every((c) => c.result !== null), 120_000);
  expect(players.flatMap((p) => p.errors)).toEqual([]);
  expect(capped.clients[0]!.result!.chips).toEqual([0, 0, 0, 0]);
  for (const u of capped.users) expect((await chipsOf(u.token)).ledger).toEqual([]);
  for (const c of capped.clients) await c.leave().catch(() => undefined);
}, 240_000);
