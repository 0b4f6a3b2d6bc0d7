import fc from 'fast-check';
import { placesOf, unwrap } from '@hearts/engine';
import { describe, expect, test } from 'vitest';
import { DEFAULT_PAIRING, type PairingPolicy } from './pairing.js';
import type { TournamentGame } from './scoring.js';
import {
  abandonGame,
  finishGame,
  freeEntrants,
  join,
  leave,
  newTournament,
  pairNow,
  pause,
  phase,
  standingsOf,
  waitOf,
  type TournamentState,
} from './state.js';

const POLICY: PairingPolicy = { ...DEFAULT_PAIRING, pool: 8, gatherMs: 3_000, maxWaitMs: 10_000 };
const base = (over: Partial<TournamentState> = {}) =>
  newTournament({ startsAt: 1_000, endsAt: 600_000, maxPlayers: 6, pairing: POLICY, ...over });
const finished = (t: TournamentState, id: string, totals: number[], at: number): TournamentGame => {
  const g = t.running.find((r) => r.id === id)!;
  const places = placesOf(totals);
  return {
    id,
    startedAt: g.startedAt,
    finishedAt: at,
    seats: g.seats.map((userId, i) => ({ userId, name: userId ?? 'Bot', place: places[i]! })),
  };
};

describe('tournament state', () => {
  test('join, the wait, the game, the standings; nobody is seated before the start or after the end', () => {
    let t = base();
    for (const u of ['a', 'b', 'c', 'd']) t = unwrap(join(t, { userId: u, name: u }, 0));
    expect(phase(t, 0)).toBe('upcoming');
    expect(pairNow(t, 900, (i) => `g${i}`).tables).toEqual([]);
    expect(pairNow(t, 3_999, (i) => `g${i}`).tables).toEqual([]); // waits count from the start
    const { state, tables } = pairNow(t, 4_000, (i) => `g${i}`);
    expect(tables).toEqual([{ id: 'g0', seats: ['a', 'b', 'c', 'd'] }]);
    expect(freeEntrants(state, 4_000)).toEqual([]);
    t = finishGame(state, finished(state, 'g0', [1, 5, 9, 13], 100_000), 100_000);
    expect(standingsOf(t).map((s) => [s.userId, s.points])).toEqual([
      ['a', 4],
      ['b', 2],
      ['c', 1],
      ['d', 0],
    ]);
    expect(t.entrants.find((e) => e.userId === 'a')!.lastMet).toEqual(['b', 'c', 'd']);
    expect(pairNow(t, 600_000, (i) => `h${i}`).tables).toEqual([]);
    expect(join(t, { userId: 'z', name: 'z' }, 600_000)).toEqual({ ok: false, error: 'ERR_TOURNAMENT_OVER' });
  });

  test('a paused player finishes the game at hand, which counts, and is not seated again until back', () => {
    let t = base({ startsAt: 0 });
    for (const u of ['a', 'b', 'c', 'd']) t = unwrap(join(t, { userId: u, name: u }, 0));
    let r = pairNow(t, 5_000, (i) => `g${i}`);
    t = unwrap(pause(r.state, 'a'));
    t = finishGame(t, finished(t, 'g0', [1, 5, 9, 13], 60_000), 60_000);
    expect(standingsOf(t)[0]!.userId).toBe('a');
    expect(freeEntrants(t, 70_000).map((e) => e.userId)).toEqual(['b', 'c', 'd']);
    r = pairNow(t, 70_000, (i) => `h${i}`);
    expect(r.tables).toEqual([{ id: 'h0', seats: ['b', 'c', 'd', null] }]); // waited 10 s: a bot fills a's seat
    t = unwrap(join(r.state, { userId: 'a', name: 'a' }, 71_000));
    expect(freeEntrants(t, 71_000).map((e) => e.userId)).toEqual(['a']);
    expect(unwrap(leave(t, 'a')).entrants[0]!.presence).toBe('left');
    expect(leave(t, 'nobody')).toEqual({ ok: false, error: 'ERR_NOT_ENTERED' });
  });

  test('a game still running at the end counts; a finish delivered twice counts once; a full field refuses', () => {
    let t = base({ startsAt: 0, maxPlayers: 4 });
    for (const u of ['a', 'b', 'c', 'd']) t = unwrap(join(t, { userId: u, name: u }, 0));
    expect(join(t, { userId: 'e', name: 'e' }, 0)).toEqual({ ok: false, error: 'ERR_TOURNAMENT_FULL' });
    t = pairNow(t, 599_000, (i) => `g${i}`).state;
    expect(phase(t, 650_000)).toBe('finishing');
    const g = finished(t, 'g0', [3, 3, 9, 13], 700_000);
    t = finishGame(t, g, 700_000);
    t = finishGame(t, g, 701_000);
    expect(phase(t, 700_000)).toBe('finished');
    expect(standingsOf(t).map((s) => [s.userId, s.points, s.games])).toEqual([
      ['a', 3, 1],
      ['b', 3, 1],
      ['c', 1, 1],
      ['d', 0, 1],
    ]);
  });

  test('a table that cannot open gives its players back with their wait', () => {
    let t = base({ startsAt: 0 });
    for (const u of ['a', 'b', 'c', 'd']) t = unwrap(join(t, { userId: u, name: u }, 0));
    t = abandonGame(pairNow(t, 5_000, (i) => `g${i}`).state, 'g0');
    expect(t.running).toEqual([]);
    expect(t.entrants.map((e) => waitOf(t, e, 5_000))).toEqual([5_000, 5_000, 5_000, 5_000]);
  });

  type Step =
    | { kind: 'join' | 'pause' | 'leave'; who: number }
    | { kind: 'tick'; ms: number }
    | { kind: 'finish'; pick: number; totals: number[]; twice: boolean };
  const stepArb: fc.Arbitrary<Step> = fc.oneof(
    fc.record({ kind: fc.constantFrom('join', 'pause', 'leave'), who: fc.nat(11) }),
    fc.record({ kind: fc.constant('tick'), ms: fc.integer({ min: 0, max: 2_000 }) }),
    fc.record({
      kind: fc.constant('finish'),
      pick: fc.nat(),
      totals: fc.array(fc.integer({ min: 0, max: 26 }), { minLength: 4, maxLength: 4 }),
      twice: fc.boolean(),
    }),
  ) as fc.Arbitrary<Step>;

  const stats = { games: 0, runs: 0 };
  test('a run of joins, pauses, leaves, pairings and finishes keeps every invariant (injected clock)', () => {
    fc.assert(
      fc.property(
        fc.array(stepArb, { minLength: 20, maxLength: 150, size: 'max' }),
        fc.boolean(),
        fc.integer({ min: 0, max: 3_000 }),
        (steps, bots, gatherMs) => {
          const pairing = { ...POLICY, bots, gatherMs };
          let t = newTournament({ startsAt: 0, endsAt: 120_000, maxPlayers: 10, pairing });
          let now = 0;
          let n = 0;
          const delivered: TournamentGame[] = [];
          const sat = new Map<string, string[]>(); // game id -> humans
          for (const s of steps) {
            const user = s.kind === 'tick' || s.kind === 'finish' ? '' : `u${s.who}`;
            if (s.kind === 'join') {
              const r = join(t, { userId: user, name: user }, now);
              if (r.ok) t = r.value;
              else expect(['ERR_TOURNAMENT_FULL', 'ERR_TOURNAMENT_OVER']).toContain(r.error);
            } else if (s.kind === 'pause' || s.kind === 'leave') {
              const r = (s.kind === 'pause' ? pause : leave)(t, user);
              if (r.ok) t = r.value;
            } else if (s.kind === 'finish') {
              const g = t.running[s.pick % Math.max(1, t.running.length)];
              if (g === undefined) continue;
              const game = finished(t, g.id, s.totals, now);
              t = finishGame(t, game, now);
              delivered.push(game);
              if (s.twice) t = finishGame(t, game, now);
            } else if (s.kind === 'tick') {
              now += s.ms;
              const r = pairNow(t, now, () => `g${n++}`);
              for (const tb of r.tables) {
                expect(phase(t, now)).toBe('running');
                sat.set(
                  tb.id,
                  tb.seats.filter((x): x is string => x !== null),
                );
              }
              t = r.state;
              // after each pairing: nobody waits gatherMs (<= maxWaitMs) while four are free, nor maxWaitMs with bots
              const free = freeEntrants(t, now);
              const longest = Math.max(0, ...free.map((e) => waitOf(t, e, now)));
              if (free.length >= 4) expect(longest).toBeLessThan(pairing.gatherMs);
              if (bots && free.length > 0) expect(longest).toBeLessThan(pairing.maxWaitMs);
            }
            // seated players sit in exactly one running game that lists them
            for (const e of t.entrants) {
              if (e.table === null) continue;
              expect(t.running.filter((g) => g.id === e.table && g.seats.includes(e.userId))).toHaveLength(1);
            }
            for (const g of t.running)
              for (const u of g.seats) if (u !== null) expect(sat.get(g.id)).toContain(u);
          }
          // the end: the games still running finish and count
          now = Math.max(now, 120_000);
          for (const g of [...t.running]) {
            const game = finished(t, g.id, [1, 2, 3, 4], ++now);
            t = finishGame(t, game, now);
            delivered.push(game);
          }
          expect(phase(t, now)).toBe('finished');
          const ids = new Set(delivered.map((g) => g.id));
          stats.games += ids.size;
          stats.runs++;
          expect(t.games.map((g) => g.id).sort()).toEqual([...ids].sort());
          for (const line of standingsOf(t)) {
            const played = [...ids].filter((id) => sat.get(id)!.includes(line.userId));
            expect(line.results.map((r) => r.gameId).sort()).toEqual(played.sort());
          }
        },
      ),
      { numRuns: 200 },
    );
    // the runs did play: on average more than one game a run
    expect(stats.games).toBeGreaterThan(stats.runs);
  });
});
