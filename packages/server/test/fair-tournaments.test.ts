/**
 * Issue #42, scenario 1: tournament farming among one person's own accounts, against the real server on SQLite and
 * on PostgreSQL. Four guests from one address: a private tournament cannot be created rated; one stored as rated
 * before that (as the farming report did) moves no rating; the accounts, already at the day's live cap, are paid
 * nothing more by it; and in a public arena where they met only each other the podium pays nothing. The rules are
 * the fairness policy's (`src/fairness/policy.ts`, docs/rating.md).
 *
 * The test decides when a tournament ends (once everyone has played enough games for a podium place to have paid
 * before the policy): its store's `tournaments.get` reads the end the test set, so nothing waits on the clock.
 */
import { describe, expect, test } from 'vitest';
import type { LeaderboardRow, PlayerPage } from '@hearts/protocol/http';
import { utcDayStart } from '../src/economy/chips.js';
import { DAILY_CAPS, MIN_PODIUM_GAMES } from '../src/fairness/policy.js';
import type { GameStore } from '../src/store/types.js';
import { DEFAULT_PAIRING } from '../src/tournament/pairing.js';
import { api, guest, serverPerTest, type TestServer } from './helpers.js';
import { DATABASES, storeOn } from './databases.js';
import { arenaRecord, tournamentPlayer, waitPage, type User } from './tournament-helpers.js';

const startServer = serverPerTest();

/** A store whose tournaments end when the test says so. */
function endingOnCue(store: GameStore): { store: GameStore; endNow: (id: string) => void } {
  const ends = new Map<string, number>();
  const get = store.tournaments.get.bind(store.tournaments);
  store.tournaments.get = async (id) => {
    const t = await get(id);
    const end = ends.get(id);
    return t && end !== undefined ? { ...t, endsAt: Math.min(t.endsAt, end) } : t;
  };
  return { store, endNow: (id) => ends.set(id, Date.now()) };
}

/** Plays the tournament with the users until each has played `games` games, then ends it and waits for the end. */
async function playOut(
  t: TestServer,
  endNow: (id: string) => void,
  id: string,
  users: User[],
  games: number,
) {
  const players = users.map((u, i) => tournamentPlayer(t.url, id, u, 40 + i));
  await waitPage(
    `everyone to play ${games} games`,
    () => t.url,
    id,
    (p) => p.standings.length === users.length && p.standings.every((r) => r.games >= games),
    240_000,
  ).catch((e: Error) => {
    const troubles = players.map((p) => ({ refused: p.refused, pageErrors: p.pageErrors }));
    throw new Error(`${e.message}; the players' troubles: ${JSON.stringify(troubles)}`);
  });
  endNow(id);
  const page = await waitPage(
    'the end',
    () => t.url,
    id,
    (p) => p.tournament.status === 'finished',
    120_000,
  );
  await Promise.all(players.map((p) => p.stop()));
  return { page, players };
}

const chipsOf = async (url: string, u: User) =>
  (await api<{ balance: number; ledger: { reason: string }[] }>(url, '/api/chips', { token: u.token })).body;
const profileOf = async (url: string, u: User) => (await api<PlayerPage>(url, `/api/profile/${u.id}`)).body;

describe.each(DATABASES)('tournament farming among own accounts (%s)', (db) => {
  test('a private tournament may not be rated; one stored rated moves no rating and pays nothing past the cap', async () => {
    const { store, endNow } = endingOnCue(await storeOn(db));
    const t = await startServer({}, { store });
    const users = await Promise.all(Array.from({ length: 4 }, () => guest(t.url)));
    const [host] = users as [User];

    // Created rated: refused with its own code, and nothing is stored.
    const refused = await api<{ error: string; message: string }>(t.url, '/api/tournaments', {
      token: host.token,
      body: {
        name: 'Farm',
        minutes: 10,
        hands: 1,
        startsIn: 0,
        rated: true,
        bots: true,
        botLevel: 'easy',
        maxPlayers: 4,
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('ERR_PRIVATE_RATED');
    expect(refused.body.message).toMatch(/choose their opponents/);

    // One stored as rated before (the farming report's), all four accounts at the day's live cap already.
    const now = Date.now();
    await store.tournaments.create(
      arenaRecord(
        'farm-private',
        {
          kind: 'private',
          hostId: host.id,
          rated: true,
          maxPlayers: 4,
          pairing: { ...DEFAULT_PAIRING, gatherMs: 0 },
          startsAt: now,
          endsAt: now + 3_600_000,
        },
        now,
      ),
    );
    for (const u of users) {
      await api(t.url, '/api/tournaments/farm-private/join', { method: 'POST', token: u.token });
      for (let i = 0; i < DAILY_CAPS.live; i++)
        await store.progress.transaction((tx) =>
          tx.takeDailyWin(u.id, 'live', utcDayStart(Date.now()), DAILY_CAPS.live),
        );
    }
    const { page, players } = await playOut(t, endNow, 'farm-private', users, MIN_PODIUM_GAMES);
    expect(page.tournament.rated).toBe(false);

    // Unrated: no seat of any game was told a rating, nobody has a rated game, nobody is on a leaderboard.
    const results = players.flatMap((p) => [...p.results.values()]);
    expect(results.length).toBeGreaterThanOrEqual(MIN_PODIUM_GAMES);
    for (const { result } of results) expect(result.ratings.every((r) => r === null)).toBe(true);
    for (const u of users) expect(await profileOf(t.url, u)).toMatchObject({ ratedGames: 0, rating: 1500 });
    const board = (await api<{ players: LeaderboardRow[] }>(t.url, '/api/leaderboard?period=all')).body
      .players;
    expect(board.filter((r) => r.bot === null)).toEqual([]);
    // The cap holds: nothing more was paid to anyone (no podium, no prize per game).
    for (const u of users) expect(await chipsOf(t.url, u)).toEqual({ balance: 0, ledger: [] });
  }, 420_000);

  test('a public arena where own accounts met only each other pays no podium', async () => {
    const { store, endNow } = endingOnCue(await storeOn(db));
    const t = await startServer({}, { store });
    const users = await Promise.all(Array.from({ length: 4 }, () => guest(t.url)));
    const now = Date.now();
    await store.tournaments.create(
      arenaRecord(
        'farm-arena',
        { pairing: { ...DEFAULT_PAIRING, gatherMs: 0 }, startsAt: now, endsAt: now + 3_600_000 },
        now,
      ),
    );
    for (const u of users)
      await api(t.url, '/api/tournaments/farm-arena/join', { method: 'POST', token: u.token });
    const { page } = await playOut(t, endNow, 'farm-arena', users, MIN_PODIUM_GAMES);
    expect(page.standings.filter((r) => r.games >= MIN_PODIUM_GAMES)).toHaveLength(4);
    for (const u of users) expect((await chipsOf(t.url, u)).balance).toBe(0);
    const history = await api<{ tournaments: { tournament: { id: string }; prize: number }[] }>(
      t.url,
      '/api/tournament-history',
      { token: users[0]!.token },
    );
    expect(history.body.tournaments.find((e) => e.tournament.id === 'farm-arena')?.prize).toBe(0);
  }, 420_000);
});
