/**
 * A player's tournaments on their player page (`GET /api/profile/:who`): finished ones only, newest first, at most
 * `HISTORY_MAX`, with the place, points, games and prize of the tournament's own standings; a private tournament
 * only on the player's own page (`me`, or their id while signed in as them).
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEFAULT_RULES } from '@hearts/engine';
import type { PlayerPage, TournamentEntry, TournamentPage } from '@hearts/protocol/http';
import type { GameSeat } from '../src/tournament/scoring.js';
import { DEFAULT_PAIRING } from '../src/tournament/pairing.js';
import { PODIUM_PRIZES as TOURNAMENT_PRIZES } from '../src/fairness/policy.js';
import { HISTORY_MAX } from '../src/tournament/routes.js';
import type { TournamentRecord } from '../src/store/tournaments.js';
import { api, guest, startTestServer, until, type TestServer } from './helpers.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.stop());

type User = Awaited<ReturnType<typeof guest>>;
const HOUR = 3_600_000;
const now = Date.now();

const tournament = (id: string, over: Partial<TournamentRecord>): TournamentRecord => ({
  id,
  kind: 'arena',
  name: `Arena ${id}`,
  hostId: null,
  scheduleKey: null,
  rules: { ...DEFAULT_RULES, handsToPlay: 1 },
  botLevel: 'easy',
  rated: false,
  maxPlayers: 50,
  pairing: DEFAULT_PAIRING,
  startsAt: now - 10 * HOUR,
  endsAt: now - 9 * HOUR,
  status: 'finished',
  createdAt: now - 11 * HOUR,
  finishedAt: now - 9 * HOUR,
  ...over,
});

/** Stores a tournament with its entrants and finished games (each game: the users in seat order, by place). */
async function stored(record: TournamentRecord, entrants: User[], games: User[][]) {
  const s = t.server.services.store;
  expect(await s.tournaments.create(record)).toBe(true);
  for (const u of entrants)
    await s.tournaments.enter(record.id, { userId: u.id, name: u.name }, record.startsAt, record.maxPlayers);
  await s.tournaments.startGames(
    record.id,
    games.map((g, i) => ({
      gameId: `${record.id}-g${i}`,
      seats: g.map((u) => u.id),
      startedAt: record.startsAt + i,
    })),
  );
  for (const [i, g] of games.entries()) {
    const places: GameSeat[] = g.map((u, place) => ({ userId: u.id, name: u.name, place: place + 1 }));
    expect(
      await s.progress.transaction((tx) => tx.finishTournamentGame(`${record.id}-g${i}`, places, now)),
    ).toBe(true);
  }
}

const pageOf = async (who: string, u?: User) => {
  const r = await api<PlayerPage>(t.url, `/api/profile/${who}`, u ? { token: u.token } : {});
  expect(r.status).toBe(200);
  return r.body.tournaments!;
};
const ids = (list: TournamentEntry[]) => list.map((e) => e.tournament.id);

test("a player's page lists their finished tournaments: place, points, games, prize; private ones only to themself", async () => {
  const [a, b, c, d, e, f] = await Promise.all(Array.from({ length: 6 }, () => guest(t.url)));
  const four = [a!, b!, c!, d!];
  // a wins three games; a, b and c each met four people in three games (what a podium place needs to pay:
  // fairness/policy.ts); f entered and never played. The runner finishes it and pays its podium.
  await stored(
    tournament('pt-arena', { status: 'running', finishedAt: null }),
    [...four, e!, f!],
    [four, four, [a!, c!, b!, e!]],
  );
  await until(
    'the runner finishes the arena',
    async () =>
      (await api<TournamentPage>(t.url, '/api/tournaments/pt-arena')).body.tournament.status === 'finished',
    20_000,
  );
  await stored(
    tournament('pt-private', {
      kind: 'private',
      hostId: a!.id,
      name: 'Family night',
      startsAt: now - 5 * HOUR,
    }),
    [a!, b!],
    [],
  );
  await stored(
    tournament('pt-upcoming', {
      status: 'upcoming',
      startsAt: now + HOUR,
      endsAt: now + 2 * HOUR,
      finishedAt: null,
    }),
    [a!],
    [],
  );

  const standings = (await api<TournamentPage>(t.url, '/api/tournaments/pt-arena')).body.standings;
  const row = (u: User) => standings.find((r) => r.name === u.name)!;

  // anyone: the public one only (not the private one, not the one to come)
  const seen = await pageOf(a!.id);
  expect(ids(seen)).toEqual(['pt-arena']);
  expect(seen[0]).toMatchObject({
    tournament: { id: 'pt-arena', name: 'Arena pt-arena', kind: 'arena', status: 'finished', players: 6 },
    rank: 1,
    of: 6,
    points: row(a!).points,
    games: 3,
    prize: TOURNAMENT_PRIZES[0],
  });
  expect(row(a!).points).toBeGreaterThan(0);
  expect((await pageOf(b!.id))[0]).toMatchObject({ rank: 2, games: 3, prize: TOURNAMENT_PRIZES[1] });
  expect((await pageOf(c!.id))[0]).toMatchObject({ rank: 3, games: 3, prize: TOURNAMENT_PRIZES[2] });
  // f ties with d and e (no points: they came last each time) and shares rank 4
  expect((await pageOf(f!.id))[0]).toMatchObject({ rank: 4, of: 6, points: 0, games: 0, prize: 0 });
  expect(row(f!).rank).toBe(4);
  // the tournament's own page shows the podium's prizes as paid (item 11 of issue #44)
  expect([a!, b!, c!, f!].map((u) => row(u).prize)).toEqual([...TOURNAMENT_PRIZES, 0]);
  expect(ids(await pageOf(a!.id, b!))).toEqual(['pt-arena']); // another player, signed in

  // yourself: the private one too, newest first
  expect(ids(await pageOf('me', a!))).toEqual(['pt-private', 'pt-arena']);
  expect(ids(await pageOf(a!.id, a!))).toEqual(['pt-private', 'pt-arena']);
  expect((await pageOf('me', a!))[0]).toMatchObject({ tournament: { name: 'Family night' }, prize: 0 });
  expect(ids(await pageOf('me', b!))).toEqual(['pt-private', 'pt-arena']);

  // the tournaments page's own history still lists every one entered, with the prize
  const history = await api<{ tournaments: TournamentEntry[] }>(t.url, '/api/tournament-history', {
    token: a!.token,
  });
  expect(ids(history.body.tournaments)).toEqual(['pt-upcoming', 'pt-private', 'pt-arena']);
  expect(history.body.tournaments[2]!.prize).toBe(TOURNAMENT_PRIZES[0]);
  expect(history.body.tournaments[0]!.prize).toBe(0);
});

test(`a player page lists at most ${HISTORY_MAX} tournaments, the newest`, async () => {
  const u = await guest(t.url);
  const n = HISTORY_MAX + 3;
  for (let i = 0; i < n; i++)
    await stored(
      tournament(`pt-many-${i}`, { startsAt: now - (n - i) * HOUR, endsAt: now - (n - i) * HOUR + 60_000 }),
      [u],
      [],
    );
  const list = await pageOf(u.id);
  expect(list).toHaveLength(HISTORY_MAX);
  expect(list[0]!.tournament.id).toBe(`pt-many-${n - 1}`);
  expect(list[HISTORY_MAX - 1]!.tournament.id).toBe(`pt-many-3`);
});

test('a bot level’s page has no tournaments', async () => {
  const r = await api<PlayerPage>(t.url, '/api/bots/easy');
  expect(r.status).toBe(200);
  expect(r.body.tournaments).toBeUndefined();
});
