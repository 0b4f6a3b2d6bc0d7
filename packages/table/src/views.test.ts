import { describe, expect, test } from 'vitest';
import {
  applyMove,
  dealRandom,
  legalMoves,
  makeCard,
  newGame,
  observation,
  preset,
  randomInt,
  seatsToAct,
  seededRandom,
  type GameState,
  type Rules,
  toPlay,
} from '@hearts/engine';
import { applyGameMessage, applyPassed, applyPlay, type LiveState } from './reducer.js';
import { passedMessages, playMessages } from './views.js';

const must = <T>(r: { ok: true; value: T } | { ok: false; error: unknown }): T => {
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
};

/** Plays random legal moves through whole games, checking every compact play message against the engine. */
function checkGame(rules: Partial<Rules>, seed: number): number {
  const rng = seededRandom(seed);
  let g: GameState = must(newGame(rules));
  let checked = 0;
  for (let steps = 0; g.phase !== 'gameOver' && steps < 5000; steps++) {
    if (g.phase === 'deal') {
      g = dealRandom(g, rng);
      continue;
    }
    const seat = seatsToAct(g)[0]!;
    if (g.phase === 'moon') {
      g = must(applyMove(g, seat, { kind: 'moon', choice: 'plus' }));
      continue;
    }
    const legal = [...legalMoves(g, seat)];
    if (g.phase === 'pass') {
      const cards = [];
      for (let i = 0; i < g.rules.passCards; i++)
        cards.push(legal.splice(randomInt(rng, legal.length), 1)[0]!);
      const next = must(applyMove(g, seat, { kind: 'pass', cards }));
      const msgs = passedMessages(g, next, seat, cards.map(makeCard), 999, 3);
      expect(msgs !== null).toBe(next.phase === 'pass');
      if (msgs)
        for (let s = 0; s < g.rules.players; s++) {
          expect(applyPassed(observation(g, s), msgs[s]!)).toEqual(observation(next, s));
          expect(msgs[s]!.passed === null).toBe(s !== seat); // the cards go to the passer only
        }
      g = next;
      continue;
    }
    const card = legal[randomInt(rng, legal.length)]!;
    const next = must(applyMove(g, seat, { kind: 'play', card }));
    const msgs = playMessages(g, next, seat, makeCard(card), 1234, 7);
    const handGoesOn = next.phase === 'play' && next.handNumber === g.handNumber;
    expect(msgs !== null).toBe(handGoesOn);
    if (msgs) {
      for (let s = 0; s < g.rules.players; s++) {
        expect(applyPlay(observation(g, s), msgs[s]!)).toEqual(observation(next, s));
        // A message never names a card but the one played, and the seat's own legal cards.
        expect(msgs[s]!.legal.every((c) => observation(next, s).hand.includes(c))).toBe(true);
      }
      checked++;
    }
    g = next;
  }
  return checked;
}

describe('compact play and pass messages rebuild the seat views exactly', () => {
  test.each([
    ['standard', {}],
    ['3 players', { players: 3 }],
    ['5 players, omnibus', { players: 5, jackOfDiamonds: -10 }],
    ['6 players, spot hearts', { ...preset('spot', 6), targetScore: 300 }],
    ['black maria', preset('blackMaria', 3)],
    ['papayoo', preset('papayoo', 4)],
    ['shooter choice', { moon: 'shooterChoice' as const }],
  ])('%s', (_, rules) => {
    let checked = 0;
    for (let seed = 1; seed <= 2; seed++) checked += checkGame(rules, seed);
    expect(checked).toBeGreaterThan(100);
  });
});

test('the reducer asks for a snapshot on a gap and ignores an older snapshot', () => {
  const g = dealRandom(must(newGame({ passCards: 0 })), seededRandom(5));
  const seat = seatsToAct(g)[0]!;
  const card = [...legalMoves(g, seat)][0]!;
  const next = must(applyMove(g, seat, { kind: 'play', card }));
  const msgs = playMessages(g, next, seat, makeCard(card), 0, 3)!;
  const table = {
    id: 't',
    kind: 'quick' as const,
    rated: false,
    you: 1,
    seats: [],
    clocks: [0, 1, 2, 3].map((s) => ({ seat: s, bankMs: 100, graceMs: 0, running: false })),
    kickable: [false, false, false, false],
    kickVotes: [0, 0, 0, 0],
    now: 0,
    graceMs: 50,
    bankMs: 100,
  };
  const state: LiveState = { v: 1, table, view: observation(g, 1), event: { type: 'join' } };
  expect(applyGameMessage(null, msgs[1]!)).toBe('gap');
  expect(applyGameMessage(state, msgs[1]!)).toBe('gap'); // v 3 after v 1
  const after = applyGameMessage({ ...state, v: 2 }, msgs[1]!);
  expect(after).not.toBe('gap');
  expect((after as LiveState).view).toEqual(observation(next, 1));
  expect((after as LiveState).table.clocks[seat]).toEqual({ seat, bankMs: 0, graceMs: 0, running: false });
  expect((after as LiveState).table.clocks[toPlay(next)!]?.running).toBe(true);
  const old = {
    v: 1,
    kind: 'snapshot' as const,
    event: { type: 'join' as const },
    table,
    view: observation(g, 1),
  };
  expect(applyGameMessage(after as LiveState, old)).toBe(after);
});
