/**
 * What the table shows, as a pure function of the controller's state: seats, the player's hand, the trick,
 * the prompt, results. Components render this and nothing else.
 *
 * ```ts
 * const view = tableView(controller.getSnapshot());
 * view.hand.filter((c) => !c.disabled).map((c) => c.card); // what may be played now
 * ```
 */
import type { Level } from '@hearts/bots';
import { observation, type CardName, type MoveError, type Observation, type Phase } from '@hearts/engine';
import { sortHand } from './cards';
import type { TableState } from './controller';
import { HUMAN } from './session';

export type Position = 'bottom' | 'left' | 'top-left' | 'top' | 'top-right' | 'right';

/** Where each seat sits, seat 0 at the bottom and play going clockwise (to the left). */
export function seatPositions(players: number): Position[] {
  switch (players) {
    case 3:
      return ['bottom', 'top-left', 'top-right'];
    case 5:
      return ['bottom', 'left', 'top-left', 'top-right', 'right'];
    case 6:
      return ['bottom', 'left', 'top-left', 'top', 'top-right', 'right'];
    default:
      return ['bottom', 'left', 'top', 'right'];
  }
}

/** A pass direction in words: left, right, across, none, or k seats to the left. */
export type PassDirection =
  | { readonly kind: 'left' | 'right' | 'across' | 'none' }
  | { readonly kind: 'seats'; readonly seats: number };

export function passDirection(offset: number, players: number): PassDirection {
  if (offset === 0) return { kind: 'none' };
  if (offset === 1) return { kind: 'left' };
  if (offset === players - 1) return { kind: 'right' };
  if (players % 2 === 0 && offset === players / 2) return { kind: 'across' };
  return { kind: 'seats', seats: offset };
}

export interface SeatView {
  readonly seat: number;
  readonly position: Position;
  readonly bot: Level | null; // null for the player
  readonly total: number; // game score so far
  readonly handPoints: number; // points taken in this hand
  readonly cards: number; // cards still held
  readonly turn: boolean; // this seat must act now
  readonly thinking: boolean;
  readonly passing: boolean; // still choosing the cards to pass (while passing)
  readonly passed: boolean; // has chosen the cards to pass (while passing)
  readonly dealer: boolean;
}

export interface HandCardView {
  readonly card: CardName;
  readonly disabled: boolean; // may not be played (or passed) now
  readonly dimmed: boolean; // shown dimmed: not playable while the player is to act
  readonly selected: boolean; // chosen for passing
  readonly received: boolean; // just received in the pass
  readonly hinted: boolean; // the expert's hint
}

export interface TrickCardView {
  readonly seat: number;
  readonly card: CardName;
}

export type Prompt =
  | {
      readonly kind: 'pass';
      readonly count: number;
      readonly chosen: number;
      readonly direction: PassDirection;
    }
  | { readonly kind: 'waitPasses' }
  | { readonly kind: 'yourTurn'; readonly lead: boolean }
  | { readonly kind: 'waitFor'; readonly seat: number }
  | { readonly kind: 'trickTo'; readonly seat: number }
  | { readonly kind: 'moonChoice' }
  | { readonly kind: 'moonWait'; readonly seat: number }
  | { readonly kind: 'handOver' }
  | { readonly kind: 'gameOver' };

export interface HandRow {
  readonly hand: number;
  readonly points: readonly number[];
  readonly shooter: number | null;
}

export interface TableView {
  readonly phase: Phase;
  readonly players: number;
  readonly handNumber: number; // counting from 0
  readonly direction: PassDirection; // this hand's pass
  readonly seats: readonly SeatView[];
  readonly hand: readonly HandCardView[];
  readonly trick: readonly TrickCardView[]; // cards in the middle, in play order
  readonly trickWinner: number | null; // set while a complete trick is shown
  readonly collecting: boolean;
  readonly lastTrick: readonly TrickCardView[] | null;
  readonly lastTrickWinner: number | null;
  readonly prompt: Prompt;
  readonly canPass: boolean; // the pass button is enabled
  readonly refusal: { readonly card: CardName; readonly code: MoveError } | null;
  readonly heartsBroken: boolean;
  readonly rows: readonly HandRow[]; // the score table: one row per finished hand
  readonly totals: readonly number[];
  readonly showResult: boolean; // a finished hand's result is shown (until the next deal)
  readonly winners: readonly number[]; // at game over
  readonly hintable: boolean; // the player may ask for a hint now
}

const trickCards = (t: { leader: number; cards: readonly CardName[] }, n: number): TrickCardView[] =>
  t.cards.map((card, i) => ({ seat: (t.leader + i) % n, card }));

export function tableView(t: TableState): TableView | null {
  const s = t.session;
  if (!s) return null;
  const state = s.state;
  const obs: Observation = observation(state, HUMAN);
  const n = obs.players;
  const positions = seatPositions(n);
  const held = t.held;
  const phase = obs.phase;
  const passing = phase === 'pass';
  const myPassDone = passing && obs.passed !== null;
  const legal = new Set(obs.legal);
  const hinted = new Set(t.hint ?? []);
  const received = new Set(t.received);
  const selected = new Set(t.selected);
  const handCards = sortHand(obs.hand);
  const myTurn = phase === 'play' && obs.turn === HUMAN && held === null;
  const hand: HandCardView[] = handCards.map((card) => ({
    card,
    disabled: passing ? myPassDone : !legal.has(card),
    dimmed: passing ? false : myTurn && !legal.has(card),
    selected: passing && !myPassDone ? selected.has(card) : passing && (obs.passed ?? []).includes(card),
    received: received.has(card),
    hinted: hinted.has(card),
  }));
  const current = held ?? obs.trick;
  const seatsToPlay = obs.turn;
  const thinking = t.thinking;
  const seats: SeatView[] = positions.map((position, seat) => ({
    seat,
    position,
    bot: seat === HUMAN ? null : s.level,
    total: obs.scores[seat]!,
    handPoints: phase === 'deal' || phase === 'gameOver' ? 0 : obs.handPoints[seat]!,
    cards: seat === HUMAN ? obs.hand.length : cardsLeft(obs, seat),
    turn:
      held === null &&
      ((phase === 'play' && seatsToPlay === seat) ||
        (phase === 'moon' && obs.moonShooter === seat) ||
        (passing && !obs.passedSeats[seat])),
    thinking: thinking === seat,
    passing: held === null && passing && !obs.passedSeats[seat],
    passed: passing && obs.passedSeats[seat] === true,
    dealer: obs.dealer === seat,
  }));
  const direction = passDirection(obs.passOffset, n);
  const showResult =
    (phase === 'deal' || phase === 'gameOver') && held === null && obs.handResults.length > 0;
  let prompt: Prompt;
  if (phase === 'gameOver' && held === null) prompt = { kind: 'gameOver' };
  else if (held) prompt = { kind: 'trickTo', seat: held.winner! };
  else if (phase === 'deal') prompt = { kind: 'handOver' };
  else if (phase === 'moon')
    prompt =
      obs.moonShooter === HUMAN ? { kind: 'moonChoice' } : { kind: 'moonWait', seat: obs.moonShooter! };
  else if (passing)
    prompt = myPassDone
      ? { kind: 'waitPasses' }
      : { kind: 'pass', count: obs.rules.passCards, chosen: t.selected.length, direction };
  else if (obs.turn === HUMAN) prompt = { kind: 'yourTurn', lead: (obs.trick?.cards.length ?? 0) === 0 };
  else prompt = { kind: 'waitFor', seat: obs.turn ?? 0 };
  const last = t.lastTrick;
  return {
    phase,
    players: n,
    handNumber: obs.handNumber,
    direction,
    seats,
    hand: phase === 'deal' || phase === 'gameOver' ? [] : hand,
    trick: current ? trickCards(current, n) : [],
    trickWinner: held?.winner ?? null,
    collecting: t.collecting,
    lastTrick: last ? trickCards(last, n) : null,
    lastTrickWinner: last?.winner ?? null,
    prompt,
    canPass: passing && !myPassDone && t.selected.length === obs.rules.passCards,
    refusal: t.refusal,
    heartsBroken: obs.heartsBroken,
    rows: obs.handResults.map((r, hand) => ({ hand, points: r.points, shooter: r.shooter })),
    totals: obs.scores,
    showResult,
    winners: obs.winners,
    hintable: held === null && ((passing && !myPassDone) || (phase === 'play' && obs.turn === HUMAN)),
  };
}

/** Cards another seat still holds: what it was dealt less what it played (passing keeps the count). */
function cardsLeft(obs: Observation, seat: number): number {
  const perHand = obs.hand.length + countPlayed(obs, HUMAN) - countPlayed(obs, seat);
  return Math.max(0, perHand);
}

function countPlayed(obs: Observation, seat: number): number {
  let k = 0;
  for (const t of [...obs.tricks, ...(obs.trick ? [obs.trick] : [])])
    t.cards.forEach((_, i) => {
      if ((t.leader + i) % obs.players === seat) k++;
    });
  return k;
}
