/**
 * What a table shows, solo or live, as one pure function (`boardView`) of the player's observation and the UI
 * controller's state (`TableUi` of `@hearts/table`): seats around the player, the hand, the trick, the last trick,
 * the prompt, results. Each table adds who sits where: `tableView` (solo: bots of one level) here,
 * `liveTableView` (names, ratings, kick votes) in `live/view.ts`. Components render these and nothing else.
 *
 * ```ts
 * const view = tableView(solo.getSnapshot()); // solo: game/host.ts
 * view.hand.filter((c) => !c.disabled).map((c) => c.card); // what may be played now
 * ```
 */
import type { Level } from '@hearts/bots';
import { passOffset, type CardName, type Observation, type Phase } from '@hearts/engine';
import type { Refusal, TableUiState } from '@hearts/table';
import { sortHand } from './cards';
import type { SoloState } from './host';

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

/** What every table shows of a seat. */
export interface BoardSeat {
  readonly seat: number;
  readonly position: Position;
  readonly total: number; // game score so far
  readonly handPoints: number; // points taken in this hand
  readonly cards: number; // cards still held
  readonly turn: boolean; // this seat must act now
  readonly passing: boolean; // still choosing the cards to pass (while passing)
  readonly passed: boolean; // has chosen the cards to pass (while passing)
  readonly dealer: boolean;
}

/** A seat at the solo table. */
export interface SeatView extends BoardSeat {
  readonly bot: Level | null; // null for the player
  readonly thinking: boolean;
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

/** What a table shows, solo or live; `S` is the table's own seat view. */
export interface BoardView<S extends BoardSeat = BoardSeat> {
  readonly phase: Phase;
  readonly players: number;
  readonly you: number; // the player's seat (shown at the bottom)
  readonly handNumber: number; // counting from 0
  readonly direction: PassDirection; // this hand's pass
  /** The hand the top bar names, and its pass: the finished one while its result is shown, else this one. */
  readonly bar: { readonly hand: number; readonly direction: PassDirection };
  readonly positions: readonly Position[]; // by seat
  readonly seats: readonly S[];
  readonly hand: readonly HandCardView[];
  readonly trick: readonly TrickCardView[]; // cards in the middle, in play order
  readonly trickWinner: number | null; // set while a complete trick is shown
  readonly collecting: boolean;
  readonly lastTrick: readonly TrickCardView[] | null;
  readonly lastTrickWinner: number | null;
  readonly prompt: Prompt;
  readonly canPass: boolean; // the pass button is enabled
  readonly refusal: Refusal | null;
  readonly heartsBroken: boolean;
  readonly rows: readonly HandRow[]; // the score table: one row per finished hand
  readonly totals: readonly number[];
  readonly showResult: boolean; // a finished hand's result is shown (until the next deal)
  readonly winners: readonly number[]; // at game over
  readonly hintable: boolean; // the player may act now (and so ask for a hint)
}

/** The solo table's view. */
export type TableView = BoardView<SeatView>;

/** What `boardView` reads: the player's observation, the UI controller's state and the table's highlights. */
export interface BoardInput {
  readonly obs: Observation; // the player's own (`obs.seat` sits at the bottom)
  readonly ui: Pick<TableUiState, 'selected' | 'refusal' | 'held' | 'collecting' | 'lastTrick'>;
  readonly received: readonly CardName[]; // cards just received, highlighted
  readonly hint: readonly CardName[] | null; // what the expert would play or pass
}

const trickCards = (t: { leader: number; cards: readonly CardName[] }, n: number): TrickCardView[] =>
  t.cards.map((card, i) => ({ seat: (t.leader + i) % n, card }));

/** The table as every host shows it: one pure function of the player's observation and the UI's state. */
export function boardView({ obs, ui, received: got, hint }: BoardInput): BoardView {
  const n = obs.players;
  const you = obs.seat;
  const around = seatPositions(n);
  const positions = Array.from({ length: n }, (_, seat) => around[(seat - you + n) % n]!);
  const held = ui.held;
  const phase = obs.phase;
  const passing = phase === 'pass';
  const myPassDone = passing && obs.passed !== null;
  const legal = new Set(obs.legal);
  const hinted = new Set(hint ?? []);
  const received = new Set(got);
  const selected = new Set(ui.selected);
  const myTurn = phase === 'play' && obs.turn === you && held === null;
  const hand: HandCardView[] = sortHand(obs.hand).map((card) => ({
    card,
    disabled: passing ? myPassDone : !legal.has(card),
    dimmed: passing ? false : myTurn && !legal.has(card),
    selected: passing && !myPassDone ? selected.has(card) : passing && (obs.passed ?? []).includes(card),
    received: received.has(card),
    hinted: hinted.has(card),
  }));
  const seats: BoardSeat[] = positions.map((position, seat) => ({
    seat,
    position,
    total: obs.scores[seat] ?? 0,
    handPoints: phase === 'deal' || phase === 'gameOver' ? 0 : (obs.handPoints[seat] ?? 0),
    cards: seat === you ? obs.hand.length : cardsLeft(obs, seat),
    turn:
      held === null &&
      ((phase === 'play' && obs.turn === seat) ||
        (phase === 'moon' && obs.moonShooter === seat) ||
        (passing && !obs.passedSeats[seat])),
    passing: held === null && passing && !obs.passedSeats[seat],
    passed: passing && obs.passedSeats[seat] === true,
    dealer: obs.dealer === seat,
  }));
  const direction = passDirection(obs.passOffset, n);
  let prompt: Prompt;
  if (held) prompt = { kind: 'trickTo', seat: held.winner };
  else if (phase === 'gameOver') prompt = { kind: 'gameOver' };
  else if (phase === 'deal') prompt = { kind: 'handOver' };
  else if (phase === 'moon')
    prompt =
      obs.moonShooter === you ? { kind: 'moonChoice' } : { kind: 'moonWait', seat: obs.moonShooter ?? 0 };
  else if (passing)
    prompt = myPassDone
      ? { kind: 'waitPasses' }
      : { kind: 'pass', count: obs.rules.passCards, chosen: ui.selected.length, direction };
  else if (obs.turn === you) prompt = { kind: 'yourTurn', lead: (obs.trick?.cards.length ?? 0) === 0 };
  else prompt = { kind: 'waitFor', seat: obs.turn ?? 0 };
  const current = held ?? obs.trick;
  const last = ui.lastTrick;
  const showResult =
    held === null && (phase === 'deal' || phase === 'gameOver') && obs.handResults.length > 0;
  // Between hands the observation is already the next hand's; its result still speaks of the finished one.
  const barHand = showResult ? obs.handResults.length - 1 : obs.handNumber;
  return {
    phase,
    players: n,
    you,
    handNumber: obs.handNumber,
    direction,
    bar: {
      hand: barHand,
      direction: barHand === obs.handNumber ? direction : passDirection(passOffset(obs.rules, barHand), n),
    },
    positions,
    seats,
    hand: phase === 'deal' || phase === 'gameOver' ? [] : hand,
    trick: current ? trickCards(current, n) : [],
    trickWinner: held?.winner ?? null,
    collecting: ui.collecting,
    lastTrick: last ? trickCards(last, n) : null,
    lastTrickWinner: last?.winner ?? null,
    prompt,
    canPass: passing && !myPassDone && ui.selected.length === obs.rules.passCards,
    refusal: ui.refusal,
    heartsBroken: obs.heartsBroken,
    rows: obs.handResults.map((r, h) => ({ hand: h, points: r.points, shooter: r.shooter })),
    totals: obs.scores,
    showResult,
    winners: obs.winners,
    hintable: held === null && ((passing && !myPassDone) || (phase === 'play' && obs.turn === you)),
  };
}

/**
 * The cards received in the pass, highlighted until the player plays their first card of the hand (the
 * observation says so: both tables show the same highlight).
 */
export function receivedNow(obs: Observation): readonly CardName[] {
  const you = obs.seat;
  const playedYet = [...obs.tricks, ...(obs.trick ? [obs.trick] : [])].some((t) =>
    t.cards.some((_, i) => (t.leader + i) % obs.players === you),
  );
  return obs.phase === 'play' && !playedYet ? (obs.received ?? []) : [];
}

/** The bot seat that decides now (its turn, or its moon choice), while no trick is held. */
function botToAct(obs: Observation, held: boolean): number | null {
  if (held) return null;
  const seat = obs.phase === 'play' ? obs.turn : obs.phase === 'moon' ? obs.moonShooter : null;
  return seat === null || seat === undefined || seat === obs.seat ? null : seat;
}

/** The solo table from its host's state (game/host.ts): seat 0's `LiveState`, the UI's state, the hint. */
export function tableView(t: SoloState): TableView | null {
  const s = t.session;
  const live = t.live;
  if (!s || !live) return null;
  const obs = live.view;
  const board = boardView({ obs, ui: t, received: receivedNow(obs), hint: t.hint });
  const thinking = botToAct(obs, t.held !== null);
  return {
    ...board,
    seats: board.seats.map((seat) => ({
      ...seat,
      bot: seat.seat === obs.seat ? null : s.level,
      thinking: thinking === seat.seat,
    })),
  };
}

/** Cards another seat still holds: what it was dealt less what it played (passing keeps the count). */
function cardsLeft(obs: Observation, seat: number): number {
  return Math.max(0, obs.hand.length + countPlayed(obs, obs.seat) - countPlayed(obs, seat));
}

function countPlayed(obs: Observation, seat: number): number {
  let k = 0;
  for (const t of [...obs.tricks, ...(obs.trick ? [obs.trick] : [])])
    t.cards.forEach((_, i) => {
      if ((t.leader + i) % obs.players === seat) k++;
    });
  return k;
}
