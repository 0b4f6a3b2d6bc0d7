import {
  applyMove,
  dealRandom,
  newGame,
  observation,
  parseNamedMove,
  seatsToAct,
  seededRandom,
  trickWinner,
  type CardName,
  type GameState,
  type Observation,
} from '@hearts/engine';
import type { PuzzleAnswerView, PuzzleQuestion } from '@hearts/protocol/http/puzzles';
import { describe, expect, test } from 'vitest';
import { answerStep, handAtStart, lineSteps } from './line';

function unwrap<T>(r: { ok: true; value: T } | { ok: false; error: unknown }): T {
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
}

const act = (g: GameState, seat: number, obs: Observation, pick = 0): GameState =>
  unwrap(
    applyMove(
      g,
      seat,
      unwrap(
        parseNamedMove(
          obs.phase === 'pass'
            ? { kind: 'pass', cards: obs.legal.slice(0, obs.rules.passCards) }
            : { kind: 'play', card: obs.legal[pick % obs.legal.length]! },
        ),
      ),
    ),
  );

/** A real game to a decision of `kind` (a play: the `plays`-th card of the hand, mid-trick), and the rest of its hand. */
function position(seed: string, plays: number) {
  let g = dealRandom(unwrap(newGame({})), seededRandom(seed));
  let question: Observation;
  let count = 0;
  for (;;) {
    const seat = seatsToAct(g)[0]!;
    const obs = observation(g, seat);
    if (obs.phase === 'pass') {
      for (const s of seatsToAct(g)) g = act(g, s, observation(g, s));
      continue;
    }
    if (obs.phase === 'play' && count++ === plays) {
      question = obs;
      break;
    }
    g = act(g, seat, obs, count);
  }
  // The line: the rest of the hand played out from the question on.
  const played: CardName[] = [];
  let state = g;
  while (state.phase === 'play') {
    const seat = seatsToAct(state)[0]!;
    const obs = observation(state, seat);
    played.push(obs.legal[0]!);
    state = act(state, seat, obs);
  }
  return { question, played };
}

/** The line as the server sends it: tricks with leaders and winners, the trick being played first. */
function tricksOf(obs: Observation, plays: readonly CardName[]) {
  const out: { leader: number; cards: CardName[]; winner?: number }[] = [];
  let trick = { leader: obs.trick?.leader ?? obs.seat, cards: [...(obs.trick?.cards ?? [])] };
  for (const c of plays) {
    trick.cards.push(c);
    if (trick.cards.length === obs.players) {
      const winner = trickWinner(trick, obs.players);
      out.push({ ...trick, winner });
      trick = { leader: winner, cards: [] };
    }
  }
  return out;
}

function puzzle(seed: string, plays: number) {
  const { question: obs, played } = position(seed, plays);
  const q: PuzzleQuestion = { id: 'p0', kind: 'play', observation: obs!, choices: null, rating: 1500 };
  const a: PuzzleAnswerView = {
    right: true,
    option: 0,
    solution: [played[0]!],
    options: [{ move: [played[0]!], cards: [played[0]!], points: 1 }],
    gap: 1,
    themes: [],
    received: null,
    lines: [tricksOf(obs!, played)],
    points: [[0, 0, 0, 0]],
    rating: null,
    puzzleRating: null,
    run: null,
  };
  return { q, a, played };
}

describe('lineSteps', () => {
  test.each([
    ['a lead', 'line-a', 4],
    ['mid-trick', 'line-b', 6],
    ['last to play', 'line-c', 7],
  ])(
    '%s: one step per card to the hand’s end, the seat’s hand shrinking by its own cards',
    (_, seed, plays) => {
      const { q, a, played } = puzzle(seed, plays);
      const obs = q.observation;
      const steps = lineSteps(q, a, 0);
      expect(steps).toHaveLength(played.length + 1);
      expect(steps[0]!.trick.cards).toEqual(obs.trick?.cards ?? []);
      expect(steps[0]!.hand).toEqual(obs.hand);
      expect(steps[steps.length - 1]!.hand).toEqual([]);
      expect(steps[steps.length - 1]!.winner).not.toBeNull();
      steps.slice(1).forEach((s, i) => {
        expect(s.played!.card).toBe(played[i]);
        expect(s.trick.cards[s.trick.cards.length - 1]).toBe(played[i]);
        const before = steps[i]!.hand;
        expect(s.hand).toEqual(
          s.played!.seat === obs.seat ? before.filter((c) => c !== s.played!.card) : before,
        );
        // The trick is complete (and has its winner) exactly at every fourth card.
        expect(s.winner !== null).toBe(s.trick.cards.length === obs.players);
        if (s.winner !== null) expect(s.winner).toBe(trickWinner(s.trick, obs.players));
      });
      // Shown first: the trick the seat's own card goes to, complete.
      const first = answerStep(steps, obs.seat);
      expect(steps[first]!.winner).not.toBeNull();
      expect(steps[first]!.trick.cards).toContain(played[0]);
    },
  );

  test('a pass: the line starts with the hand after the pass, the received cards in it', () => {
    const { q } = puzzle('line-d', 0);
    const hand = q.observation.hand;
    const pass: PuzzleQuestion = { ...q, kind: 'pass', choices: [hand.slice(0, 3)] };
    const a = {
      ...puzzle('line-d', 0).a,
      options: [{ move: hand.slice(0, 3), cards: hand.slice(0, 3), points: 1 }],
      received: ['2C', '3C', '4C'] as CardName[],
      lines: [[]],
    };
    expect(handAtStart(pass, a, 0)).toEqual([...hand.slice(3), '2C', '3C', '4C']);
    expect(lineSteps(pass, a, 0)).toHaveLength(1);
  });
});
