import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { arbRules, randomGame, start } from '../test/helpers.js';
import {
  handOf,
  newGame,
  observation,
  publicObservation,
  seededRandom,
  watcherView,
  type GameState,
} from './index.js';

/** Every card name that appears anywhere in a JSON text. */
const cardsIn = (json: string): Set<string> =>
  new Set([...json.matchAll(/"([2-9TJQKA][CDSH])"/g)].map((m) => m[1]!));

/**
 * The cards that are public in a game: those out of play by the rules and those played in the current hand, or
 * between hands in the hand just finished (its tricks stay in view for the result).
 */
function played(g: GameState): Set<string> {
  const log = g.log[g.handNumber] ?? (g.phase === 'deal' ? g.log[g.handNumber - 1] : undefined);
  const out = JSON.stringify(g.rules);
  return new Set([...cardsIn(out), ...(log ? log.plays.map(cardName) : [])]);
}
const RANKS = '23456789TJQKA';
const cardName = (c: number): string => RANKS[c % 13]! + 'CDSH'[Math.floor(c / 13)]!;

describe('publicObservation', () => {
  test('is every seat’s observation without its private part, and names only cards played', () => {
    fc.assert(
      fc.property(arbRules, fc.integer({ min: 1, max: 2 ** 31 }), (rules, seed) => {
        const g0 = newGame(rules);
        if (!g0.ok) throw new Error(g0.error.message);
        randomGame(g0.value, seededRandom(seed), {
          maxHands: 2,
          onStep: (g) => {
            const pub = publicObservation(g);
            for (const c of cardsIn(JSON.stringify(pub))) expect(played(g)).toContain(c);
            expect(pub.handSizes).toEqual(
              Array.from({ length: g.rules.players }, (_, s) => handOf(g, s).size()),
            );
            for (let s = 0; s < g.rules.players; s++) {
              const o = observation(g, s);
              const { seat, hand, passed, received, legal, ...shared } = o;
              void [seat, hand, passed, received, legal];
              const { handSizes, ...rest } = pub;
              void handSizes;
              expect(rest).toEqual(shared);
              expect(watcherView(pub, s)).toEqual({
                ...shared,
                seat: s,
                hand: [],
                passed: null,
                received: null,
                legal: [],
              });
            }
          },
        });
      }),
      { numRuns: 40 },
    );
  });

  test('while passing: who passed, never what; every hand counted', () => {
    let g = start();
    const rng = seededRandom(7);
    g = randomGame(g, rng, { maxSteps: 2 }); // the deal and one pass
    expect(g.phase).toBe('pass');
    const pub = publicObservation(g);
    expect(pub.passedSeats.filter(Boolean)).toHaveLength(1);
    expect(pub.handSizes).toEqual([13, 13, 13, 13]);
    expect(cardsIn(JSON.stringify(pub)).size).toBe(0);
  });
});
