import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { arbRules, play, position, randomGame, start } from '../test/helpers.js';
import {
  applyMove,
  deckOf,
  observation,
  parseCard,
  playRefusal,
  seededRandom,
  type CardName,
  type GameState,
} from './index.js';

/** What `applyMove` says of the seat playing the card: null when legal, else the rule's code. */
const fullAnswer = (g: GameState, seat: number, card: CardName) => {
  const r = applyMove(g, seat, { kind: 'play', card: parseCard(card)! });
  return r.ok ? null : r.error.code;
};

describe('playRefusal', () => {
  test('gives the answer applyMove gives on the full game, for every seat and card, in random games', () => {
    fc.assert(
      fc.property(arbRules, fc.integer({ min: 1, max: 2 ** 31 - 1 }), (rules, seed) => {
        const g0 = start(rules);
        const deck = deckOf(g0.rules).names();
        randomGame(g0, seededRandom(seed), {
          maxHands: 2,
          onStep: (g) => {
            for (let seat = 0; seat < g.rules.players; seat++) {
              const obs = observation(g, seat);
              for (const card of deck) expect(playRefusal(obs, card)).toBe(fullAnswer(g, seat, card));
            }
          },
        });
      }),
      { numRuns: 25 },
    );
  });

  const HANDS = [
    'AC 2D 3D 4D 5D 6D QS 2H 3H 4H 5H 6H 7H',
    '2C 3C 4C 5C 7D 8D 9D TD 2S 3S 4S 8H 9H',
    '6C 7C 8C 9C JD QD KD AD 5S 6S 7S TH JH',
    'TC JC QC KC 8S 9S TS JS KS AS QH KH AH',
  ];

  test.each([
    ['the lowest club leads the first trick', 1, '3C', 'ERR_MUST_LEAD_LOWEST_CLUB'],
    ['not this seat’s turn', 0, 'AC', 'ERR_NOT_YOUR_TURN'],
    ['a card another seat holds', 1, 'AC', 'ERR_CARD_NOT_IN_HAND'],
    ['the lowest club itself', 1, '2C', null],
  ] as const)('first lead: %s', (_, seat, card, code) => {
    const g = position({ passCards: 0 }, HANDS);
    expect(playRefusal(observation(g, seat), card)).toBe(code);
  });

  test('following suit', () => {
    let g = play(position({ passCards: 0 }, HANDS), '2C 6C');
    const o3 = observation(g, 3);
    expect(playRefusal(o3, 'AS')).toBe('ERR_MUST_FOLLOW_SUIT');
    expect(playRefusal(o3, 'TC')).toBeNull();
    g = play(g, 'TC');
    const o0 = observation(g, 0);
    expect(playRefusal(o0, 'AC')).toBeNull(); // seat 0 holds only the A♣ in clubs
    expect(playRefusal(o0, 'QS')).toBe('ERR_MUST_FOLLOW_SUIT');
  });

  test('outside the play phase: the wrong phase', () => {
    const g = position({}, HANDS);
    expect(g.phase).toBe('pass');
    expect(playRefusal(observation(g, 1), '2C')).toBe('ERR_WRONG_PHASE');
  });
});
