/**
 * The rules that callers outside the engine ask for by name: the end of the game, what each way of counting a moon
 * gives, trick winners, the exchange of passes, the die, named moves and the shared compiled rules. Each is
 * checked against the game itself (the state machine that plays it) over random games under random rules.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { arbRules, card, randomGame, start } from '../test/helpers.js';
import {
  DEFAULT_RULES,
  DIE_SUITS,
  SEVEN_OF_DIE_POINTS,
  breaksHearts,
  compileRules,
  compiledRules,
  dealerOfHand,
  gameEnd,
  moonCardsOf,
  handCardPoints,
  handOf,
  handTricks,
  heldAfterPassing,
  makeCard,
  makeNamedMove,
  moonOptions,
  moonOptionsOf,
  moonRuling,
  observation,
  parseNamedMove,
  parseRules,
  seededRandom,
  sevenOf,
  trickWinner,
  winningIndex,
  type GameState,
  type MoonChoice,
  type Move,
  type Rules,
} from './index.js';

const rules = (r: Partial<Rules>): Rules => {
  const p = parseRules(r);
  if (!p.ok) throw new Error(p.error.message);
  return p.value;
};

describe('gameEnd', () => {
  test.each([
    // rules, totals, hands done → reached, over, leaders, winners, playingOn
    [{}, [10, 20, 30, 49], 3, false, false, [0], [], false],
    [{}, [10, 20, 30, 50], 3, true, true, [0], [0], false],
    [{}, [10, 10, 30, 50], 3, true, true, [0, 1], [0, 1], false],
    [{ ties: 'playOn' }, [10, 10, 30, 50], 3, true, false, [0, 1], [], true],
    [{ ties: 'playOn' }, [10, 11, 30, 50], 3, true, true, [0], [0], false],
    [{ handsToPlay: 5 }, [90, 95, 99, 120], 4, false, false, [0], [], false],
    [{ handsToPlay: 5 }, [9, 5, 9, 12], 5, true, true, [1], [1], false],
    [{ handsToPlay: 5, ties: 'playOn' }, [5, 5, 9, 12], 5, true, false, [0, 1], [], true],
  ] as const)('%j %j after %i hands', (r, totals, hands, reached, over, leaders, winners, playingOn) => {
    expect(gameEnd(rules(r as Partial<Rules>), totals, hands)).toEqual({
      reached,
      over,
      leaders,
      winners,
      playingOn,
    });
  });
});

describe('the moon', () => {
  const moon = [26, 0, 0, 0];
  test.each([
    // moon rule, totals before, hands done → ruled (null: the shooter chooses)
    ['othersPlus26', [70, 80, 30, 50], 'plus'],
    ['shooterMinus26', [0, 0, 0, 0], 'minus'],
    ['shooterChoice', [0, 0, 0, 0], null],
    ['othersPlus26UnlessLosing', [10, 20, 30, 40], 'plus'], // the game goes on
    ['othersPlus26UnlessLosing', [30, 40, 45, 35], 'plus'], // ends with the shooter alone in the lead
    ['othersPlus26UnlessLosing', [70, 80, 30, 50], 'minus'], // ends with seat 2 in the lead
    ['othersPlus26UnlessLosing', [30, 4, 40, 40], 'minus'], // ends with the shooter tied for the lead
  ] as const)('%s from %j', (rule, before, ruled) => {
    const r = rules({ moon: rule });
    const o = moonOptions(r, moon, 0, before, 4);
    expect(o.ruled).toBe(ruled);
    expect(o.minus.points).toEqual([-26, 0, 0, 0]);
    expect(o.plus.points).toEqual([0, 26, 26, 26]);
    expect(o.plus.totals).toEqual(before.map((t, s) => t + (s === 0 ? 0 : 26)));
    if (ruled !== null) expect(moonRuling(r, 26, moon, 0, before, 4, null)).toBe(ruled);
  });

  test('what each choice gives: the end of the game and who wins, tie rules included', () => {
    const shareWin = moonOptions(rules({ moon: 'shooterChoice' }), moon, 0, [26, 30, 0, 20], 4);
    expect(shareWin.plus.totals).toEqual([26, 56, 26, 46]);
    expect(shareWin.plus.end).toMatchObject({ over: true, winners: [0, 2] });
    expect(shareWin.minus.totals).toEqual([0, 30, 0, 20]);
    expect(shareWin.minus.end).toMatchObject({ reached: false, over: false, winners: [], leaders: [0, 2] });
    const playOn = moonOptions(rules({ moon: 'shooterChoice', ties: 'playOn' }), moon, 0, [26, 30, 0, 20], 4);
    expect(playOn.plus.totals).toEqual([26, 56, 26, 46]);
    expect(playOn.plus.end).toMatchObject({ reached: true, over: false, playingOn: true, leaders: [0, 2] });
  });

  test('spot hearts: the moon is worth 129; other counted cards stay with their taker', () => {
    const r = rules({ moon: 'shooterChoice', jackOfDiamonds: -10 });
    const o = moonOptions(r, [26, -10, 0, 0], 0, [0, 0, 0, 0], 1);
    expect(o.plus.points).toEqual([0, 16, 26, 26]);
    expect(o.minus.points).toEqual([-26, -10, 0, 0]);
    const spot = moonOptions(
      rules({ heartValues: 'rank', queenPoints: 25 }),
      [129, 0, 0, 0],
      0,
      [0, 0, 0, 0],
      1,
    );
    expect(spot.plus.points).toEqual([0, 129, 129, 129]);
  });

  test('moonRuling reads only the seats of the totals (a longer scratch array of points is fine)', () => {
    const r = rules({ moon: 'othersPlus26UnlessLosing' });
    const scratch = Int32Array.from([26, 0, 0, 0, 999, -999]);
    expect(moonRuling(r, 26, scratch, 0, [70, 80, 30, 50], 4, null)).toBe('minus');
    expect(moonRuling(r, 26, scratch, 0, [10, 20, 30, 40], 4, null)).toBe('plus');
  });

  test('every moon of random games under random rules scores as moonOptions says', () => {
    let moons = 0;
    fc.assert(
      fc.property(arbRules, fc.integer(), (r, seed) => {
        let prev: GameState | null = null;
        randomGame(start(r), seededRandom(seed), {
          maxHands: 6,
          greedy: true,
          onStep: (g) => {
            const before = prev;
            prev = g;
            if (!before || before.phase === g.phase || (before.phase !== 'play' && before.phase !== 'moon'))
              return;
            if (g.phase === 'moon') {
              const o = moonOptionsOf(observation(g, g.moonShooter!))!;
              expect(o.ruled).toBeNull();
              expect(o.shooter).toBe(g.moonShooter);
              return;
            }
            const result = g.results[g.results.length - 1]!;
            if (result.shooter === null) return;
            moons++;
            const o = moonOptions(g.rules, result.taken, result.shooter, before.scores, g.results.length);
            const counted: MoonChoice = o.ruled ?? result.moonChoice!;
            const outcome = o[counted];
            expect(result.points).toEqual(outcome.points);
            expect(g.scores).toEqual(outcome.totals);
            expect(g.phase === 'gameOver').toBe(outcome.end.over);
            expect(g.winners).toEqual(outcome.end.winners);
          },
        });
      }),
      { numRuns: 150 },
    );
    expect(moons).toBeGreaterThan(20);
  });

  test('moonOptionsOf needs the moon phase', () => {
    const g = start({});
    expect(moonOptionsOf(observation(g, 0))).toBeNull();
  });
});

describe('tricks', () => {
  test.each([
    [2, ['5C', 'AH', 'KC', '2C'], 4, 0],
    [3, ['QS', 'AS', '2S'], 3, 1],
    [1, ['2D', 'AC', 'AS', 'AH'], 4, 1],
    [0, ['TH'], 4, 0],
    [4, [], 5, 4],
  ] as const)('led by %i: %j with %i seats → seat %i', (leader, cards, n, winner) => {
    expect(trickWinner({ leader, cards }, n)).toBe(winner);
  });

  test('winningIndex looks at a slice: the card winning so far', () => {
    const plays = ['9H', '2C', 'KC', 'AD', '3C'].map(card);
    expect(winningIndex(plays, 1, 3)).toBe(1); // 2C KC AD: the K♣
    expect(winningIndex(plays, 1, 1)).toBe(0);
    expect(winningIndex(plays)).toBe(0); // hearts led, no other heart
  });

  test('handTricks, trickWinner and the observation agree with the game over random games', () => {
    fc.assert(
      fc.property(arbRules, fc.integer(), fc.integer({ min: 0, max: 200 }), (r, seed, steps) => {
        const g = randomGame(start(r), seededRandom(seed), { maxSteps: steps, maxHands: 3 });
        const n = g.rules.players;
        for (let h = 0; h < g.log.length; h++) {
          const tricks = handTricks(g, h);
          const log = g.log[h]!;
          expect(tricks.flatMap((t) => t.cards)).toEqual(log.plays.map(makeCard));
          tricks.forEach((t, i) => {
            if (t.cards.length === n) expect(t.winner).toBe(trickWinner(t, n));
            else expect(i).toBe(tricks.length - 1);
            if (i > 0) expect(t.leader).toBe(tricks[i - 1]!.winner);
          });
          const held = heldAfterPassing(g, h);
          tricks.forEach((t) =>
            t.cards.forEach((c, i) => expect(held[(t.leader + i) % n]!.has(card(c))).toBe(true)),
          );
        }
        if (g.phase === 'play') {
          const obs = observation(g, 0);
          const open = obs.trick && obs.trick.cards.length > 0 ? [obs.trick] : [];
          expect(handTricks(g)).toEqual([...obs.tricks, ...open]);
          for (let s = 0; s < n; s++) {
            const played = handTricks(g).flatMap((t) => t.cards.filter((_, i) => (t.leader + i) % n === s));
            expect(handOf(g, s).size() + played.length).toBe(heldAfterPassing(g)[s]!.size());
          }
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe('cards that score', () => {
  test('the die: two faces each for spades, diamonds and clubs, never hearts', () => {
    expect([...DIE_SUITS].sort()).toEqual([0, 0, 1, 1, 2, 2]);
    expect(sevenOf(0)).toBe(card('7C'));
    expect(sevenOf(2)).toBe(card('7S'));
  });

  test.each([
    [{}, 'QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH', 26],
    [{ heartValues: 'rank', queenPoints: 25 }, 'QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH', 129],
    [{ players: 6, removedCards: ['2C', '3C', '2H', '2S'] }, 'QS 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH', 25],
    [{ players: 3, removedCards: ['QS'] }, '2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH', 13],
  ] as const)('the moon cards of %j: %s, worth %i', (r, names, value) => {
    const cfg = compiledRules(rules(r as Partial<Rules>));
    expect(moonCardsOf(cfg).toString()).toBe(
      names
        .split(' ')
        .map(card)
        .sort((a, b) => a - b)
        .map(makeCard)
        .join(' '),
    );
    expect(cfg.moonValue).toBe(value);
  });

  test('the dealer: seat 0 deals first, then each seat to the left', () => {
    expect([0, 1, 2, 3, 4, 5].map((h) => dealerOfHand(rules({ players: 5 }), h))).toEqual([0, 1, 2, 3, 4, 0]);
  });

  test('handCardPoints adds the die’s seven to the rules’ points, in a fresh array', () => {
    const cfg = compiledRules(rules({ sevenOfDie: true }));
    const points = handCardPoints(cfg, 1);
    expect(points[card('7D')]).toBe(SEVEN_OF_DIE_POINTS);
    expect(points[card('QS')]).toBe(13);
    expect(cfg.cardPoints[card('7D')]).toBe(0);
    expect(handCardPoints(cfg, null)).toEqual(cfg.cardPoints);
  });

  test.each([
    ['5H', false, true],
    ['QS', false, false],
    ['QS', true, true],
    ['KS', true, false],
    ['2C', true, false],
  ] as const)('%s breaks hearts (queenBreaksHearts %s): %s', (c, queen, breaks) => {
    expect(breaksHearts({ queenBreaksHearts: queen }, card(c))).toBe(breaks);
  });
});

describe('named moves', () => {
  test.each([
    [
      { kind: 'play', card: 'QS' },
      { kind: 'play', card: card('QS') },
    ],
    [
      { kind: 'pass', cards: ['2C', 'AH', 'TD'] },
      { kind: 'pass', cards: [0, card('AH'), card('TD')] },
    ],
    [
      { kind: 'moon', choice: 'minus' },
      { kind: 'moon', choice: 'minus' },
    ],
  ] as const)('%j', (named, move) => {
    expect(parseNamedMove(named)).toEqual({ ok: true, value: move });
    expect(makeNamedMove(move as Move)).toEqual(named);
  });

  test.each([
    [null, 'ERR_WRONG_PHASE'],
    ['QS', 'ERR_WRONG_PHASE'],
    [{ kind: 'bid' }, 'ERR_WRONG_PHASE'],
    [{ kind: 'play', card: 'QX' }, 'ERR_BAD_CARD'],
    [{ kind: 'play', card: 10 }, 'ERR_BAD_CARD'],
    [{ kind: 'pass', cards: 'QS' }, 'ERR_WRONG_PASS_COUNT'],
    [{ kind: 'pass', cards: ['QS', 'qs'] }, 'ERR_BAD_CARD'],
    [{ kind: 'moon', choice: 'both' }, 'ERR_BAD_CHOICE'],
  ])('refuses %j with %s', (input, code) => {
    expect(parseNamedMove(input)).toEqual({ ok: false, error: code });
  });

  test('named moves round-trip', () => {
    const arbMove: fc.Arbitrary<Move> = fc.oneof(
      fc.record({ kind: fc.constant('play' as const), card: fc.integer({ min: 0, max: 51 }) }),
      fc.record({
        kind: fc.constant('pass' as const),
        cards: fc.uniqueArray(fc.integer({ min: 0, max: 51 }), { maxLength: 5 }),
      }),
      fc.record({
        kind: fc.constant('moon' as const),
        choice: fc.constantFrom('minus' as const, 'plus' as const),
      }),
    );
    fc.assert(
      fc.property(arbMove, (m) => {
        expect(parseNamedMove(JSON.parse(JSON.stringify(makeNamedMove(m))))).toEqual({ ok: true, value: m });
      }),
    );
  });
});

describe('compiledRules', () => {
  test('one compilation per rules object, and per set of options', () => {
    const a = rules({ targetScore: 100 });
    const cfg = compiledRules(a);
    expect(compiledRules(a)).toBe(cfg);
    expect(compiledRules(JSON.parse(JSON.stringify(a)) as Rules)).toBe(cfg); // a deserialized copy
    expect(compiledRules(rules({ targetScore: 50 }))).not.toBe(cfg);
    expect(compiledRules(DEFAULT_RULES).moonValue).toBe(26);
    expect(compiledRules(rules({ heartValues: 'rank', queenPoints: 25 })).moonValue).toBe(129);
  });

  test('the same numbers as a fresh compilation, for any rules', () => {
    fc.assert(
      fc.property(arbRules, (r) => {
        const shared = { ...compiledRules({ ...r }), rules: null };
        const fresh = { ...compileRules(r), rules: null };
        expect(shared).toEqual(fresh);
      }),
      { numRuns: 50 },
    );
  });
});
