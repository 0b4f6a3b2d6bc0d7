/**
 * Perft-style counts: the number of legal play sequences from fixed positions, checked in as numbers. Each count
 * is made three ways: on the fast path (HandCore legalInto/play/undo), through the immutable API
 * (legalMoves/applyMove), and by the reference reading of RULES.md in test/helpers.ts.
 */
import { describe, expect, test } from 'vitest';
import { dealt, refLegal, refPlay, refPosition, start, type RefPosition } from '../test/helpers.js';
import type { HandCore } from './index.js';
import {
  applyMove,
  dealRandom,
  legalMoves,
  randomInt,
  seededRandom,
  type GameState,
  type Rules,
  toPlay,
  handCoreOf,
} from './index.js';

/** Sequences of `depth` plays (or to the end of the hand) on the fast path. */
function perft(core: HandCore, depth: number): number {
  if (depth === 0 || core.isOver) return 1;
  const moves = new Int8Array(52);
  const k = core.legalInto(moves);
  let total = 0;
  for (let i = 0; i < k; i++) {
    core.play(moves[i]!);
    total += perft(core, depth - 1);
    core.undo();
  }
  return total;
}

/** The same count through the immutable API. */
function slowCount(g: GameState, depth: number): number {
  if (depth === 0 || g.phase !== 'play') return 1;
  const seat = toPlay(g)!;
  let total = 0;
  for (const card of legalMoves(g, seat)) {
    const r = applyMove(g, seat, { kind: 'play', card });
    if (!r.ok) throw new Error(`a legal card was refused: ${r.error.code}`);
    total += slowCount(r.value, depth - 1);
  }
  return total;
}

/** The same count by the reference rules. */
function refCount(rules: Rules, pos: RefPosition, depth: number): number {
  if (depth === 0 || pos.hands.every((h) => h.length === 0)) return 1;
  let total = 0;
  for (const c of refLegal(rules, pos)) total += refCount(rules, refPlay(rules, pos, c), depth - 1);
  return total;
}

/** Everything about a core position that play/undo must restore. */
function snapshot(core: HandCore): string {
  return JSON.stringify({
    hands: [...core.hands],
    taken: [...core.taken],
    plays: [...core.plays.subarray(0, core.nPlays)],
    leaders: [...core.trickLeaders.subarray(0, core.trickCount + 1)],
    winners: [...core.trickWinners.subarray(0, core.trickCount)],
    nPlays: core.nPlays,
    trickCount: core.trickCount,
    turn: core.turn,
    brokenAt: core.brokenAt,
  });
}

interface PerftCase {
  rules: Partial<Rules>; // passCards is always 0 here: the deal is the hands
  deal: number | readonly string[]; // a seed for a random deal, or the hands
  skip: number; // tricks played at random (seeded by the deal) before the position
  depth: number; // plays to count; Infinity: to the end of the hand
  count: number; // the checked-in number
}

const END = Infinity;

/** Seats 2 and 3 are void in clubs; seat 2 holds the Q♠ and hearts beside other cards. */
const VOIDS = [
  '2C 3C 4C 5C 6C 7C 8C 2D 3D 4D 2S 3S 2H',
  '9C TC JC QC KC AC 5D 6D 4S 5S 3H 4H 5H',
  '7D 8D 9D TD 6S 7S 8S QS 6H 7H 8H 9H TH',
  'JD QD KD AD 9S TS JS KS AS JH QH KH AH',
];

const CASES: Record<string, PerftCase> = {
  'standard, last 4 tricks': { rules: {}, deal: 1, skip: 9, depth: END, count: 4928 },
  'standard, last 4 tricks, another deal': { rules: {}, deal: 10, skip: 9, depth: END, count: 4656 },
  'standard, last 3 tricks': { rules: {}, deal: 3, skip: 10, depth: END, count: 232 },
  'standard, the first two tricks': { rules: {}, deal: 4, skip: 0, depth: 8, count: 2592 },
  // 2♣; six clubs; seven and nine cards without points; the winner (seat 1) leads one of nine: 6·7·9·9.
  'standard, the first trick and a lead, voids in clubs': {
    rules: {},
    deal: VOIDS,
    skip: 0,
    depth: 5,
    count: 3402,
  },
  'pointsOnFirstTrick, the first trick and a lead, voids in clubs': {
    rules: { pointsOnFirstTrick: true },
    deal: VOIDS,
    skip: 0,
    depth: 5,
    count: 10872,
  },
  'leftOfDealer, the first 6 plays': {
    rules: { firstLead: 'leftOfDealer' },
    deal: 5,
    skip: 0,
    depth: 6,
    count: 5302,
  },
  'leftOfDealer, hearts need not be broken, the first 6 plays': {
    rules: { firstLead: 'leftOfDealer', heartsMustBeBroken: false },
    deal: 5,
    skip: 0,
    depth: 6,
    count: 7174,
  },
  'dealer leads, voids in clubs, the first 5 plays': {
    rules: { firstLead: 'dealer' },
    deal: VOIDS,
    skip: 0,
    depth: 5,
    count: 25062,
  },
  'queenBreaksHearts, last 4 tricks': {
    rules: { queenBreaksHearts: true },
    deal: 24,
    skip: 9,
    depth: END,
    count: 11232,
  },
  '3 players (Black Maria), last 4 tricks': {
    rules: { players: 3, removedCards: ['2C'], firstLead: 'leftOfDealer', heartsMustBeBroken: false },
    deal: 1,
    skip: 13,
    depth: END,
    count: 3696,
  },
  '5 players, last 3 tricks': { rules: { players: 5 }, deal: 1, skip: 7, depth: END, count: 1152 },
  '6 players, last 3 tricks': { rules: { players: 6 }, deal: 13, skip: 5, depth: END, count: 1728 },
  '6 players, the first trick': { rules: { players: 6 }, deal: 9, skip: 0, depth: 6, count: 480 },
};

function setUp(c: PerftCase): GameState {
  const g0 = start({ ...c.rules, passCards: 0 });
  let g = typeof c.deal === 'number' ? dealRandom(g0, seededRandom(c.deal)) : dealt(g0, c.deal);
  const rng = seededRandom(typeof c.deal === 'number' ? c.deal + 1000 : 0);
  for (let i = 0; i < c.skip * g.rules.players; i++) {
    const seat = toPlay(g)!;
    const legal = legalMoves(g, seat).toArray();
    const r = applyMove(g, seat, { kind: 'play', card: legal[randomInt(rng, legal.length)]! });
    if (!r.ok) throw new Error(r.error.code);
    g = r.value;
  }
  return g;
}

describe('perft', () => {
  test.each(Object.entries(CASES))('%s', (_, c) => {
    const g = setUp(c);
    const core = handCoreOf(g)!;
    const before = snapshot(core);
    const fast = perft(core, c.depth);
    expect(snapshot(core)).toBe(before); // undo restored everything
    const log = g.log[0]!;
    const ref = refPosition(
      g.rules,
      log.deal.map((h) => h.toArray()),
      0,
      log.plays,
    );
    expect({ fast, slow: slowCount(g, c.depth), ref: refCount(g.rules, ref, c.depth) }).toEqual({
      fast: c.count,
      slow: c.count,
      ref: c.count,
    });
  });
});
