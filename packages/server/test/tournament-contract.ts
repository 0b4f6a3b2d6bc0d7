/**
 * The tournaments' storage contract ({@link TournamentStore}), run by `describeGameStore` on every database: one
 * tournament per scheduled slot, entries held to the limit under concurrent requests (not a check in memory), the
 * presence of entrants, games finished once inside the finishing transaction, the standings derived from the
 * stored games, a player's history.
 */
import { expect, test } from 'vitest';
import { DEFAULT_RULES } from '@hearts/engine';
import type { TournamentRecord } from '../src/store/tournaments.js';
import type { GameStore } from '../src/store/types.js';
import { DEFAULT_PAIRING } from '../src/tournament/pairing.js';
import { standings, type GameSeat, type TournamentGame } from '../src/tournament/scoring.js';

const tournament = (id: string, over: Partial<TournamentRecord> = {}): TournamentRecord => ({
  id,
  kind: 'arena',
  name: `Arena ${id}`,
  hostId: null,
  scheduleKey: null,
  rules: { ...DEFAULT_RULES, handsToPlay: 4 },
  botLevel: 'expert',
  rated: false,
  maxPlayers: 100,
  pairing: DEFAULT_PAIRING,
  startsAt: 1_000,
  endsAt: 3_601_000,
  status: 'upcoming',
  createdAt: 500,
  finishedAt: null,
  ...over,
});

const seat = (userId: string | null, place: number): GameSeat => ({ userId, name: userId ?? 'Bot', place });

export function describeTournamentStore(store: () => GameStore): void {
  test('tournaments: stored and read back; one per scheduled slot; listed ones by start, private ones not', async () => {
    const t = store().tournaments;
    expect(await t.create(tournament('t1', { startsAt: 5_000, endsAt: 9_000 }))).toBe(true);
    expect(await t.create(tournament('t1'))).toBe(false);
    const slot = await Promise.all(
      ['h1', 'h2', 'h3'].map((id) =>
        t.create(tournament(id, { kind: 'scheduled', scheduleKey: 'hourly:2026-12-01T20' })),
      ),
    );
    expect(slot.filter(Boolean)).toHaveLength(1);
    expect(await t.create(tournament('p1', { kind: 'private', hostId: 'u1', rated: true }))).toBe(true);
    const t1 = await t.get('t1');
    expect(t1).toEqual(tournament('t1', { startsAt: 5_000, endsAt: 9_000 }));
    expect((await t.get('p1'))?.rated).toBe(true);
    expect(await t.get('nope')).toBeNull();
    const listed = await t.list(['upcoming', 'running'], 10);
    expect(listed.map((x) => x.kind)).toEqual(['scheduled', 'arena']);
    expect(listed[1]!.id).toBe('t1');
    expect(await t.list([], 10)).toEqual([]);
    expect((await t.list(['upcoming'], 10, true)).map((x) => x.id)).toEqual(['t1', listed[0]!.id]);
    expect(await t.list(['upcoming'], 1)).toHaveLength(1);
    expect((await t.unfinished()).length).toBe(3);
  });

  test("tournaments: the host's rule options are kept with the tournament, every option as chosen", async () => {
    const t = store().tournaments;
    const rules = {
      ...DEFAULT_RULES,
      handsToPlay: 2,
      passCards: 4,
      passCycle: 'left',
      moon: 'shooterChoice',
      jackOfDiamonds: -10,
      heartsMustBeBroken: false,
      heartValues: 'rank',
      queenPoints: 25,
      sevenOfDie: true,
    } as const;
    await t.create(tournament('r1', { kind: 'private', hostId: 'u1', rules }));
    await t.create(tournament('r2', { rules }));
    await t.create(tournament('s1'));
    expect((await t.get('r1'))?.rules).toEqual(rules);
    expect((await t.list(['upcoming'], 10)).map((x) => [x.id, x.rules])).toEqual([
      ['r2', rules],
      ['s1', { ...DEFAULT_RULES, handsToPlay: 4 }],
    ]);
  });

  test('tournaments: the status only moves forward', async () => {
    const t = store().tournaments;
    await t.create(tournament('t1'));
    expect(await t.setStatus('t1', 'upcoming', 1)).toBe(false);
    expect(await t.setStatus('t1', 'running', 2)).toBe(true);
    expect(await t.setStatus('t1', 'running', 3)).toBe(false);
    expect(await t.setStatus('t1', 'finished', 4)).toBe(true);
    expect(await t.setStatus('t1', 'running', 5)).toBe(false);
    expect(await t.get('t1')).toMatchObject({ status: 'finished', finishedAt: 4 });
    expect(await t.unfinished()).toEqual([]);
  });

  test('tournaments: entries are held to maxPlayers under concurrent requests; pause, leave and back', async () => {
    const t = store().tournaments;
    await t.create(tournament('t1', { maxPlayers: 5 }));
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, (_, i) => t.enter('t1', { userId: `u${i}`, name: `P${i}` }, 100 + i, 5)),
    );
    expect(outcomes.filter((o) => o === 'entered')).toHaveLength(5);
    expect(outcomes.filter((o) => o === 'full')).toHaveLength(7);
    const entrants = await t.entrants('t1');
    expect(entrants).toHaveLength(5);
    const first = entrants[0]!;
    expect(await t.enter('t1', { userId: first.userId, name: first.name }, 200, 5)).toBe('already');
    expect(await t.setPresence('t1', first.userId, 'paused', 300)).toBe(true);
    expect(await t.setPresence('t1', 'stranger', 'left', 300)).toBe(false);
    expect((await t.entrants('t1'))[0]).toMatchObject({ presence: 'paused', presenceAt: 300 });
    expect(await t.enter('t1', { userId: first.userId, name: first.name }, 400, 5)).toBe('back');
    expect((await t.entrants('t1'))[0]).toMatchObject({
      presence: 'active',
      presenceAt: 400,
      joinedAt: first.joinedAt,
    });
    await expect(t.enter('nope', { userId: 'u1', name: 'x' }, 1, 5)).rejects.toThrow(/no tournament/);
  });

  test('tournaments: a game finishes once, in the finishing transaction; standings come from the stored games', async () => {
    const s = store();
    const t = s.tournaments;
    await t.create(tournament('t1'));
    for (const u of ['a', 'b', 'c', 'd', 'e']) await t.enter('t1', { userId: u, name: u }, 10, 100);
    await t.startGames('t1', [
      { gameId: 'g1', seats: ['a', 'b', 'c', 'd'], startedAt: 2_000 },
      { gameId: 'g2', seats: ['e', null, null, null], startedAt: 2_001 },
      { gameId: 'g3', seats: ['a', 'b', null, null], startedAt: 3_000 },
    ]);
    expect(await t.gameTournament('g2')).toBe('t1');
    expect(await t.gameTournament('zz')).toBeNull();
    const g1 = [seat('a', 2), seat('b', 1), seat('c', 3), seat('d', 4)];
    const tries = await Promise.all(
      [0, 1, 2].map(() => s.progress.transaction((tx) => tx.finishTournamentGame('g1', g1, 50_000))),
    );
    expect(tries.filter(Boolean)).toHaveLength(1);
    // a transaction that fails after the finish leaves the game running
    await expect(
      s.progress.transaction(async (tx) => {
        expect(
          await tx.finishTournamentGame('g2', [seat('e', 1), seat(null, 2), seat(null, 3), seat(null, 4)], 1),
        );
        throw new Error('crash');
      }),
    ).rejects.toThrow('crash');
    expect(await t.abandonGame('g2')).toBe(true);
    expect(await t.abandonGame('g2')).toBe(false);
    expect(
      await s.progress.transaction((tx) =>
        tx.finishTournamentGame('g2', [seat('e', 1), seat(null, 2), seat(null, 3), seat(null, 4)], 1),
      ),
    ).toBe(false);
    const games = await t.games('t1');
    expect(games.map((g) => [g.gameId, g.status])).toEqual([
      ['g1', 'finished'],
      ['g2', 'abandoned'],
      ['g3', 'running'],
    ]);
    expect(games[0]).toMatchObject({
      seats: ['a', 'b', 'c', 'd'],
      finishedAt: 50_000,
      result: g1,
      startedAt: 2_000,
    });
    expect(games[2]!.seats).toEqual(['a', 'b', null, null]);
    const finished: TournamentGame[] = games.flatMap((g) =>
      g.status === 'finished'
        ? [{ id: g.gameId, startedAt: g.startedAt, finishedAt: g.finishedAt!, seats: g.result! }]
        : [],
    );
    const entrants = (await t.entrants('t1')).map((e) => ({
      userId: e.userId,
      name: e.name,
      joinedAt: e.joinedAt,
    }));
    expect(standings(entrants, finished).map((l) => [l.userId, l.points])).toEqual([
      ['b', 4],
      ['a', 2],
      ['c', 1],
      ['e', 0], // no game yet: fewer games first among equal points
      ['d', 0],
    ]);
  });

  test('tournaments: absent entrants are marked away (a taken-over seat in the finishing transaction); an idle one closes early', async () => {
    const s = store();
    const t = s.tournaments;
    await t.create(tournament('t1'));
    for (const u of ['a', 'b', 'c', 'd', 'e']) await t.enter('t1', { userId: u, name: u }, 10, 100);
    await t.setPresence('t1', 'e', 'paused', 20);
    // Only active ones are marked; a paused one stays paused.
    expect(await t.markAway('t1', ['d', 'e', 'stranger'], 30)).toBe(1);
    expect(await t.markAway('t1', [], 30)).toBe(0);
    const presence = async () =>
      Object.fromEntries((await t.entrants('t1')).map((e) => [e.userId, e.presence]));
    expect(await presence()).toEqual({ a: 'active', b: 'active', c: 'active', d: 'away', e: 'paused' });
    // A bot took b's seat over: b is away from the finish on (in its transaction, once).
    await t.startGames('t1', [{ gameId: 'g1', seats: ['a', 'b', 'c', null], startedAt: 2_000 }]);
    const result = [seat('a', 1), { ...seat('b', 4), left: true }, seat('c', 2), seat(null, 3)];
    expect(await s.progress.transaction((tx) => tx.finishTournamentGame('g1', result, 9_000))).toBe(true);
    expect(await presence()).toEqual({ a: 'active', b: 'away', c: 'active', d: 'away', e: 'paused' });
    expect((await t.entrants('t1')).find((e) => e.userId === 'b')).toMatchObject({ presenceAt: 9_000 });
    // Coming back makes an away entrant active again.
    expect(await t.enter('t1', { userId: 'd', name: 'd' }, 9_500, 100)).toBe('back');
    expect((await presence()).d).toBe('active');
    // Closing early: only while it runs (after its start, before its end), once.
    expect(await t.closeEarly('t1', 500)).toBe(false); // before the start
    expect(await t.closeEarly('t1', 10_000)).toBe(true);
    expect((await t.get('t1'))!.endsAt).toBe(10_000);
    expect(await t.closeEarly('t1', 20_000)).toBe(false); // ended by then
    expect(await t.closeEarly('nope', 20_000)).toBe(false);
  });

  test("tournaments: a player's history, newest first", async () => {
    const t = store().tournaments;
    await t.create(tournament('old', { startsAt: 1_000 }));
    await t.create(tournament('new', { startsAt: 9_000, endsAt: 99_000 }));
    await t.create(tournament('other', { startsAt: 5_000 }));
    await t.enter('old', { userId: 'u1', name: 'Anna' }, 900, 10);
    await t.enter('new', { userId: 'u1', name: 'Anna' }, 8_000, 10);
    await t.enter('other', { userId: 'u2', name: 'Ben' }, 8_000, 10);
    const h = await t.userTournaments('u1', 10);
    expect(h.map((e) => [e.tournament.id, e.joinedAt])).toEqual([
      ['new', 8_000],
      ['old', 900],
    ]);
    expect(await t.userTournaments('u1', 1)).toHaveLength(1);
    expect(await t.userTournaments('nobody', 10)).toEqual([]);
  });

  test("tournaments: a player's history of some statuses and kinds (a player page)", async () => {
    const t = store().tournaments;
    const made: [string, Partial<TournamentRecord>][] = [
      ['f-arena', { status: 'finished', startsAt: 1_000 }],
      ['f-private', { status: 'finished', kind: 'private', hostId: 'u1', startsAt: 2_000 }],
      ['f-sched', { status: 'finished', kind: 'scheduled', scheduleKey: 'hourly:x', startsAt: 3_000 }],
      ['running', { status: 'running', startsAt: 4_000 }],
      ['upcoming', { startsAt: 5_000, endsAt: 3_605_000 }],
      ['f-other', { status: 'finished', startsAt: 6_000 }], // u1 did not enter it
    ];
    for (const [id, over] of made) await t.create(tournament(id, over));
    for (const [id] of made.slice(0, 5)) await t.enter(id, { userId: 'u1', name: 'Anna' }, 900, 10);
    await t.enter('f-other', { userId: 'u2', name: 'Ben' }, 900, 10);
    const ids = async (only: Parameters<typeof t.userTournaments>[2], limit = 10) =>
      (await t.userTournaments('u1', limit, only)).map((e) => e.tournament.id);
    expect(await ids(undefined)).toEqual(['upcoming', 'running', 'f-sched', 'f-private', 'f-arena']);
    expect(await ids({ statuses: ['finished'] })).toEqual(['f-sched', 'f-private', 'f-arena']);
    expect(await ids({ statuses: ['finished'], kinds: ['arena', 'scheduled'] })).toEqual([
      'f-sched',
      'f-arena',
    ]);
    expect(await ids({ statuses: ['finished'], kinds: ['arena', 'scheduled'] }, 1)).toEqual(['f-sched']);
    expect(await ids({ kinds: ['private'] })).toEqual(['f-private']);
    expect(await ids({ statuses: ['running', 'upcoming'] })).toEqual(['upcoming', 'running']);
    expect(await ids({ statuses: [] })).toEqual([]);
    expect(await ids({ kinds: [] })).toEqual([]);
    const [sched] = await t.userTournaments('u1', 1, { statuses: ['finished'] });
    expect(sched?.tournament).toMatchObject({ id: 'f-sched', kind: 'scheduled', status: 'finished' });
  });
}
