import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { arbRules, cs, dealt, passAll, play, randomGame, start } from '../test/helpers.js';
import { CardSet, handOf, legalMoves, observation, seededRandom, type GameState } from './index.js';

const DEAL = [
  'AC 2D 3D 4D 5D 6D QS 2H 3H 4H 5H 6H 7H',
  '2C 3C 4C 5C 7D 8D 9D TD 2S 3S 4S 8H 9H',
  '6C 7C 8C 9C JD QD KD AD 5S 6S 7S TH JH',
  'TC JC QC KC 8S 9S TS JS KS AS QH KH AH',
];
const PASSES = ['QS 7H 6H', '2C 3C 4C', 'AD KD QD', 'AS KS QH'];

/** Every card name that appears anywhere in a JSON text. */
function cardsIn(json: string): Set<string> {
  return new Set([...json.matchAll(/"([2-9TJQKA][CDSH])"/g)].map((m) => m[1]!));
}

describe('observation while passing', () => {
  const dealtState = (): GameState => dealt(start({ sevenOfDie: true }), DEAL, 'D');

  test('before anyone passes: own dealt hand, nothing passed or received, the die hidden', () => {
    const g = dealtState();
    for (let s = 0; s < 4; s++) {
      const o = observation(g, s);
      expect(o).toMatchObject({
        seat: s,
        phase: 'pass',
        passOffset: 1,
        dealer: 0,
        passed: null,
        received: null,
        passedSeats: [false, false, false, false],
        sevenSuit: null,
        turn: null,
        trick: null,
        tricks: [],
      });
      expect(o.hand).toEqual(cs(DEAL[s]!).names());
      expect(o.legal).toEqual(cs(DEAL[s]!).names());
    }
  });

  test('a seat sees its own pass and who has passed, never what the others chose', () => {
    const g = passAll(dealtState(), PASSES.slice(0, 3));
    const o0 = observation(g, 0);
    expect(o0.passed).toEqual(cs(PASSES[0]!).names());
    expect(o0.received).toBeNull();
    expect(o0.passedSeats).toEqual([true, true, true, false]);
    expect(o0.legal).toEqual([]);
    expect(o0.sevenSuit).toBeNull();
    const o3 = observation(g, 3);
    expect(o3.passed).toBeNull();
    expect(o3.received).toBeNull();
    // Seat 3 must not learn which cards seats 0–2 chose, nor seat 1 what seat 0 is passing to it.
    for (const [seat, others] of [
      [3, [0, 1, 2]],
      [1, [0, 2]],
    ] as const) {
      const seen = cardsIn(JSON.stringify(observation(g, seat)));
      for (const o of others)
        for (const c of cs(PASSES[o]!).names()) expect(seen.has(c), `${seat} sees ${c}`).toBe(false);
    }
  });

  test('once everyone has passed: received cards, the new hand, the die', () => {
    const g = passAll(dealtState(), PASSES);
    expect(g.phase).toBe('play');
    for (let s = 0; s < 4; s++) {
      const o = observation(g, s);
      expect(o.passed).toEqual(cs(PASSES[s]!).names());
      expect(o.received).toEqual(cs(PASSES[(s + 3) % 4]!).names());
      expect(o.hand).toEqual(handOf(g, s).names());
      expect(o.sevenSuit).toBe('D');
      const seen = cardsIn(JSON.stringify(o));
      // What the left neighbour received from seat s is known to s; nothing else of the others' hands.
      for (let t = 0; t < 4; t++)
        if (t !== s)
          for (const c of handOf(g, t).diff(cs(PASSES[s]!)).names())
            expect(seen.has(c), `${s} sees ${c}`).toBe(false);
    }
  });

  test('the second hand’s passing shows nothing of the first hand’s tricks', () => {
    let g = randomGame(start(), seededRandom(7), { maxHands: 1 });
    expect(g.phase).toBe('deal');
    g = randomGame(g, seededRandom(8), { maxSteps: 1 });
    expect(g.phase).toBe('pass');
    expect(g.handNumber).toBe(1);
    const o = observation(g, 0);
    expect(o).toMatchObject({
      passOffset: 3,
      tricks: [],
      trick: null,
      heartsBroken: false,
      handPoints: [0, 0, 0, 0],
    });
    expect(o.scores).toEqual(g.results[0]!.points);
  });

  test('hands without passing show null for passed and received', () => {
    const g = dealt(start({ passCards: 0 }), DEAL);
    expect(observation(g, 2)).toMatchObject({ passOffset: 0, passed: null, received: null, phase: 'play' });
  });
});

describe('observation while playing', () => {
  test('tricks, the trick on the table, turn, legal cards and points', () => {
    let g = dealt(start({ passCards: 0 }), DEAL);
    g = play(g, '2C 6C TC AC 2D 7D JD QH');
    const o = observation(g, 2);
    expect(o.tricks).toEqual([
      { leader: 1, cards: ['2C', '6C', 'TC', 'AC'], winner: 0 },
      { leader: 0, cards: ['2D', '7D', 'JD', 'QH'], winner: 2 },
    ]);
    expect(o.trick).toEqual({ leader: 2, cards: [] });
    expect(o.turn).toBe(2);
    expect(o.heartsBroken).toBe(true);
    expect(o.handPoints).toEqual([0, 0, 1, 0]);
    expect(o.legal).toEqual(legalMoves(g, 2).names());
    expect(observation(g, 1).legal).toEqual([]);
    g = play(g, '7C');
    expect(observation(g, 0).trick).toEqual({ leader: 2, cards: ['7C'] });
  });
});

describe('observation never shows what the seat may not know', () => {
  test('random games under random rules', () => {
    fc.assert(
      fc.property(arbRules, fc.integer(), (rules, seed) => {
        const leaks: string[] = [];
        let checked = 0;
        randomGame(start(rules), seededRandom(seed), {
          maxHands: 2, // the second hand's passing included
          onStep: (g) => {
            const n = g.rules.players;
            const log = g.log[g.handNumber];
            for (let s = 0; s < n; s++) {
              const o = observation(g, s);
              const seen = cardsIn(JSON.stringify(o));
              const passedByMe = log?.passes?.[s] ?? CardSet.EMPTY;
              for (let t = 0; t < n; t++) {
                if (t === s) continue;
                for (const c of handOf(g, t).diff(passedByMe).names())
                  if (seen.has(c)) leaks.push(`seat ${s} sees ${c} of seat ${t} in phase ${g.phase}`);
              }
              if (g.phase === 'pass' && (o.received !== null || o.sevenSuit !== null))
                leaks.push(`seat ${s} sees received cards or the die while passing`);
              if (o.hand.join() !== handOf(g, s).names().join()) leaks.push(`seat ${s}: wrong hand`);
              if (o.legal.join() !== legalMoves(g, s).names().join())
                leaks.push(`seat ${s}: wrong legal cards`);
              checked++;
            }
          },
        });
        expect(leaks).toEqual([]);
        expect(checked).toBeGreaterThan(0);
      }),
      { numRuns: 25 },
    );
  });
});
