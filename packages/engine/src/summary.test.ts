import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  arbRules,
  dealt,
  play,
  randomGame,
  randomStep,
  refCardPoints,
  rotate,
  start,
} from '../test/helpers.js';
import {
  SUITS,
  handSummary,
  handSummaryOf,
  handTricks,
  observation,
  parseCard,
  placesOf,
  seededRandom,
  summarizeHand,
  tricksPerHand,
  type GameState,
  type Rules,
} from './index.js';

// The scripted hand of scoring.test.ts: seat 0 holds the clubs, seat 1 the diamonds, seat 2 low spades and low
// hearts, seat 3 high spades and high hearts.
const HANDS = [
  '3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC 2D',
  '2C 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD',
  '2S 3S 4S 5S 6S 7S 8S 2H 3H 4H 5H 6H 7H',
  '9S TS JS QS KS AS 8H 9H TH JH QH KH AH',
];
const FIRST_SIX = ['2C 2S TS AC', 'KC 3D 2H 8H', 'QC 4D 3H 9H', 'JC 5D 4H TH', 'TC 6D 5H JH', '9C 7D 6H QH'];
/** Seat 0 takes twelve tricks: every heart, the Q♠, the K♠; seat 1 the last trick with the J♦ and the A♠. */
const MOON = [
  ...FIRST_SIX,
  '8C 8D 7H KH',
  '7C 9D 3S AH',
  '6C TD 4S QS',
  '5C QD 5S JS',
  '4C KD 6S KS',
  '3C AD 7S 9S',
  '2D JD 8S AS',
];
/** As MOON, but seat 1 takes the 7♥ and the A♥ in the last trick: seat 0 takes 24 points (Q♠ and 11 hearts). */
const SPLIT24 = [
  ...FIRST_SIX,
  '8C 8D 3S KH',
  '7C 9D 4S 9S',
  '6C TD 5S QS',
  '5C QD 6S JS',
  '4C KD 7S KS',
  '3C AD 8S AS',
  '2D JD 7H AH',
];

/** One scripted hand under `rules` (no passing), with seat 0's part played by seat `k`. */
function scripted(rules: Partial<Rules>, tricks: readonly string[], k = 0, before: GameState | null = null) {
  const g = before ?? start({ passCards: 0, ...rules });
  return play(dealt(g, rotate(HANDS, k)), tricks.join(' '));
}

describe('a hand summarised', () => {
  test('who took the Q♠, tricks and hearts per seat', () => {
    const g = scripted({}, SPLIT24);
    const s = handSummary(g, 0)!;
    expect(s.hand).toBe(0);
    expect(s.cards).toEqual([{ card: 'QS', points: 13, seat: 0 }]);
    expect(s.seats).toEqual([
      { tricks: 12, hearts: 11, heartPoints: 11, taken: 24, points: 24 },
      { tricks: 1, hearts: 2, heartPoints: 2, taken: 2, points: 2 },
      { tricks: 0, hearts: 0, heartPoints: 0, taken: 0, points: 0 },
      { tricks: 0, hearts: 0, heartPoints: 0, taken: 0, points: 0 },
    ]);
    expect(s.moon).toBeNull();
  });

  test('the J♦ under Omnibus, with its taker', () => {
    const s = handSummary(scripted({ jackOfDiamonds: -10 }, SPLIT24), 0)!;
    expect(s.cards).toEqual([
      { card: 'QS', points: 13, seat: 0 },
      { card: 'JD', points: -10, seat: 1 },
    ]);
    expect(s.seats[1]).toEqual({ tricks: 1, hearts: 2, heartPoints: 2, taken: -8, points: -8 });
  });

  test('Black Maria’s K♠ and A♠, spot hearts by rank', () => {
    const s = handSummary(
      scripted({ blackMariaSpades: true, heartValues: 'rank', queenPoints: 25 }, SPLIT24),
      0,
    )!;
    expect(s.cards).toEqual([
      { card: 'QS', points: 25, seat: 0 },
      { card: 'KS', points: 10, seat: 0 },
      { card: 'AS', points: 7, seat: 0 },
    ]);
    // Seat 1 took the 7♥ and the A♥: 7 + 14.
    expect(s.seats[1]).toMatchObject({ hearts: 2, heartPoints: 21 });
    expect(s.seats[0]).toMatchObject({ hearts: 11, heartPoints: 104 - 21, taken: 104 - 21 + 25 + 17 });
  });

  test('the die’s seven counts 40 for its taker', () => {
    const g = play(dealt(start({ passCards: 0, sevenOfDie: true }), HANDS, 'D'), SPLIT24.join(' '));
    const s = handSummary(g, 0)!;
    expect(s.cards).toContainEqual({ card: '7D', points: 40, seat: 0 });
    expect(s.seats[0]!.taken).toBe(24 + 40);
    expect(handSummaryOf(observation(g, 2))).toEqual(s);
  });

  test.each<[string, Partial<Rules>, 'plus' | 'minus', number[]]>([
    ['everyone else +26', {}, 'plus', [0, 26, 26, 26]],
    ['the shooter −26', { moon: 'shooterMinus26' }, 'minus', [-26, 0, 0, 0]],
  ])('a shot moon: %s', (_, rules, counted, points) => {
    for (const k of [0, 2]) {
      const g = scripted(rules, MOON, k);
      const s = handSummary(g, 0)!;
      expect(s.moon).toEqual({ shooter: k, rule: rules.moon ?? 'othersPlus26', counted, value: 26 });
      expect(s.seats.map((x) => x.points)).toEqual(rotate(points.map(String), k).map(Number));
      expect(s.seats[k]).toMatchObject({ hearts: 13, heartPoints: 13, taken: 26 });
    }
  });

  test('the shooter’s choice and othersPlus26UnlessLosing say how the moon counted', () => {
    let g = scripted({ moon: 'shooterChoice' }, MOON);
    expect(g.phase).toBe('moon');
    expect(handSummaryOf(observation(g, 0))).toBeNull(); // not scored yet
    g = randomStep(g, seededRandom(1)); // a random choice
    const choice = g.results[0]!.moonChoice!;
    expect(handSummary(g, 0)!.moon).toMatchObject({ shooter: 0, rule: 'shooterChoice', counted: choice });
    // Unless losing: the third and last hand; others +26 would leave the shooter (48 before) behind: −26.
    const rules: Partial<Rules> = { moon: 'othersPlus26UnlessLosing', handsToPlay: 3 };
    let last = scripted(rules, SPLIT24, 1);
    last = scripted(rules, SPLIT24, 1, last);
    expect(last.scores).toEqual([0, 48, 4, 0]);
    const early = scripted(rules, MOON, 1, scripted(rules, SPLIT24, 1)); // the second hand: not the end, +26
    expect(handSummary(early, 1)!.moon).toMatchObject({ shooter: 1, counted: 'plus' });
    last = scripted(rules, MOON, 1, last);
    expect(last.phase).toBe('gameOver');
    expect(handSummary(last, 2)!.moon).toEqual({
      shooter: 1,
      rule: 'othersPlus26UnlessLosing',
      counted: 'minus',
      value: 26,
    });
    expect(handSummaryOf(observation(last, 3))!.moon!.counted).toBe('minus');
  });

  test('a hand still being played, or tricks that are not a whole hand, has no summary', () => {
    const g = scripted({}, SPLIT24);
    const partial = play(dealt(start({ passCards: 0 }), HANDS), FIRST_SIX.join(' '));
    expect(handSummary(partial, 0)).toBeNull();
    expect(handSummaryOf(observation(partial, 0))).toBeNull();
    const tricks = handTricks(g, 0);
    const result = g.results[0]!;
    expect(summarizeHand(g.rules, 0, tricks.slice(1), null, result)).toBeNull();
    const bad = tricks.map((t, i) => (i === 3 ? { ...t, cards: ['XX', ...t.cards.slice(1)] } : t));
    expect(summarizeHand(g.rules, 0, bad as never, null, result)).toBeNull();
    const noWinner = tricks.map((t, i) => (i === 0 ? { leader: t.leader, cards: t.cards } : t));
    expect(summarizeHand(g.rules, 0, noWinner, null, result)).toBeNull();
  });
});

describe('the observation between hands', () => {
  test('shows the finished hand’s tricks to every seat, the next hand’s passing none of them', () => {
    const after = scripted({ targetScore: 100 }, SPLIT24);
    expect(after.phase).toBe('deal');
    for (let seat = 0; seat < 4; seat++) {
      const o = observation(after, seat);
      expect(o.tricks).toEqual(handTricks(after, 0));
      expect(o.handNumber).toBe(1);
      expect(handSummaryOf(o)).toEqual(handSummary(after, 0));
    }
    const next = scripted({}, SPLIT24, 1, after);
    expect(handSummaryOf(observation(next, 3))).toEqual(handSummary(next, 1));
    expect(handSummaryOf(observation(next, 3))!.hand).toBe(1);
  });

  test.each([3, 5, 6])('%i players: every seat’s summary of every hand is the game’s', (players) => {
    let g = start({ players, targetScore: 40 });
    const rng = seededRandom(players);
    const seen = new Set<number>();
    while (g.phase !== 'gameOver') {
      g = randomStep(g, rng);
      if ((g.phase === 'deal' || g.phase === 'gameOver') && !seen.has(g.results.length)) {
        seen.add(g.results.length);
        const s = handSummary(g, g.results.length - 1)!;
        expect(s.seats).toHaveLength(players);
        expect(s.seats.reduce((t, x) => t + x.hearts, 0)).toBe(13);
        expect(s.cards.filter((c) => c.card === 'QS')).toHaveLength(1);
        for (let seat = 0; seat < players; seat++) expect(handSummaryOf(observation(g, seat))).toEqual(s);
      }
    }
    expect(seen.size).toBeGreaterThan(1);
  });

  test('summaries agree with the cards each seat took, for 3 to 6 players and every option', () => {
    fc.assert(
      fc.property(arbRules, fc.integer({ min: 1, max: 1e9 }), (rules, seed) => {
        const rng = seededRandom(seed);
        let g = start(rules);
        let hands = 0;
        while (g.phase !== 'gameOver' && hands < 3) {
          g = randomGame(g, rng, { maxHands: g.log.length + 1 });
          if (g.results.length === hands) break; // stopped before the hand ended
          const h = g.results.length - 1;
          hands = g.results.length;
          const s = handSummary(g, h)!;
          expect(s).not.toBeNull();
          for (let seat = 0; seat < rules.players; seat++)
            expect(handSummaryOf(observation(g, seat))).toEqual(s);
          const seven = g.log[h]!.sevenSuit;
          const n = rules.players;
          const tricks = handTricks(g, h);
          expect(s.seats.reduce((t, x) => t + x.tricks, 0)).toBe(tricksPerHand(rules));
          for (let seat = 0; seat < n; seat++) {
            const took = tricks
              .filter((t) => t.winner === seat)
              .flatMap((t) => t.cards.map((c) => parseCard(c)!));
            const hearts = took.filter((c) => Math.floor(c / 13) === 3);
            const x = s.seats[seat]!;
            expect(x.hearts).toBe(hearts.length);
            expect(x.heartPoints).toBe(hearts.reduce((t, c) => t + refCardPoints(rules, c, seven), 0));
            const others = s.cards.filter((c) => c.seat === seat).reduce((t, c) => t + c.points, 0);
            expect(x.heartPoints + others).toBe(x.taken);
            expect(x.points).toBe(g.results[h]!.points[seat]);
          }
          if (s.moon) {
            const pts = g.results[h]!.points;
            const minus = s.moon.counted === 'minus';
            for (let seat = 0; seat < n; seat++)
              if (seat !== s.moon.shooter)
                expect(pts[seat]).toBe(s.seats[seat]!.taken + (minus ? 0 : s.moon.value));
          }
          if (seven !== null) expect(s.cards.some((c) => c.card === `7${SUITS[seven]}`)).toBe(true);
        }
      }),
      { numRuns: 60 },
    );
  });
});

describe('places', () => {
  test.each<[number[], number[]]>([
    [
      [10, 30, 20, 40],
      [1, 3, 2, 4],
    ],
    [
      [10, 10, 20, 40],
      [1, 1, 3, 4],
    ],
    [
      [50, 20, 20],
      [3, 1, 1],
    ],
    [
      [5, 5, 5, 5, 5],
      [1, 1, 1, 1, 1],
    ],
    [
      [-10, 0, 26, 26, 52, 3],
      [1, 2, 4, 4, 6, 3],
    ],
  ])('%j → %j', (totals, places) => {
    expect(placesOf(totals)).toEqual(places);
  });
});
