import fc from 'fast-check';
import { placesOf } from '@hearts/engine';
import { describe, expect, test } from 'vitest';
import {
  PLACE_POINTS,
  POINT_UNIT,
  placementUnits,
  standings,
  type EntrantName,
  type TournamentGame,
} from './scoring.js';

const E = (userId: string, joinedAt = 0): EntrantName => ({ userId, name: userId.toUpperCase(), joinedAt });
let clock = 0;
/** A game from the players' totals (lowest wins), places by the engine. */
const game = (id: string, seats: readonly (string | null)[], totals: readonly number[]): TournamentGame => {
  clock += 1000;
  const places = placesOf(totals);
  return {
    id,
    startedAt: clock - 500,
    finishedAt: clock,
    seats: seats.map((userId, i) => ({ userId, name: userId ?? 'Bot', place: places[i]! })),
  };
};
const pts = (s: ReturnType<typeof standings>) => Object.fromEntries(s.map((l) => [l.userId, l.points]));

describe('placement points', () => {
  test.each([
    [
      [1, 2, 3, 4],
      [4, 2, 1, 0],
    ],
    [
      [1, 1, 3, 4],
      [3, 3, 1, 0],
    ],
    [
      [1, 2, 2, 4],
      [4, 1.5, 1.5, 0],
    ],
    [
      [1, 1, 1, 4],
      [7 / 3, 7 / 3, 7 / 3, 0],
    ],
    [
      [1, 1, 1, 1],
      [7 / 4, 7 / 4, 7 / 4, 7 / 4],
    ],
    [
      [1, 2, 3, 3],
      [4, 2, 0.5, 0.5],
    ],
  ])('places %j give %j points', (places, points) => {
    expect(placementUnits(places).map((u) => u / POINT_UNIT)).toEqual(points);
    expect(placementUnits(places).every((u) => Number.isInteger(u))).toBe(true);
  });

  test('a game pays out 7 points in all, however the players tie', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 30 }), { minLength: 4, maxLength: 4 }), (totals) => {
        const sum = placementUnits(placesOf(totals)).reduce<number>((a, b) => a + b, 0);
        expect(sum).toBe(PLACE_POINTS.reduce<number>((a, b) => a + b, 0) * POINT_UNIT);
      }),
    );
  });
});

describe('standings', () => {
  test('points add up; bots take places but are not ranked; an entrant without games stands at 0', () => {
    const s = standings(
      [E('a'), E('b'), E('c'), E('d', 5)],
      [game('g1', ['a', 'b', null, 'c'], [3, 10, 8, 5]), game('g2', ['a', 'b', 'c', null], [7, 2, 2, 20])],
    );
    expect(pts(s)).toEqual({ a: 4 + 1, b: 0 + 3, c: 2 + 3, d: 0 });
    expect(s.map((l) => [l.userId, l.rank])).toEqual([
      ['a', 1],
      ['c', 1],
      ['b', 3],
      ['d', 4],
    ]);
    expect(s.find((l) => l.userId === 'c')!.wins).toBe(1);
  });

  test('a streak: after two wins in a row, each further game counts double until one is not won', () => {
    const seats = ['a', 'b', 'c', 'd'];
    const aWins = [0, 5, 6, 7];
    const aThird = [6, 0, 5, 7];
    const games = [aWins, aWins, aWins, aWins, aThird, aWins, aWins].map((t, i) => game(`s${i}`, seats, t));
    const a = standings(
      seats.map((u) => E(u)),
      games,
    ).find((l) => l.userId === 'a')!;
    expect(a.results.map((r) => [r.units / POINT_UNIT, r.doubled])).toEqual([
      [4, false],
      [4, false],
      [8, true],
      [8, true],
      [2, true], // third place on the streak: doubled, and the streak ends
      [4, false],
      [4, false],
    ]);
    expect(a.points).toBe(34);
    expect(a.streak).toBe(2);
    expect(a.wins).toBe(6);
  });

  test('a shared first place is a win and keeps the streak', () => {
    const seats = ['a', 'b', 'c', 'd'];
    const games = [
      game('t1', seats, [0, 0, 5, 6]),
      game('t2', seats, [0, 0, 5, 6]),
      game('t3', seats, [0, 0, 5, 6]),
    ];
    const a = standings(
      seats.map((u) => E(u)),
      games,
    ).find((l) => l.userId === 'a')!;
    expect(a.results.map((r) => r.units / POINT_UNIT)).toEqual([3, 3, 6]);
  });

  const gamesArb = fc
    .array(
      fc.record({
        players: fc.shuffledSubarray(['a', 'b', 'c', 'd', 'e', 'f'], { minLength: 1, maxLength: 4 }),
        totals: fc.array(fc.integer({ min: 0, max: 26 }), { minLength: 4, maxLength: 4 }),
      }),
      { maxLength: 25 },
    )
    .map((gs) =>
      gs.map((g, i) => {
        const places = placesOf(g.totals);
        const seats = [...g.players, ...Array<null>(4 - g.players.length).fill(null)];
        return {
          id: `g${i}`,
          startedAt: i * 100,
          finishedAt: i * 100 + 50,
          seats: seats.map((userId, k) => ({ userId, name: userId ?? 'Bot', place: places[k]! })),
        } satisfies TournamentGame;
      }),
    );
  const entrants = ['a', 'b', 'c', 'd', 'e', 'f'].map((u, i) => E(u, i));

  test('every finished game counts exactly once, whatever the order and however often it is delivered', () => {
    fc.assert(
      fc.property(
        gamesArb.chain((gs) =>
          fc
            .tuple(fc.shuffledSubarray(gs), fc.array(fc.nat(), { maxLength: 10 }))
            .map(([extra, picks]) => [
              ...gs,
              ...extra,
              ...picks.flatMap((p) => (gs.length ? [gs[p % gs.length]!] : [])),
            ])
            .chain((dup) => fc.tuple(fc.constant(gs), fc.shuffledSubarray(dup, { minLength: dup.length }))),
        ),
        ([games, reordered]) => {
          const once = standings(entrants, games);
          expect(standings(entrants, reordered)).toEqual(once);
          for (const line of once) {
            const played = games
              .filter((g) => g.seats.some((s) => s.userId === line.userId))
              .map((g) => g.id);
            expect(line.results.map((r) => r.gameId)).toEqual(played);
            expect(line.games).toBe(played.length);
            expect(line.units).toBe(line.results.reduce((a, r) => a + r.units, 0));
          }
        },
      ),
    );
  });

  test('ranks are ordered by points and shared only by equal points and wins', () => {
    fc.assert(
      fc.property(gamesArb, (games) => {
        const s = standings(entrants, games);
        expect(s).toHaveLength(entrants.length);
        s.forEach((l, i) => {
          const prev = s[i - 1];
          if (prev === undefined) return expect(l.rank).toBe(1);
          expect(prev.units).toBeGreaterThanOrEqual(l.units);
          if (prev.units === l.units && prev.wins === l.wins) expect(l.rank).toBe(prev.rank);
          else expect(l.rank).toBe(i + 1);
        });
      }),
    );
  });
});
