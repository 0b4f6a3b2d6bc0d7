/**
 * What a table shows, solo or live, as one pure function (`boardView`) of the player's observation and the UI
 * controller's state (`TableUi` of `@hearts/table`): seats around the player, the hand, the trick, the last trick,
 * the prompt, results; and `tableView` over it, the one view both tables draw (src/table/Table.tsx): the seats with who
 * sits there from the seat's `LiveState` (names, bots, ratings, connections, looks, kick votes), whichever host sent
 * it (the solo host in the page, src/features/solo/host.ts, or the server). What only one host has comes in as options: the
 * solo table's hint and the bot thinking now. Components render these and nothing else.
 *
 * ```ts
 * const view = tableView(live, ui.getSnapshot(), { hint }); // live: client.state; solo: solo.getSnapshot().live
 * view.hand.filter((c) => !c.disabled).map((c) => c.card); // what may be played now
 * view.seats[view.you].name; // the player's own name
 * ```
 */
import {
  certainClaim,
  compiledRules,
  handSummaryOf,
  passOffset,
  placesOf,
  type CardName,
  type Claim,
  type HandSummary,
  type Observation,
  type Phase,
  type Rules,
} from '@hearts/engine';
import { kickVotesNeeded, type LiveState, type Refusal, type TableUiState } from '@hearts/table';
import type { BotLevel } from '@hearts/protocol/socket';
import type { SeatLook } from '@hearts/protocol/cosmetics';
import { sortHand } from '../kit/cards';

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

/** A seat as both tables draw it: the board's fields and who sits there. */
export interface SeatView extends BoardSeat {
  readonly name: string;
  readonly you: boolean;
  readonly bot: BotLevel | null; // the bot's level, null for a person
  readonly replaced: boolean; // a bot took the seat over
  readonly kicked?: boolean; // ... because the others voted the player out
  readonly connected: boolean;
  readonly rating: number | null;
  readonly provisional: boolean; // the rating at the start was provisional: "1500?"
  readonly look: SeatLook | null; // the cosmetics the player chose (src/table/art.tsx draws them)
  readonly kickable: boolean; // out of time: the others may vote to give the seat to a bot
  readonly kickVotes: number;
  readonly kickNeeded: number; // votes that give the seat to a bot (kickVotesNeeded of the other humans)
  readonly thinking: boolean; // a bot is choosing its move (the solo host says which: `TableViewOptions`)
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
  readonly rules: Rules; // the rules in force at this table
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
  readonly summary: HandSummary | null; // while a result is shown: the finished hand in detail (the engine's)
  readonly winners: readonly number[]; // at game over
  readonly places: readonly number[]; // each seat's place by its total (1 = lowest; ties share a place)
  readonly moonValue: number; // what the moon is worth under the table's rules (the engine's: 26, 129 in spot hearts)
  readonly hintable: boolean; // the player may act now (and so ask for a hint)
}

/** The view both tables draw: the board, and what the player may do beyond a card (where the host allows it). */
export interface TableView extends BoardView<SeatView> {
  readonly undoable: boolean; // the player may take back their last card of this hand
  readonly claim: Claim | null; // the rest of the hand is certainly the player's: the table offers the claim
}

/** What `boardView` reads: the player's observation, the UI controller's state and the table's highlights. */
export interface BoardInput {
  readonly obs: Observation; // the player's own (`obs.seat` sits at the bottom)
  readonly ui: Pick<TableUiState, 'selected' | 'refusal' | 'held' | 'collecting' | 'lastTrick'>;
  readonly received: readonly CardName[]; // cards just received, highlighted
  readonly hint: readonly CardName[] | null; // what the expert would play or pass
}

/**
 * The seats of a position shown on its own (a training position, a puzzle): the player's seat named `youName`, the
 * others by where they sit (the game's seat numbers would say nothing there); no bots, ratings, looks or clocks.
 */
export function positionSeats(
  seats: readonly BoardSeat[],
  you: number,
  youName: string,
  nameAt: (position: Position) => string,
): SeatView[] {
  return seats.map((s) => ({
    ...s,
    name: s.seat === you ? youName : nameAt(s.position),
    you: s.seat === you,
    bot: null,
    replaced: false,
    connected: true,
    rating: null,
    provisional: false,
    look: null,
    kickable: false,
    kickVotes: 0,
    kickNeeded: 0,
    thinking: false,
  }));
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
    rules: obs.rules,
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
    summary: showResult ? handSummaryOf(obs) : null,
    winners: obs.winners,
    places: placesOf(obs.scores),
    moonValue: compiledRules(obs.rules).moonValue,
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

/** What a study table (a puzzle, a training position: src/table/StudyTable.tsx) holds besides the observation. */
export interface StudyInput {
  readonly selected: readonly CardName[]; // the cards chosen to pass (or, once answered, passed)
  readonly refusal: Pick<Refusal, 'card' | 'code'> | null; // the card just tapped that may not be played
  readonly lastTrickOpen: boolean;
  readonly hint: readonly CardName[] | null; // the cards lit in the hand
}

/**
 * The view of a position shown on its own (a puzzle, a training position), before what each feature changes once
 * the answer is in: the board from the seat's observation alone, nothing held or collecting (no trick is played
 * out), the seats named by where they sit (`positionSeats`, `nameAt` in the feature's words), and no hint button,
 * undo or claim: the player is to find the move alone.
 */
export function studyView(
  obs: Observation,
  study: StudyInput,
  youName: string,
  nameAt: (position: Position) => string,
): TableView {
  const last = obs.tricks.length > 0 ? obs.tricks[obs.tricks.length - 1]! : null;
  const board = boardView({
    obs,
    ui: {
      selected: study.selected,
      refusal: study.refusal && { ...study.refusal, message: null },
      held: null,
      collecting: false,
      lastTrick: study.lastTrickOpen && last?.winner !== undefined ? { ...last, winner: last.winner } : null,
    },
    received: receivedNow(obs),
    hint: study.hint,
  });
  const seats = positionSeats(board.seats, obs.seat, youName, nameAt);
  return { ...board, hintable: false, undoable: false, claim: null, seats };
}

/**
 * The bot seat that decides now (its turn, or its moon choice), while no trick is held: the seat a solo table
 * shows as thinking (its bots think in the page).
 */
export function botToAct(obs: Observation, held: boolean): number | null {
  if (held) return null;
  const seat = obs.phase === 'play' ? obs.turn : obs.phase === 'moon' ? obs.moonShooter : null;
  return seat === null || seat === undefined || seat === obs.seat ? null : seat;
}

/** What only one host has: the solo table's hint, the bot it shows thinking, undo and claims. */
export interface TableViewOptions {
  readonly hint?: readonly CardName[] | null; // what the expert would play or pass
  readonly thinking?: number | null; // the seat whose bot is choosing its move
  readonly undo?: boolean; // the host lets the player take back their last card
  readonly claims?: boolean; // the host plays out a claim of the rest
}

/** Tricks still to play for a claim to be worth offering: the last trick is played faster than claimed. */
export const CLAIM_MIN_TRICKS = 2;

/**
 * The claim the table offers: on the player's turn (no trick held), when the engine finds from the player's own
 * observation that they take every remaining trick, and at least {@link CLAIM_MIN_TRICKS} are left.
 */
export function claimOffer(obs: Observation, held: boolean): Claim | null {
  if (held || obs.phase !== 'play' || obs.turn !== obs.seat) return null;
  const claim = certainClaim(obs);
  return claim && claim.tricks >= CLAIM_MIN_TRICKS ? claim : null;
}

/** Whether the player has a card of theirs in this hand to take back (while the hand is played). */
export function canUndo(obs: Observation): boolean {
  return obs.phase === 'play' && countPlayed(obs, obs.seat) > 0;
}

/**
 * The table's view, solo or live: `boardView` of the seat's observation and the UI controller's state, with who
 * sits where from the `LiveState`'s table. The cards received in the pass are highlighted until the player plays
 * their first card of the hand (`receivedNow`).
 */
export function tableView(live: LiveState, ui: BoardInput['ui'], opts: TableViewOptions = {}): TableView {
  const obs = live.view;
  const table = live.table;
  const board = boardView({ obs, ui, received: receivedNow(obs), hint: opts.hint ?? null });
  const humans = table.seats.filter((x) => !x.bot).length;
  return {
    ...board,
    undoable: opts.undo === true && canUndo(obs),
    claim: opts.claims === true ? claimOffer(obs, ui.held !== null) : null,
    seats: board.seats.map((seat, i) => {
      const x = table.seats[i]!;
      return {
        ...seat,
        name: x.name,
        you: i === table.you,
        bot: x.bot ? (x.level ?? 'medium') : null,
        replaced: x.replaced,
        kicked: x.kicked === true,
        connected: x.connected,
        rating: x.rating,
        provisional: x.provisional === true,
        look: x.look ?? null,
        kickable: table.kickable[i] === true && !x.bot,
        kickVotes: table.kickVotes[i] ?? 0,
        kickNeeded: kickVotesNeeded(humans - (x.bot ? 0 : 1)),
        thinking: opts.thinking === i,
      };
    }),
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
