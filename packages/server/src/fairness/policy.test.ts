import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { Standing, TournamentGame } from '../tournament/scoring.js';
import {
  DAILY_CAPS,
  GAME_KINDS,
  KIND_RULES,
  MAX_CHIPS_A_DAY,
  MIN_PODIUM_GAMES,
  MIN_PODIUM_OPPONENTS,
  MIN_PRIZE_HANDS,
  PODIUM_PRIZES,
  PRIZES,
  gameVerdict,
  opponentsMet,
  podium,
  ratedTable,
  soloPrize,
  tournamentGameKind,
  tournamentRated,
  type CapKind,
  type GameKind,
  type Prize,
  type SeatFacts,
} from './policy.js';

const person: SeatFacts = { human: true, left: false };
const bot: SeatFacts = { human: false, left: false };
const LIVE_KINDS = GAME_KINDS.filter((k) => k !== 'solo');

/** The most one win under each cap may pay: the promise of 360,000 a day rests on it. */
const MOST_PER_WIN: Record<CapKind, number> = {
  live: PRIZES.rated,
  practice: PRIZES.practice,
  solo: PRIZES.solo,
};

describe('who chose the opponents decides', () => {
  test('the policy table: where the players choose their opponents nothing is rated', () => {
    for (const kind of GAME_KINDS) {
      const rule = KIND_RULES[kind];
      if (rule.opponents !== 'drawn') expect(rule.rated, kind).toBe('never');
      expect(ratedTable(kind, true)).toBe(rule.rated === 'asked');
      expect(ratedTable(kind, false)).toBe(false);
    }
    expect(GAME_KINDS.filter((k) => ratedTable(k, true))).toEqual(['quick', 'arena']);
  });

  test('tournaments: private ones are the players’ choice (unrated even if stored as rated), public ones are drawn', () => {
    expect(tournamentGameKind('private')).toBe('private-tournament');
    expect(tournamentGameKind('scheduled')).toBe('arena');
    expect(tournamentGameKind('arena')).toBe('arena');
    expect(tournamentRated({ kind: 'private', rated: true })).toBe(false);
    expect(tournamentRated({ kind: 'scheduled', rated: true })).toBe(true);
    expect(tournamentRated({ kind: 'scheduled', rated: false })).toBe(false);
  });
});

describe('what a game pays', () => {
  const four = [person, person, person, person];
  test.each([
    // kind, asked rated, seats, hands → rated, the prize of a win
    ['quick', true, four, 8, true, { amount: PRIZES.rated, reason: 'rated-win', cap: 'live', slots: 1 }],
    [
      'quick',
      true,
      [person, person, bot, bot],
      MIN_PRIZE_HANDS,
      true,
      { amount: PRIZES.rated, reason: 'rated-win', cap: 'live', slots: 1 },
    ],
    [
      'quick',
      false,
      [person, person, bot, bot],
      6,
      false,
      { amount: PRIZES.friends, reason: 'friends-win', cap: 'live', slots: 1 },
    ],
    // one person with bots is practice, rated or not
    [
      'quick',
      true,
      [person, bot, bot, bot],
      6,
      true,
      { amount: PRIZES.practice, reason: 'practice-win', cap: 'practice', slots: 1 },
    ],
    [
      'friends',
      false,
      [person, bot, bot, bot],
      6,
      false,
      { amount: PRIZES.practice, reason: 'practice-win', cap: 'practice', slots: 1 },
    ],
    // friends chose each other: never rated, the friends' prize at most, whatever was asked
    [
      'friends',
      true,
      four,
      8,
      false,
      { amount: PRIZES.friends, reason: 'friends-win', cap: 'live', slots: 1 },
    ],
    [
      'private-tournament',
      true,
      four,
      4,
      false,
      { amount: PRIZES.friends, reason: 'friends-win', cap: 'live', slots: 1 },
    ],
    ['private-tournament', false, four, 1, false, null],
    // an arena's games pay nothing on their own (its podium does); the daily game pays nothing
    ['arena', true, four, 8, true, null],
    ['arena', false, four, 8, false, null],
    ['daily', false, [person, bot, bot, bot], 4, false, null],
    // too short: nothing, whoever sat there
    ['quick', true, four, MIN_PRIZE_HANDS - 1, true, null],
    ['friends', false, [person, person], 1, false, null],
  ] as const)('%s (rated asked: %s), %j, %i hands', (kind, askedRated, seats, hands, rated, prize) => {
    const v = gameVerdict({ kind, askedRated, seats, scores: seats.map((_, i) => 10 * i), hands });
    expect(v.rated).toBe(rated);
    expect(v.prize).toEqual(prize);
  });

  test('a solo win pays a token of at least the minimum length', () => {
    expect(soloPrize(MIN_PRIZE_HANDS)).toEqual({
      amount: PRIZES.solo,
      reason: 'solo-win',
      cap: 'solo',
      slots: 1,
    });
    expect(soloPrize(MIN_PRIZE_HANDS - 1)).toBeNull();
    expect(PRIZES.solo).toBeLessThanOrEqual(PRIZES.practice / 10);
  });
});

/** Random finished games of any live kind: seats people or bots, some taken over, any scores. */
const games = fc.record({
  kind: fc.constantFrom(...LIVE_KINDS),
  askedRated: fc.boolean(),
  seats: fc.array(
    fc.record({ human: fc.boolean(), left: fc.boolean() }).map((s) => ({ ...s, left: s.human && s.left })),
    { minLength: 3, maxLength: 4 },
  ),
  scores: fc.array(fc.integer({ min: 0, max: 130 }), { minLength: 4, maxLength: 4 }),
  hands: fc.integer({ min: 0, max: 12 }),
});

describe('the promises hold for every kind', () => {
  test.each(LIVE_KINDS)(
    '%s: leavers never win (last, never paid); only people who stayed and won are paid',
    (kind) => {
      fc.assert(
        fc.property(games, (g) => {
          const facts = { ...g, kind, scores: g.scores.slice(0, g.seats.length) };
          const v = gameVerdict(facts);
          facts.seats.forEach((s, i) => {
            if (s.left) {
              expect(v.places[i]).toBe(facts.seats.length);
              expect(v.paid[i]).toBe(false);
            }
            if (v.paid[i]) expect(s.human && !s.left && v.places[i] === 1).toBe(true);
          });
          // Those who stayed are placed among themselves: a leaver never pushes one of them down.
          const stayed = facts.seats.flatMap((s, i) => (s.left ? [] : [v.places[i]!]));
          for (const p of stayed) expect(p).toBeLessThanOrEqual(stayed.length);
        }),
      );
    },
  );

  test.each(GAME_KINDS)(
    '%s: no win pays more than its cap’s most, so one account earns at most 360,000 a day',
    (kind: GameKind) => {
      const prizes: Prize[] = [];
      fc.assert(
        fc.property(games, (g) => {
          const v = gameVerdict({ ...g, kind, scores: g.scores.slice(0, g.seats.length) });
          if (v.prize) prizes.push(v.prize);
        }),
      );
      if (kind === 'solo')
        for (let h = 0; h < 12; h++) prizes.push(...[soloPrize(h)].flatMap((p) => p ?? []));
      if (kind === 'arena' || kind === 'private-tournament')
        prizes.push(...podium(kind, podiumStandings, wellMet).map((p) => p.prize));
      expect(prizes.length > 0).toBe(KIND_RULES[kind].pays !== 'nothing');
      for (const p of prizes) {
        expect(p.amount / p.slots).toBeLessThanOrEqual(MOST_PER_WIN[p.cap]);
        if (KIND_RULES[kind].opponents === 'chosen') expect(p.amount).toBeLessThanOrEqual(PRIZES.friends);
      }
    },
  );

  test('the most a day pays: every cap full at its most per win', () => {
    expect(MAX_CHIPS_A_DAY).toBe(360_000);
    expect(MAX_CHIPS_A_DAY).toBe(
      DAILY_CAPS.live * MOST_PER_WIN.live +
        DAILY_CAPS.practice * MOST_PER_WIN.practice +
        DAILY_CAPS.solo * MOST_PER_WIN.solo,
    );
  });
});

const line = (userId: string, rank: number): Standing => ({
  userId,
  name: userId,
  rank,
  points: 0,
  units: 0,
  games: 0,
  wins: 0,
  streak: 0,
  results: [],
});
const game = (id: number, seats: (string | null)[], left: string[] = []): TournamentGame => ({
  id: `g${id}`,
  startedAt: id,
  finishedAt: id + 1,
  seats: seats.map((u, i) => ({
    userId: u,
    name: u ?? 'Bot',
    place: i + 1,
    ...(left.includes(u!) && { left: true }),
  })),
});
/** Eight people in rotating tables of four: everyone meets several distinct people. */
const wellMet: TournamentGame[] = [
  game(1, ['a', 'b', 'c', 'd']),
  game(2, ['e', 'f', 'g', 'h']),
  game(3, ['a', 'e', 'b', 'f']),
  game(4, ['c', 'g', 'd', 'h']),
  game(5, ['a', 'c', 'e', 'g']),
  game(6, ['b', 'd', 'f', 'h']),
];
const podiumStandings = ['a', 'b', 'c', 'd', 'e'].map((u, i) => line(u, i + 1));

describe('the podium', () => {
  test('a public arena pays ranks 1 to 3 in daily-cap slots of at most one rated win each; ties share a rank', () => {
    const standings = [line('a', 1), line('b', 2), line('c', 2), line('d', 4)];
    const paid = podium('arena', standings, wellMet);
    expect(paid).toEqual([
      {
        userId: 'a',
        rank: 1,
        prize: { amount: PODIUM_PRIZES[0], reason: 'tournament-prize', cap: 'live', slots: 2 },
      },
      {
        userId: 'b',
        rank: 2,
        prize: { amount: PODIUM_PRIZES[1], reason: 'tournament-prize', cap: 'live', slots: 1 },
      },
      {
        userId: 'c',
        rank: 2,
        prize: { amount: PODIUM_PRIZES[1], reason: 'tournament-prize', cap: 'live', slots: 1 },
      },
    ]);
  });

  test('a private tournament has no podium: its players chose each other', () => {
    expect(podium('private-tournament', podiumStandings, wellMet)).toEqual([]);
  });

  test('one person’s four accounts meeting only each other: nobody on the podium is paid', () => {
    const own = Array.from({ length: 6 }, (_, i) => game(i, ['a', 'b', 'c', 'd']));
    expect(opponentsMet('a', own)).toEqual({ games: 6, opponents: 3 });
    expect(MIN_PODIUM_OPPONENTS).toBeGreaterThan(3);
    expect(podium('arena', podiumStandings, own)).toEqual([]);
    // With bots in the empty seats it is no better: bots are not opponents.
    const withBots = Array.from({ length: 6 }, (_, i) => game(i, ['a', null, null, null]));
    expect(podium('arena', podiumStandings, withBots)).toEqual([]);
  });

  test('only games played to the end count: a seat a bot took over meets nobody', () => {
    expect(opponentsMet('a', wellMet)).toEqual({ games: 3, opponents: 6 });
    const leftTwice = [
      game(1, ['a', 'b', 'c', 'd'], ['a']),
      ...wellMet.slice(1),
      game(7, ['a', 'h', 'x', 'y'], ['a']),
    ];
    expect(opponentsMet('a', leftTwice)).toEqual({ games: 2, opponents: 5 });
    expect(MIN_PODIUM_GAMES).toBe(3);
    expect(podium('arena', [line('a', 1)], leftTwice)).toEqual([]);
  });
});
