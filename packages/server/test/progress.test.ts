/**
 * Ratings, player pages, the leaderboard, chips and the shop against the real server, from games that headless
 * clients play to the end.
 */
import { expect, test } from 'vitest';
import { makeRecord, replayRecord, type GameRecord } from '@hearts/engine';
import { quickMatch, type TableClient } from '@hearts/live';
import type { ResultMessage } from '@hearts/protocol/socket';
import {
  AutoPlayer,
  QUICK_WAIT_FOREVER_MS,
  api,
  connect,
  friendsGame,
  guest,
  seatQueued,
  serverPerTest,
  until,
} from './helpers.js';
import { randomGame } from './random-game.js';
import { MIN_PRIZE_HANDS, PRIZES } from '../src/fairness/policy.js';
import { PROVISIONAL } from '../src/rating/model.js';

const startServer = serverPerTest();

type User = Awaited<ReturnType<typeof guest>>;

interface Played {
  readonly id: string;
  readonly clients: TableClient[];
  readonly result: ResultMessage;
  readonly hands: number; // hands played: a game shorter than MIN_PRIZE_HANDS pays no chips
  readonly seatOf: (u: User) => number;
}

/** A quick match of these guests (bots fill the rest after the wait), played to the end by random legal moves. */
async function playQuick(url: string, users: User[], rated: boolean, seed: number): Promise<Played> {
  const ids = await Promise.all(
    users.map((u) => quickMatch({ url, token: u.token, rated, targetScore: 50 }).roomId),
  );
  expect(new Set(ids).size).toBe(1);
  const clients = await Promise.all(users.map((u) => connect(url, u.token, ids[0]!)));
  const players = clients.map((c, i) => new AutoPlayer(c, seed + i));
  await until('the game to end', () => clients.every((c) => c.result !== null), 120_000);
  expect(players.flatMap((p) => p.errors)).toEqual([]);
  for (const p of players) p.stop();
  const record = await api<GameRecord>(url, `/api/replays/${ids[0]!}`);
  return {
    id: ids[0]!,
    clients,
    result: clients[0]!.result!,
    hands: record.body.hands.length,
    seatOf: (u) => clients[users.indexOf(u)]!.state!.table.you,
  };
}

interface Page {
  id?: string;
  name: string;
  bot: string | null;
  rating: number;
  provisional: boolean;
  ratedGames: number;
  record: {
    games: number;
    wins: number;
    ratedGames: number;
    hands: number;
    pointsPerHand: number | null;
    moons: number;
    queens: number;
    left: number;
  };
  history: { gameId: string; before: number; after: number; provisional: boolean; place: number }[];
  recent: {
    id: string;
    rated: boolean;
    seat: number;
    players: { name: string; score: number; place: number }[];
  }[];
  look: { back: string; face: string; table: string; frame: string };
  chips?: number;
}

interface Row {
  subject: string;
  name: string;
  bot: string | null;
  rating: number;
  provisional: boolean;
  games: number;
  change: number | null;
}

const page = async (url: string, path: string, token?: string) => {
  const r = await api<Page>(url, path, token ? { token } : {});
  expect(r.status).toBe(200);
  return r.body;
};

test('rated games played by headless clients: ratings, leaderboard, player pages, replays, chips', async () => {
  const t = await startServer({ quickWaitMs: 8000, botTimeMs: 20 });
  const url = t.url;
  const [a, b, c, d] = await Promise.all([0, 1, 2, 3].map(() => guest(url)));
  const users = [a!, b!, c!, d!];

  const first = await playQuick(url, users, true, 11);
  // A second rated game: the two closest in rating, who meet as their accepted gap widens, and bots at the level
  // closest to their rating once they have waited long enough.
  const after = (u: User) => first.result.ratings[first.seatOf(u)]!.after;
  const pairs = users.flatMap((x, i) => users.slice(i + 1).map((y) => [x, y] as const));
  pairs.sort((p, q) => Math.abs(after(p[0]) - after(p[1])) - Math.abs(after(q[0]) - after(q[1])));
  const pair = [...pairs[0]!];
  const second = await playQuick(url, pair, true, 21);
  const botSeats = second.clients[0]!.state!.table.seats.filter((s) => s.bot);
  expect(botSeats).toHaveLength(2);
  const level = botSeats[0]!.level!;
  expect(botSeats.every((s) => s.level === level && s.rating !== null)).toBe(true);

  // What each player was told is what their page says.
  const games = new Map<string, { played: Played; seat: number }[]>();
  for (const u of users) games.set(u.id, [{ played: first, seat: first.seatOf(u) }]);
  for (const u of pair) games.get(u.id)!.push({ played: second, seat: second.seatOf(u) });
  for (const u of users) {
    const mine = games.get(u.id)!;
    const p = await page(url, '/api/profile/me', u.token);
    const last = mine[mine.length - 1]!;
    expect(p.rating).toBe(last.played.result.ratings[last.seat]!.after);
    expect(p.ratedGames).toBe(mine.length);
    // Newcomers stay provisional for their first rated games, each game moving them at most PROVISIONAL.maxMove.
    expect(p.provisional).toBe(true);
    expect(p.history.every((h) => h.provisional && Math.abs(h.after - h.before) <= PROVISIONAL.maxMove)).toBe(
      true,
    );
    expect(p.history.map((h) => h.gameId)).toEqual(mine.map((g) => g.played.id));
    expect(p.history[0]!.before).toBe(1500);
    mine.forEach((g, i) => {
      expect(p.history[i]!.after).toBe(g.played.result.ratings[g.seat]!.after);
      expect(p.history[i]!.place).toBe(g.played.result.ranks[g.seat]);
    });
    expect(p.record.games).toBe(mine.length);
    expect(p.record.ratedGames).toBe(mine.length);
    expect(p.record.wins).toBe(mine.filter((g) => g.played.result.ranks[g.seat] === 1).length);
    expect(p.record.hands).toBeGreaterThan(0);
    const points = mine.reduce((n, g) => n + g.played.result.scores[g.seat]!, 0);
    expect(p.record.pointsPerHand! * p.record.hands).toBeCloseTo(points, 6);
    expect(p.recent.map((g) => g.id)).toEqual(mine.map((g) => g.played.id).reverse());
    expect(p.recent[0]!.players).toHaveLength(4);
    // Chips: 25,000 for each rated win of a game long enough, nothing else.
    const paidWin = (g: { played: Played; seat: number }) =>
      g.played.result.ranks[g.seat] === 1 && g.played.hands >= MIN_PRIZE_HANDS;
    const wins = mine.filter(paidWin).length;
    expect(p.chips).toBe(PRIZES.rated * wins);
    mine.forEach((g) => expect(g.played.result.chips?.[g.seat]).toBe(paidWin(g) ? PRIZES.rated : 0));
    const chips = await api<{ balance: number; ledger: { amount: number; reason: string; ref: string }[] }>(
      url,
      '/api/chips',
      { token: u.token },
    );
    expect(chips.body.balance).toBe(p.chips);
    expect(chips.body.ledger.every((e) => e.amount === 25_000 && e.reason === 'rated-win')).toBe(true);
    expect(chips.body.ledger).toHaveLength(wins);
    // The same rating everywhere: /api/me and the public page.
    const me = await api<{ user: { rating: number; provisional: boolean } }>(url, '/api/me', {
      token: u.token,
    });
    expect(me.body.user).toMatchObject({ rating: p.rating, provisional: true });
    const pub = await page(url, `/api/profile/${u.id}`);
    expect(pub.rating).toBe(p.rating);
    expect(pub.chips).toBeUndefined();
  }

  // The leaderboard: the bot levels that played rated games, best first; provisional players are never listed.
  const all = (await api<{ players: Row[] }>(url, '/api/leaderboard?period=all')).body.players;
  expect(all.filter((r) => r.bot === null)).toEqual([]);
  expect(all.every((r) => r.provisional === false)).toBe(true);
  expect(all.map((r) => r.rating)).toEqual([...all.map((r) => r.rating)].sort((x, y) => y - x));
  const botRow = all.find((r) => r.bot === level)!;
  expect(botRow).toBeDefined();
  const month = (await api<{ players: Row[] }>(url, '/api/leaderboard?period=month')).body.players;
  expect(month.map((r) => r.subject).sort()).toEqual(all.map((r) => r.subject).sort());

  // The bot level's page: its published rating, one rated game (two seats), the game in its recent list.
  const bot = await page(url, `/api/bots/${level}`);
  expect(bot.rating).toBe(botRow.rating);
  expect(bot.ratedGames).toBe(1);
  expect(bot.history).toHaveLength(1);
  expect(bot.recent.map((g) => g.id)).toEqual([second.id]);
  expect(bot.record.games).toBe(1);
  expect(second.result.ratings[second.clients[0]!.state!.table.seats.findIndex((s) => s.bot)]!.after).toBe(
    bot.rating,
  );

  // Replays: quick matches are public; each replays to the scores the players were told.
  for (const g of [first, second]) {
    const rec = await api<GameRecord>(url, `/api/replays/${g.id}`);
    expect(rec.status).toBe(200);
    const r = replayRecord(rec.body);
    expect(r.ok && r.value.finished).toBe(true);
    if (r.ok) expect(r.value.scores).toEqual(g.result.scores);
  }
  expect((await api(url, '/api/replays/nosuchgame')).status).toBe(404);
  expect((await api(url, '/api/leaderboard?period=year')).status).toBe(400);
  expect((await api(url, '/api/bots/grandmaster')).status).toBe(404);
  expect((await api(url, '/api/profile/me')).status).toBe(401);
  expect((await api(url, '/api/profile/nobody')).status).toBe(404);
  for (const cl of [...first.clients, ...second.clients]) await cl.leave().catch(() => undefined);
}, 240_000);

test('unrated games change no rating; friends’ wins pay 10,000, alone with bots is practice', async () => {
  const t = await startServer({ botTimeMs: 20 });
  const url = t.url;
  const two = await friendsGame(url, 2, { handsToPlay: MIN_PRIZE_HANDS });
  const players = two.clients.map((c, i) => new AutoPlayer(c, 70 + i));
  await until('the game to end', () => two.clients.every((c) => c.result !== null), 120_000);
  expect(players.flatMap((p) => p.errors)).toEqual([]);
  const result = two.clients[0]!.result!;
  expect(result.ratings.every((r) => r === null)).toBe(true);
  for (let i = 0; i < 2; i++) {
    const seat = two.clients[i]!.state!.table.you;
    const p = await page(url, '/api/profile/me', two.users[i]!.token);
    expect(p.rating).toBe(1500);
    expect(p.ratedGames).toBe(0);
    expect(p.history).toEqual([]);
    expect(p.record.games).toBe(1);
    expect(p.record.ratedGames).toBe(0);
    expect(p.chips).toBe(result.ranks[seat] === 1 ? 10_000 : 0);
    expect(result.chips?.[seat]).toBe(p.chips);
  }
  expect((await api<{ players: Row[] }>(url, '/api/leaderboard')).body.players).toEqual([]);
  // A friends' table is private: its players may replay it, nobody else.
  expect((await api(url, `/api/replays/${two.code}`, { token: two.users[0]!.token })).status).toBe(200);
  expect((await api(url, `/api/replays/${two.code}`)).status).toBe(404);

  const alone = await friendsGame(url, 1, { handsToPlay: MIN_PRIZE_HANDS });
  const p1 = new AutoPlayer(alone.clients[0]!, 80);
  await until('the game to end', () => alone.clients[0]!.result !== null, 120_000);
  expect(p1.errors).toEqual([]);
  const r1 = alone.clients[0]!.result!;
  const seat = alone.clients[0]!.state!.table.you;
  const chips = await api<{ ledger: { amount: number; reason: string }[] }>(url, '/api/chips', {
    token: alone.users[0]!.token,
  });
  expect(chips.body.ledger).toEqual(
    r1.ranks[seat] === 1 ? [expect.objectContaining({ amount: 5_000, reason: 'practice-win' })] : [],
  );
  for (const cl of [...two.clients, ...alone.clients]) await cl.leave().catch(() => undefined);
}, 240_000);

/** Finished solo games of the minimum length with their winning seat, as the browser would report them. */
function soloWins(count: number, from: number): { record: GameRecord; seat: number }[] {
  const out: { record: GameRecord; seat: number }[] = [];
  for (let seed = from; out.length < count; seed++) {
    const g = randomGame({ handsToPlay: MIN_PRIZE_HANDS }, seed);
    out.push({ record: makeRecord(g, ['You', 'Bot 1', 'Bot 2', 'Bot 3']), seat: g.winners[0]! });
  }
  return out;
}

test('solo wins: replayed by the server, a token paid once per game, refused when lost, unfinished, short or over the daily cap', async () => {
  const t = await startServer();
  const url = t.url;
  const [u, v] = await Promise.all([guest(url), guest(url)]);
  const wins = soloWins(21, 1);
  const claim = (token: string, body: unknown) =>
    api<{ amount?: number; balance?: number; error?: string }>(url, '/api/chips/solo', { token, body });

  const ok = await claim(u.token, wins[0]);
  expect(ok.status).toBe(200);
  expect(ok.body).toMatchObject({ amount: PRIZES.solo, balance: PRIZES.solo });
  // The same game again, by the same or another player, under other names: refused.
  expect((await claim(u.token, wins[0])).body.error).toBe('ERR_ALREADY_CLAIMED');
  const renamed = { ...wins[0]!, record: { ...wins[0]!.record, players: ['A', 'B', 'C', 'D'] } };
  const again = await claim(v.token, renamed);
  expect(again.status).toBe(409);
  expect(again.body.error).toBe('ERR_ALREADY_CLAIMED');
  // A seat that did not win, a game not finished, a broken record, bad input.
  const g = randomGame({ handsToPlay: MIN_PRIZE_HANDS }, 500);
  const loser = [0, 1, 2, 3].find((s) => !g.winners.includes(s))!;
  expect(
    (await claim(u.token, { record: makeRecord(g, ['a', 'b', 'c', 'd']), seat: loser })).body.error,
  ).toBe('ERR_NOT_WON');
  const half = randomGame({}, 501, 60);
  expect((await claim(u.token, { record: makeRecord(half, ['a', 'b', 'c', 'd']), seat: 0 })).body.error).toBe(
    'ERR_NOT_FINISHED',
  );
  const broken = { ...wins[1]!.record, hands: [{ ...wins[1]!.record.hands[0]!, tricks: ['2C 2C 3C 4C'] }] };
  expect((await claim(u.token, { record: broken, seat: 0 })).body.error).toBe('ERR_BAD_RECORD');
  expect((await claim(u.token, { record: 'no', seat: 0 })).status).toBe(400);
  expect((await claim(u.token, { record: wins[1]!.record, seat: 9 })).status).toBe(400);
  expect((await api(url, '/api/chips/solo', { body: wins[1] })).status).toBe(401);
  // A game shorter than the minimum (one hand) pays nothing.
  const one = randomGame({ handsToPlay: 1 }, 502);
  const short = await claim(u.token, { record: makeRecord(one, ['a', 'b', 'c', 'd']), seat: one.winners[0] });
  expect(short.status).toBe(400);
  expect(short.body.error).toBe('ERR_TOO_SHORT');

  // The daily cap: 20 solo wins a day, then refused until tomorrow.
  for (let i = 1; i < 20; i++) expect((await claim(u.token, wins[i])).status).toBe(200);
  const capped = await claim(u.token, wins[20]);
  expect(capped.status).toBe(429);
  expect(capped.body.error).toBe('ERR_DAILY_CAP');
  const chips = await api<{ balance: number; ledger: unknown[] }>(url, '/api/chips', { token: u.token });
  expect(chips.body.balance).toBe(20 * PRIZES.solo);
  expect(chips.body.ledger).toHaveLength(20);
  // The other player's cap is their own.
  expect((await claim(v.token, wins[20])).status).toBe(200);
});

test('the shop refuses a purchase without enough chips; bought and chosen cosmetics show at live tables', async () => {
  const t = await startServer({ botTimeMs: 20, quickWaitMs: QUICK_WAIT_FOREVER_MS });
  const url = t.url;
  const [u, other] = await Promise.all([guest(url), guest(url)]);
  type Shop = {
    balance: number;
    items: { id: string; slot: string; price: number; owned: boolean; equipped: boolean }[];
  };
  const shop = async () => (await api<Shop>(url, '/api/shop', { token: u.token })).body;

  const before = await shop();
  expect(before.balance).toBe(0);
  const slots = (slot: string) => before.items.filter((i) => i.slot === slot && i.price > 0).length;
  expect([slots('back'), slots('face'), slots('table'), slots('frame')]).toEqual([4, 2, 4, 4]);
  expect(before.items.filter((i) => i.owned).every((i) => i.price === 0)).toBe(true);

  const refused = await api<{ error: string; message: string }>(url, '/api/shop/buy', {
    token: u.token,
    body: { item: 'back-lattice' },
  });
  expect(refused.status).toBe(402);
  expect(refused.body.error).toBe('ERR_NOT_ENOUGH_CHIPS');
  expect(refused.body.message).toMatch(/20000 chips; you have 0/);
  const after = await shop();
  expect(after.balance).toBe(0);
  expect(after.items.find((i) => i.id === 'back-lattice')!.owned).toBe(false);
  const buy = (item: unknown, token = u.token) =>
    api<{ error?: string; balance?: number }>(url, '/api/shop/buy', { token, body: { item } });
  const equip = (item: unknown) =>
    api<{ error?: string; look?: Record<string, string> }>(url, '/api/shop/equip', {
      token: u.token,
      body: { item },
    });
  expect((await equip('back-lattice')).status).toBe(409);
  expect((await buy('back-nothing')).status).toBe(404);
  expect((await buy(42)).status).toBe(400);
  expect(
    (await api(url, '/api/shop/buy', { token: u.token, body: { item: 'back-lattice', extra: 1 } })).status,
  ).toBe(400);
  expect((await api(url, '/api/shop/buy', { body: { item: 'back-lattice' } })).status).toBe(401);
  expect((await api(url, '/api/shop')).status).toBe(401);

  // 20,000 chips: more than a day of solo wins pays, so they are credited as a rated win would be; then buy.
  await t.server.services.store.progress.transaction((tx) =>
    tx.credit({
      id: 'win:test:1',
      userId: u.id,
      amount: 20_000,
      reason: 'rated-win',
      ref: 'test',
      at: Date.now(),
    }),
  );
  const bought = await buy('back-lattice');
  expect(bought.status).toBe(200);
  expect(bought.body.balance).toBe(0);
  expect((await buy('back-lattice')).body.error).toBe('ERR_OWNED');
  expect((await buy('frame-gold')).body.error).toBe('ERR_NOT_ENOUGH_CHIPS');
  const chosen = await equip('back-lattice');
  expect(chosen.status).toBe(200);
  expect(chosen.body.look).toEqual({
    back: 'back-lattice',
    face: 'face-standard',
    table: 'table-felt',
    frame: 'frame-none',
  });
  const ledger = await api<{ ledger: { amount: number; reason: string }[] }>(url, '/api/chips', {
    token: u.token,
  });
  expect(ledger.body.ledger.find((e) => e.reason === 'purchase')).toMatchObject({ amount: -20_000 });
  expect(ledger.body.ledger.reduce((n, e) => n + e.amount, 0)).toBe(0);
  expect((await page(url, `/api/profile/${u.id}`)).look.back).toBe('back-lattice');

  // At a live table the other player sees the chosen card back on this player's seat (and the defaults of a player
  // who chose nothing); bots show none.
  const waits = [u, other].map(
    (x) => quickMatch({ url, token: x.token, rated: false, targetScore: 50 }).roomId,
  );
  await seatQueued(t, 2);
  const ids = await Promise.all(waits);
  expect(ids[1]).toBe(ids[0]);
  const [cu, co] = await Promise.all([connect(url, u.token, ids[0]!), connect(url, other.token, ids[1]!)]);
  const seatU = cu.state!.table.you;
  const seatO = co.state!.table.you;
  await until('the seats', () => co.state !== null);
  expect(co.state!.table.seats[seatU]!.look?.back).toBe('back-lattice');
  expect(co.state!.table.seats[seatO]!.look).toEqual({
    back: 'back-classic',
    face: 'face-standard',
    table: 'table-felt',
    frame: 'frame-none',
  });
  expect(co.state!.table.seats.filter((s) => s.bot).every((s) => s.look === undefined)).toBe(true);
  await cu.leave();
  await co.leave();
}, 120_000);
