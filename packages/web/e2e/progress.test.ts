/**
 * Ratings, player pages, the leaderboard and the shop end to end: the real game server (its start command, serving
 * the built app), rated games played by Node clients, and a player in Chromium who reads their page, replays a game,
 * is refused a purchase without chips, gets paid for won solo games, buys a card back, and is seen with it at a
 * live table.
 */
import {
  applyMove,
  dealRandom,
  legalMoves,
  makeRecord,
  newGame,
  randomInt,
  seatsToAct,
  seededRandom,
  unwrap,
  type GameState,
} from '@hearts/engine';
import { quickMatch, TableClient } from '@hearts/live';
import type { BrowserContext } from 'playwright-core';
import { expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { autoplay, screenshot, watchErrors, withGameServer } from './harness';

const app = withGameServer({
  QUICK_MATCH_WAIT_MS: '300',
  BOT_DELAY_MS: '0',
  BOT_TIME_MS: '20',
  HAND_PAUSE_MS: '0',
  RATE_LIMIT: '500',
});

interface Guest {
  readonly token: string;
  readonly user: { readonly id: string; readonly name: string };
}

const guest = async (): Promise<Guest> =>
  (await (await fetch(`${app.url}/api/guest`, { method: 'POST', body: '{}' })).json()) as Guest;

async function api<T>(path: string, token?: string, body?: unknown): Promise<T> {
  const res = await fetch(app.url + path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as T;
}

const until = async (what: string, cond: () => boolean, ms = 90_000) => {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

/** A whole solo game of random legal moves, as the engine plays it. */
function soloGame(seed: number): GameState {
  const rng = seededRandom(seed);
  let g = unwrap(newGame({ handsToPlay: 4 })); // solo wins pay only for games of at least 3 hands
  while (g.phase !== 'gameOver') {
    if (g.phase === 'deal') {
      g = dealRandom(g, rng);
      continue;
    }
    const seat = seatsToAct(g)[0]!;
    if (g.phase === 'moon') g = unwrap(applyMove(g, seat, { kind: 'moon', choice: 'plus' }));
    else if (g.phase === 'pass') {
      const legal = [...legalMoves(g, seat)];
      g = unwrap(applyMove(g, seat, { kind: 'pass', cards: legal.slice(0, g.rules.passCards) }));
    } else {
      const legal = [...legalMoves(g, seat)];
      g = unwrap(applyMove(g, seat, { kind: 'play', card: legal[randomInt(rng, legal.length)]! }));
    }
  }
  return g;
}

/** History entries (as the app keeps them) of solo games the player (seat 0) won. */
function wonSoloGames(count: number, from: number) {
  const out = [];
  for (let seed = from; out.length < count; seed++) {
    const g = soloGame(seed);
    if (!g.winners.includes(0)) continue;
    out.push({
      id: `solo-${seed}`,
      startedAt: 1_700_000_000_000 + seed,
      endedAt: 1_700_000_100_000 + seed,
      level: 'easy',
      record: makeRecord(g, ['You', 'Bot 1', 'Bot 2', 'Bot 3']),
      scores: g.scores,
      winners: g.winners,
    });
  }
  return out;
}

/**
 * Chips for a player straight into the server's database, as a rated win would pay them: solo wins pay only a
 * token, so a test that buys needs more than they pay in a day.
 */
function grant(userId: string, amount: number, id: string): void {
  const db = new Database(app.server.database);
  try {
    db.pragma('busy_timeout = 5000');
    db.transaction(() => {
      db.prepare(
        'INSERT INTO wallets (user_id, balance) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET balance = wallets.balance + excluded.balance',
      ).run(userId, amount);
      db.prepare(
        'INSERT INTO chip_ledger (id, user_id, amount, reason, ref, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      ).run(`win:${id}:${userId}`, userId, amount, 'rated-win', id, Date.now());
    })();
  } finally {
    db.close();
  }
}

async function contextAs(token: string, locale = 'en-US', history: unknown[] = []): Promise<BrowserContext> {
  const context = await app.browser.newContext({ viewport: { width: 412, height: 915 }, locale });
  await context.addInitScript(
    ([t, h]) => {
      localStorage.setItem('hearts.live.token', t as string);
      if ((h as unknown[]).length > 0 && !localStorage.getItem('hearts.history'))
        localStorage.setItem('hearts.history', JSON.stringify(h));
    },
    [token, history] as const,
  );
  return context;
}

it('a player page with the rating graph and a replay, the leaderboard and a bot level’s page', async () => {
  const a = await guest();
  const roomId = await quickMatch({ url: app.url, token: a.token, rated: true, targetScore: 50 }).roomId;
  const client = new TableClient({ url: app.url, token: a.token, roomId });
  await client.connect();
  autoplay(client, 3);
  await until('the game to end', () => client.result !== null);
  const level = client.state!.table.seats.find((s) => s.bot)!.level!;
  const mine = await api<{ rating: number; provisional: boolean }>('/api/profile/me', a.token);
  expect(mine.rating).toBe(client.result!.ratings[client.state!.table.you]!.after);
  expect(mine.provisional).toBe(true); // one rated game: provisional, "1550?" at most

  const context = await contextAs(a.token);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${app.url}/#/profile`);
  await page.locator('.player-page').waitFor({ timeout: 20_000 });
  expect(await page.locator('[data-rating]').getAttribute('data-rating')).toBe(String(mine.rating));
  expect(await page.locator('[data-rating]').textContent()).toBe(`${mine.rating}?`);
  expect(await page.locator('[data-rating]').getAttribute('title')).toMatch(/^Provisional rating/);
  await page.locator('.provisional-note', { hasText: '9 more rated games' }).waitFor();
  expect(await page.locator('svg.rating-graph').getAttribute('data-points')).toBe('2');
  expect(await page.locator('.record-table tr', { hasText: 'Rated games' }).locator('td').textContent()).toBe(
    '1',
  );
  expect(await page.locator('.recent-games li').count()).toBe(1);
  // The three bots of the game are named as bots, with their level (not the level's name alone).
  expect((await page.locator('.recent-games li .muted').textContent())!.match(/Bot · /g)).toHaveLength(3);
  await screenshot(page, 'profile.png');
  await page.locator('.recent-games li button', { hasText: 'Replay' }).click();
  await page.waitForURL(/#\/replay\/game\/[^?]+\?from=%2Fprofile/);
  await page.reload();
  await page.getByRole('button', { name: '← Profile' }).click();
  await page.waitForURL(/#\/profile/);

  // The leaderboard lists established ratings only: the bot level, not the provisional player.
  await page.goto(`${app.url}/#/leaderboard`);
  await page.locator(`.leaderboard tr[data-subject="b:${level}"]`).waitFor({ timeout: 20_000 });
  expect(await page.locator(`.leaderboard tr[data-subject="u:${a.user.id}"]`).count()).toBe(0);
  await page.locator('.leaderboard-note', { hasText: '10 rated games' }).waitFor();
  await page.getByRole('tab', { name: 'This month' }).click();
  await page.locator('.leaderboard[data-period="month"]').waitFor();
  await page.locator(`.leaderboard tr[data-subject="b:${level}"]`).waitFor();
  expect(await page.locator(`.leaderboard tr[data-subject="u:${a.user.id}"]`).count()).toBe(0);
  await screenshot(page, 'leaderboard.png');
  await page.locator(`.leaderboard tr[data-subject="b:${level}"] button`).click();
  await page.locator(`.player-page[data-subject="b:${level}"]`).waitFor({ timeout: 10_000 });
  const bot = await api<{ rating: number }>(`/api/bots/${level}`);
  expect(await page.locator('[data-rating]').getAttribute('data-rating')).toBe(String(bot.rating));
  expect(errors).toEqual([]);
  await client.leave();
  await context.close();
}, 240_000);

it('the shop refuses a purchase without chips; won solo games pay; a bought card back is seen at a live table', async () => {
  const b = await guest();
  const context = await contextAs(b.token, 'de-DE');
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${app.url}/#/shop`);
  const lattice = page.locator('.shop-item[data-item="back-lattice"]');
  await lattice.waitFor({ timeout: 20_000 });
  expect(await page.locator('[data-balance]').getAttribute('data-balance')).toBe('0');
  expect(await page.locator('.shop-item').count()).toBe(18);
  await lattice.getByRole('button', { name: 'Kaufen' }).click();
  await page.locator('.shop-message.error', { hasText: 'Nicht genug Jetons' }).waitFor();
  expect(await lattice.getAttribute('data-owned')).toBe('false');
  await screenshot(page, 'shop-refused.png');
  await context.close();

  // Four won solo games in this browser's history: the shop reports them, the server replays them and pays a
  // token 500 each; the rest of the price comes as a rated win would pay it.
  const paid = await contextAs(b.token, 'en-US', wonSoloGames(4, 1));
  const p2 = await paid.newPage();
  const errors2 = watchErrors(p2);
  await p2.goto(`${app.url}/#/shop`);
  await p2.locator('.shop-message', { hasText: 'Solo wins paid: 2,000 chips.' }).waitFor({ timeout: 20_000 });
  expect(await p2.locator('[data-balance]').getAttribute('data-balance')).toBe('2000');
  grant(b.user.id, 18_000, 'e2e-b');
  await p2.reload();
  await p2.locator('[data-balance="20000"]').waitFor({ timeout: 20_000 });
  const item = p2.locator('.shop-item[data-item="back-lattice"]');
  await item.getByRole('button', { name: 'Buy' }).click();
  await p2.locator('.shop-item[data-item="back-lattice"][data-owned="true"]').waitFor();
  expect(await p2.locator('[data-balance]').getAttribute('data-balance')).toBe('0');
  await item.getByRole('button', { name: 'Use' }).click();
  await p2.locator('.shop-item[data-item="back-lattice"][data-equipped="true"]').waitFor();
  await screenshot(p2, 'shop.png');
  // Reported once: a reload pays nothing more.
  await p2.reload();
  await p2.locator('.shop-item[data-item="back-lattice"]').waitFor();
  expect(await p2.locator('[data-balance]').getAttribute('data-balance')).toBe('0');

  // A friend (a Node client) with the "stars" back opens a room; the player joins from the browser by link.
  const c = await guest();
  grant(c.user.id, 35_000, 'e2e-c');
  expect(await api<{ balance: number }>('/api/shop/buy', c.token, { item: 'back-stars' })).toEqual({
    balance: 0,
    item: 'back-stars',
  });
  await api('/api/shop/equip', c.token, { item: 'back-stars' });
  const host = await TableClient.createFriendsRoom({ url: app.url, token: c.token });
  await p2.goto(`${app.url}/?speed=fast#/live/${host.roomId}`);
  await until('the player in the room', () => (host.lobby?.members.length ?? 0) === 2, 20_000);
  host.send('options', { rules: { targetScore: 15 }, botLevel: 'easy' });
  await new Promise((r) => setTimeout(r, 200));
  host.send('start', {});
  await until('the deal', () => host.state !== null && host.state.view.phase !== 'deal', 20_000);
  const seats = host.state!.table.seats;
  const theirs = seats.findIndex((s) => s.name === b.user.name);
  expect(seats[theirs]!.look?.back).toBe('back-lattice'); // others see the player's choice
  // In the browser the friend's seat shows the stars back (its pattern's night-blue tile).
  const friendSeat = p2.locator(`.seat[data-seat="${host.state!.table.you}"]`);
  await friendSeat.locator('.back-mini').first().waitFor({ timeout: 20_000 });
  expect(await friendSeat.locator('.back-mini pattern rect[fill="#240046"]').count()).toBeGreaterThan(0);
  expect(await p2.locator('.table-screen.table-look').count()).toBe(1);
  await screenshot(p2, 'live-look.png');
  // The refused purchase is a 402 answer, which the browser logs; nothing else went wrong.
  expect(errors).toEqual([expect.stringMatching(/status of 402/)]);
  expect(errors2).toEqual([]);
  await host.leave();
  await paid.close();
}, 240_000);
