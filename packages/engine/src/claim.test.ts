import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { arbRules, card, play, position, randomGame, start } from '../test/helpers.js';
import {
  applyClaim,
  certainClaim,
  claimPlayout,
  makeCard,
  observation,
  randomInt,
  seededRandom,
  type GameState,
  type RandomSource,
  toPlay,
  handCoreOf,
  tricksDone,
} from './index.js';

// Seat 0 holds the top three or four of every suit; no passing, so the deal is what is played.
const TOP = [
  'AC KC QC AD KD QD JD AS KS QS AH KH QH',
  'JC TC 9C TD 9D 8D JS TS 9S JH TH 9H 8H',
  '8C 7C 6C 7D 6D 5D 8S 7S 6S 7H 6H 5H 4H',
  '5C 4C 3C 2C 4D 3D 2D 5S 4S 3S 2S 3H 2H',
];
// The same with the Q♥ and the J♥ of seat 1 swapped: the Q♥ is unseen and beats seat 0's J♥.
const SWAPPED = [TOP[0]!.replace('QH', 'JH'), TOP[1]!.replace('JH', 'QH'), TOP[2]!, TOP[3]!];
const DEALER_LEADS = { passCards: 0, firstLead: 'dealer' } as const;

const claimOf = (g: GameState, seat: number) => certainClaim(observation(g, seat));

describe('certainClaim', () => {
  test('the top cards of every suit on lead: every trick, every point, the moon; clubs first, hearts last', () => {
    const claim = claimOf(position(DEALER_LEADS, TOP), 0);
    expect(claim).toEqual({
      seat: 0,
      cards: 'AC KC QC AD KD QD JD AS KS QS AH KH QH'.split(' '),
      tricks: 13,
      points: 26,
      moon: true,
    });
  });

  test('points come from the rules: Omnibus, spot hearts', () => {
    expect(claimOf(position({ ...DEALER_LEADS, jackOfDiamonds: -10 }, TOP), 0)?.points).toBe(16);
    expect(claimOf(position({ ...DEALER_LEADS, heartValues: 'rank', queenPoints: 25 }, TOP), 0)?.points).toBe(
      129,
    );
  });

  test('an unseen higher card (the Q♥ against the J♥) makes it uncertain', () => {
    expect(claimOf(position(DEALER_LEADS, SWAPPED), 0)).toBeNull();
  });

  test('a seat that is not on lead cannot claim before the suit is led', () => {
    const g = position({ passCards: 0, firstLead: 'leftOfDealer' }, TOP);
    expect(toPlay(g)!).toBe(1);
    expect(claimOf(g, 0)).toBeNull();
  });

  test('following: the lowest card that wins is played, the higher ones are kept', () => {
    const g = play(position({ passCards: 0, firstLead: 'leftOfDealer' }, TOP), 'JC 8C 5C');
    const claim = claimOf(g, 0);
    expect(claim?.cards[0]).toBe('QC');
    expect(claim?.tricks).toBe(13);
  });

  test('void in the suit led: uncertain', () => {
    const hands = [
      'AD KD QD JD TD AS KS QS JS AH KH QH JH',
      'AC KC QC JC TC 9D 8D 7D TS 9S TH 9H 8H',
      '9C 8C 7C 6C 5C 6D 5D 4D 8S 7S 6S 7H 6H',
      '4C 3C 2C 3D 2D 5S 4S 3S 2S 5H 4H 3H 2H',
    ];
    const g = play(position({ passCards: 0, firstLead: 'leftOfDealer' }, hands), 'AC 9C 4C');
    expect(toPlay(g)!).toBe(0);
    expect(claimOf(g, 0)).toBeNull();
  });

  test('after its card: a seat still to play may hold a higher unseen card', () => {
    // Seat 0 leads the Q♣ to the first trick (dealer leads); the K♣ and A♣ are unseen.
    const hands = [
      'QC AD KD QD JD AS KS QS JS AH KH QH JH',
      'AC KC JC TC 9D 8D 7D TS 9S TH 9H 8H 7H',
      '9C 8C 7C 6C 5C 6D 5D 4D 8S 7S 6S 6H 5H',
      '4C 3C 2C 3D 2D TD 5S 4S 3S 2S 4H 3H 2H',
    ];
    const g = play(position(DEALER_LEADS, hands), 'QC');
    expect(claimOf(g, 0)).toBeNull();
  });

  test('the lowest club must lead the first trick: a low card of a suit others still hold loses', () => {
    const hands = [
      '2C AC AD KD QD AS KS QS AH KH QH JH TH',
      'KC QC JC TC JD TD 9D JS TS 9S 9H 8H 7H',
      '9C 8C 7C 6C 8D 7D 6D 5D 8S 7S 6S 6H 5H',
      '5C 4C 3C 4D 3D 2D 5S 4S 3S 2S 4H 3H 2H',
    ];
    expect(claimOf(position({ passCards: 0 }, hands), 0)).toBeNull();
  });

  test('hearts not broken: the hearts go last, when only hearts are left, so every lead is legal', () => {
    const g = position({ ...DEALER_LEADS, heartsMustBeBroken: true }, TOP);
    const claim = claimOf(g, 0)!;
    expect(claim.cards.slice(-3)).toEqual(['AH', 'KH', 'QH']);
    const done = applyClaim(g, 0);
    expect(done.ok && done.value.results[0]!.shooter).toBe(0);
  });

  test('no moon to shoot under moon "none"', () => {
    expect(claimOf(position({ ...DEALER_LEADS, moon: 'none' }, TOP), 0)?.moon).toBe(false);
  });

  test('outside play there is nothing to claim; a refused claim says why', () => {
    const g = start(DEALER_LEADS);
    expect(claimOf(g, 0)).toBeNull();
    expect(claimPlayout(g, 0)).toEqual({ ok: false, error: 'ERR_WRONG_PHASE' });
    expect(claimPlayout(position(DEALER_LEADS, TOP), 7)).toEqual({ ok: false, error: 'ERR_BAD_SEAT' });
    expect(claimPlayout(position(DEALER_LEADS, SWAPPED), 0)).toEqual({
      ok: false,
      error: 'ERR_CLAIM_NOT_CERTAIN',
    });
  });

  test('applyClaim plays the hand out through the usual plays and scores it', () => {
    const g = play(position({ passCards: 0, firstLead: 'leftOfDealer' }, TOP), 'JC 8C 5C');
    const r = applyClaim(g, 0);
    if (!r.ok) throw new Error(r.error);
    const done = r.value;
    expect(done.phase).toBe('deal');
    expect(done.log[0]!.plays.length).toBe(52);
    expect(done.results[0]!.taken).toEqual([26, 0, 0, 0]);
    expect(done.results[0]!.shooter).toBe(0);
  });
});

describe('a certain claim is certain', () => {
  test('every random playout gives the claimant every remaining trick (random games, random rules)', () => {
    let claims = 0;
    fc.assert(
      fc.property(arbRules, fc.integer(), fc.boolean(), (rules, seed, greedy) => {
        const rng = seededRandom(seed);
        const positions: GameState[] = [];
        randomGame(start(rules), rng, {
          maxHands: 2,
          greedy,
          onStep: (g) => {
            if (g.phase === 'play') positions.push(g);
          },
        });
        for (const g of positions) {
          for (let seat = 0; seat < rules.players; seat++) {
            const claim = certainClaim(observation(g, seat));
            if (!claim) continue;
            claims++;
            const first = tricksDone(g);
            for (let i = 0; i < 3; i++) {
              const done = randomPlayoutAll(g, seat, claim.cards, rng);
              for (let t = first; t < g.cfg.tricks; t++) expect(done.trickWinners[t]).toBe(seat);
            }
            const applied = applyClaim(g, seat);
            expect(applied.ok).toBe(true);
          }
        }
      }),
      { numRuns: 60 },
    );
    expect(claims).toBeGreaterThan(100); // the property was really exercised
  });
});

/** Plays the rest of the hand on a copy of the core; returns it when the hand is over. */
function randomPlayoutAll(g: GameState, seat: number, cards: readonly string[], rng: RandomSource) {
  const core = handCoreOf(g)!;
  const legal = new Int8Array(52);
  let k = 0;
  while (!core.isOver) {
    let c: number;
    if (core.turn === seat) {
      c = card(cards[k++]!);
      expect(core.isLegal(c), `claim card ${makeCard(c)} must be legal`).toBe(true);
    } else {
      const count = core.legalInto(legal);
      c = legal[randomInt(rng, count)]!;
    }
    core.play(c);
  }
  expect(k).toBe(cards.length);
  return core;
}
