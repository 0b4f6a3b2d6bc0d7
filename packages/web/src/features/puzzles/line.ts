/**
 * The line the evaluation expected, step by step: an option's line (the answer's `lines[option]`, tricks with
 * their leaders and winners) as the board shows it after each play — the trick in the middle, its winner once
 * complete, and what the puzzle's seat still holds. Pure: the page steps through it with ‹ ›.
 *
 * ```ts
 * const steps = lineSteps(puzzle, answer, answer.option);
 * steps[0]; // the position as asked; steps[steps.length - 1]: the hand's last trick
 * ```
 */
import type { CardName } from '@hearts/engine';
import type { PuzzleAnswerView, PuzzleQuestion } from '@hearts/protocol/http/puzzles';

/** The board at one step of a line. */
export interface LineStep {
  readonly trick: { readonly leader: number; readonly cards: readonly CardName[] }; // the trick in the middle
  readonly winner: number | null; // the trick is complete: who took it
  readonly hand: readonly CardName[]; // what the seat holds at this step
  readonly played: { readonly seat: number; readonly card: CardName } | null; // the play of this step (none at 0)
  readonly tricksDone: number; // complete tricks of the line before this step's trick
}

/** What the seat holds when the line starts: a play's hand as asked; a pass's after passing the option's set. */
export function handAtStart(q: PuzzleQuestion, a: PuzzleAnswerView, option: number): CardName[] {
  if (q.kind === 'play') return [...q.observation.hand];
  const passed = new Set(a.options[option]?.move ?? []);
  return [...q.observation.hand.filter((c) => !passed.has(c)), ...(a.received ?? [])];
}

/**
 * Every step of an option's line: step 0 is the position before the line's first play (a play puzzle's trick as
 * asked; a pass puzzle's hand after the pass, no trick), then one step per card played to the hand's end.
 */
export function lineSteps(q: PuzzleQuestion, a: PuzzleAnswerView, option: number): LineStep[] {
  const tricks = a.lines[option] ?? [];
  const n = q.observation.players;
  const seat = q.observation.seat;
  const asked = q.kind === 'play' ? (q.observation.trick?.cards.length ?? 0) : 0;
  let hand = handAtStart(q, a, option);
  const first = tricks[0];
  const steps: LineStep[] = [
    {
      trick: first
        ? { leader: first.leader, cards: first.cards.slice(0, asked) }
        : { leader: seat, cards: [] },
      winner: null,
      hand,
      played: null,
      tricksDone: 0,
    },
  ];
  tricks.forEach((t, ti) => {
    for (let i = ti === 0 ? asked : 0; i < t.cards.length; i++) {
      const card = t.cards[i]!;
      const by = (t.leader + i) % n;
      if (by === seat) hand = hand.filter((c) => c !== card);
      const complete = i === n - 1;
      steps.push({
        trick: { leader: t.leader, cards: t.cards.slice(0, i + 1) },
        winner: complete ? (t.winner ?? null) : null,
        hand,
        played: { seat: by, card },
        tricksDone: ti,
      });
    }
  });
  return steps;
}

/** The step to show first for an option: the last step of the trick the seat's own answer is played in. */
export function answerStep(steps: readonly LineStep[], seat: number): number {
  const mine = steps.findIndex((s) => s.played?.seat === seat);
  if (mine < 0) return 0;
  const inTrick = steps.findIndex((s, i) => i >= mine && s.winner !== null);
  return inTrick < 0 ? steps.length - 1 : inTrick;
}
