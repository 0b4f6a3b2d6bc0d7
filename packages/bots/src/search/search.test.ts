import {
  applyMove,
  CardSet,
  dealRandom,
  newGame,
  observation,
  parseCard,
  preset,
  seatsToAct,
  seededRandom,
  unwrap,
  type GameState,
  type Move,
  type Rules,
} from '@hearts/engine';
import { describe, expect, test } from 'vitest';
import type { Decision } from '../types.js';
import { EXPERT, HARD, SearchBot, mergeEquivalent, moonChoice } from './search.js';
import { buildKnowledge } from './knowledge.js';

const toMove = (d: Decision): Move =>
  d.kind === 'pass'
    ? { kind: 'pass', cards: d.cards.map((c) => parseCard(c)!) }
    : d.kind === 'play'
      ? { kind: 'play', card: parseCard(d.card)! }
      : d;

/** Plays one hand with the bot in every seat; every decision must be accepted by the engine. */
function playHand(bot: SearchBot, rules: Partial<Rules>, seed: number): GameState {
  const rng = seededRandom(seed);
  let g = dealRandom(unwrap(newGame(rules)), rng);
  while (g.phase !== 'deal' && g.phase !== 'gameOver') {
    const seat = seatsToAct(g)[0]!;
    const obs = observation(g, seat);
    const d = bot.decide(obs, { timeMs: 4, random: rng });
    expect(d.kind).toBe(obs.phase === 'moon' ? 'moon' : obs.phase);
    const r = applyMove(g, seat, toMove(d));
    if (!r.ok) throw new Error(`${r.error.code} for ${JSON.stringify(d)} in ${JSON.stringify(obs)}`);
    g = r.value;
  }
  return g;
}

const variants: [string, Partial<Rules>][] = [
  ['standard', {}],
  ['3 players', { players: 3 }],
  ['5 players', { players: 5 }],
  ['6 players, rotate', { players: 6, passCycle: 'rotate' }],
  ['shooter choice, queen breaks hearts', { moon: 'shooterChoice', queenBreaksHearts: true }],
  ['omnibus', preset('omnibus')],
  ['spot hearts', preset('spot')],
  ['black maria', preset('blackMaria')],
  ['papayoo, 4 players', preset('papayoo', 4)],
  ['papayoo, 6 players', preset('papayoo', 6)],
  [
    'no passing, points on first trick',
    { passCards: 0, pointsOnFirstTrick: true, heartsMustBeBroken: false },
  ],
];

describe.each([
  ['hard', HARD],
  ['expert', EXPERT],
])('%s bot', (_, params) => {
  const bot = new SearchBot(params);
  test.each(variants)('plays only legal moves: %s', (_, rules) => {
    for (let seed = 1; seed <= 2; seed++) playHand(bot, rules, seed);
  });
});

describe('mergeEquivalent', () => {
  test('keeps one of touching cards, and cards separated by an unplayed card apart', () => {
    const g = dealRandom(unwrap(newGame({ passCards: 0 })), seededRandom(3));
    const seat = g.core!.turn;
    const k = buildKnowledge(observation(g, seat));
    const hand = CardSet.fromSuitMasks(
      k.hands[seat * 4]!,
      k.hands[seat * 4 + 1]!,
      k.hands[seat * 4 + 2]!,
      k.hands[seat * 4 + 3]!,
    );
    const merged = mergeEquivalent([...hand], k);
    // Every card dropped has a kept card of the same suit just below it with only own cards between.
    for (const c of hand) {
      if (merged.includes(c)) continue;
      const below = merged.filter((m) => Math.floor(m / 13) === Math.floor(c / 13) && m < c);
      expect(below.length).toBeGreaterThan(0);
      const lo = Math.max(...below);
      for (let x = lo + 1; x < c; x++) expect(hand.has(x)).toBe(true);
    }
    expect(merged.length).toBeLessThan(hand.size());
  });
});

describe('moonChoice', () => {
  const obsWith = (scores: number[], target = 100): Parameters<typeof moonChoice>[0] => {
    const g = dealRandom(unwrap(newGame({ moon: 'shooterChoice', targetScore: target })), seededRandom(1));
    const o = observation(g, 0);
    return { ...o, phase: 'moon', moonShooter: 0, scores, handPoints: [26, 0, 0, 0] };
  };
  test('adds 26 to the others when that ends the game with the shooter alone in the lead', () => {
    expect(moonChoice(obsWith([40, 80, 60, 50]))).toBe('plus');
  });
  test('takes 26 off when adding would end the game with someone else ahead', () => {
    expect(moonChoice(obsWith([70, 80, 30, 50]))).toBe('minus');
  });
});
