/**
 * What a live table shows, as a pure function of the seat's state from the server (`LiveState`) and the
 * player's own choices (cards chosen to pass, a trick held on screen a moment): seats around the player (who always
 * sits at the bottom), names, bots with their level, clocks, the hand, the trick, the prompt, results.
 *
 * ```ts
 * const view = liveTableView(client.state!, { selected: [], held: null });
 * view.seats[view.you].name; // the player's own name
 * ```
 */
import { trickWinner, type CardName, type Observation, type TrickView } from '@hearts/engine';
import { kickVotesNeeded, type ClockInfo, type LiveState, type SeatLook } from '@hearts/table';
import { sortHand } from '../game/cards';
import {
  passDirection,
  seatPositions,
  type HandCardView,
  type HandRow,
  type PassDirection,
  type Position,
  type Prompt,
  type TrickCardView,
} from '../game/view';

/** A trick kept on screen after it was complete, until it is collected. */
export interface HeldTrick {
  readonly leader: number;
  readonly cards: readonly CardName[];
  readonly winner: number;
}

export interface LiveSeatView {
  readonly seat: number;
  readonly position: Position;
  readonly name: string;
  readonly you: boolean;
  readonly bot: string | null; // the bot's level
  readonly replaced: boolean; // a bot took the seat over
  readonly connected: boolean;
  readonly rating: number | null;
  readonly provisional: boolean; // the rating at the start was provisional: "1500?"
  readonly look: SeatLook | null; // the cosmetics the player chose (src/shop/art.tsx draws them)
  readonly total: number;
  readonly handPoints: number;
  readonly cards: number;
  readonly turn: boolean;
  readonly passing: boolean; // still choosing the cards to pass (while passing)
  readonly passed: boolean;
  readonly dealer: boolean;
  readonly kickable: boolean; // out of time: the others may vote to give the seat to a bot
  readonly kickVotes: number;
  readonly kickNeeded: number; // votes that give the seat to a bot (kickVotesNeeded of the other humans)
}

export interface LiveTableView {
  readonly phase: Observation['phase'];
  readonly players: number;
  readonly you: number;
  readonly handNumber: number;
  readonly direction: PassDirection;
  readonly positions: readonly Position[]; // by seat
  readonly seats: readonly LiveSeatView[];
  readonly hand: readonly HandCardView[];
  readonly trick: readonly TrickCardView[];
  readonly trickWinner: number | null; // while a complete trick is held
  readonly prompt: Prompt;
  readonly canPass: boolean;
  readonly rows: readonly HandRow[];
  readonly totals: readonly number[];
  readonly names: readonly string[];
  readonly bots: readonly boolean[];
  readonly showResult: boolean;
  readonly winners: readonly number[];
  readonly rated: boolean;
}

const trickCards = (t: { leader: number; cards: readonly CardName[] }, n: number): TrickCardView[] =>
  t.cards.map((card, i) => ({ seat: (t.leader + i) % n, card }));

function countPlayed(obs: Observation, seat: number): number {
  let k = 0;
  for (const t of [...obs.tricks, ...(obs.trick ? [obs.trick] : [])])
    t.cards.forEach((_, i) => {
      if ((t.leader + i) % obs.players === seat) k++;
    });
  return k;
}

/**
 * The trick to hold on screen after `next` arrived, or null: a card that completed a trick (also the last card of
 * a hand, after which the view already shows the next state).
 */
export function completedTrick(prev: LiveState | null, next: LiveState): HeldTrick | null {
  const e = next.event;
  if (!prev || e.type !== 'play') return null;
  const before: TrickView | null = prev.view.trick;
  const n = next.view.players;
  if (!before || before.cards.length !== n - 1 || next.v !== prev.v + 1) return null;
  const cards = [...before.cards, e.card];
  return { leader: before.leader, cards, winner: trickWinner({ leader: before.leader, cards }, n) };
}

export function liveTableView(
  s: LiveState,
  ui: { readonly selected: readonly CardName[]; readonly held: HeldTrick | null },
): LiveTableView {
  const obs = s.view;
  const table = s.table;
  const n = obs.players;
  const you = table.you;
  const around = seatPositions(n);
  const positions = Array.from({ length: n }, (_, seat) => around[(seat - you + n) % n]!);
  const phase = obs.phase;
  const passing = phase === 'pass';
  const myPassDone = passing && obs.passed !== null;
  const held = ui.held;
  const legal = new Set(obs.legal);
  const selected = new Set(ui.selected);
  const received = new Set(phase === 'play' && obs.tricks.length === 0 ? (obs.received ?? []) : []);
  const myTurn = phase === 'play' && obs.turn === you && held === null;
  const hand: HandCardView[] = sortHand(obs.hand).map((card) => ({
    card,
    disabled: passing ? myPassDone : !legal.has(card),
    dimmed: passing ? false : myTurn && !legal.has(card),
    selected: passing && !myPassDone ? selected.has(card) : passing && (obs.passed ?? []).includes(card),
    received: received.has(card),
    hinted: false,
  }));
  const names = table.seats.map((x) => x.name);
  const humans = table.seats.filter((x) => !x.bot).length;
  const seats: LiveSeatView[] = table.seats.map((x, seat) => ({
    seat,
    position: positions[seat]!,
    name: x.name,
    you: seat === you,
    bot: x.bot ? (x.level ?? 'medium') : null,
    replaced: x.replaced,
    connected: x.connected,
    rating: x.rating,
    provisional: x.provisional === true,
    look: x.look ?? null,
    total: obs.scores[seat] ?? 0,
    handPoints: phase === 'deal' || phase === 'gameOver' ? 0 : (obs.handPoints[seat] ?? 0),
    cards:
      seat === you
        ? obs.hand.length
        : Math.max(0, obs.hand.length + countPlayed(obs, you) - countPlayed(obs, seat)),
    turn:
      held === null &&
      ((phase === 'play' && obs.turn === seat) ||
        (phase === 'moon' && obs.moonShooter === seat) ||
        (passing && !obs.passedSeats[seat])),
    passing: held === null && passing && !obs.passedSeats[seat],
    passed: passing && obs.passedSeats[seat] === true,
    dealer: obs.dealer === seat,
    kickable: table.kickable[seat] === true && !x.bot,
    kickVotes: table.kickVotes[seat] ?? 0,
    kickNeeded: kickVotesNeeded(humans - (x.bot ? 0 : 1)),
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
  return {
    phase,
    players: n,
    you,
    handNumber: obs.handNumber,
    direction,
    positions,
    seats,
    hand: phase === 'deal' || phase === 'gameOver' ? [] : hand,
    trick: held ? trickCards(held, n) : obs.trick ? trickCards(obs.trick, n) : [],
    trickWinner: held?.winner ?? null,
    prompt,
    canPass: passing && !myPassDone && ui.selected.length === obs.rules.passCards,
    rows: obs.handResults.map((r, h) => ({ hand: h, points: r.points, shooter: r.shooter })),
    totals: obs.scores,
    names,
    bots: table.seats.map((x) => x.bot),
    showResult: held === null && (phase === 'deal' || phase === 'gameOver') && obs.handResults.length > 0,
    winners: obs.winners,
    rated: table.rated,
  };
}

/**
 * A seat's clock as this client keeps it: the server's `ClockInfo` and the instants, on this client's clock, at
 * which the seat's grace and its bank run out. The server measures a `ClockInfo` when it sends it; a clock counts
 * from the moment its own `ClockInfo` arrived, never from a later message about another seat.
 */
export interface SeatClock {
  readonly info: ClockInfo; // the object last received for this seat
  readonly decision: string; // which decision it times (hand, phase, cards played)
  readonly graceEnd: number; // ms (client clock): the grace is over
  readonly deadline: number; // ms (client clock): the bank is empty and the server decides for the seat
}

/** The decision a seat's running clock times: the same key means the same decision still open. */
function decisionKey(s: LiveState): string {
  const obs = s.view;
  const played = obs.tricks.length * obs.players + (obs.trick?.cards.length ?? 0);
  return `${obs.handNumber}/${obs.phase}/${obs.phase === 'play' ? played : 0}`;
}

/**
 * The seats' clocks after `s` arrived at `now`. A seat whose `ClockInfo` is the very object it was keeps its
 * instants (a message about another seat changes nothing for it). A new measurement of a decision that was already
 * running (the `clock` message at the end of the grace, a snapshot) can only bring its end closer: the countdown
 * shown never goes back up.
 */
export function trackClocks(prev: readonly SeatClock[] | null, s: LiveState, now: number): SeatClock[] {
  const decision = decisionKey(s);
  return s.table.clocks.map((info, seat) => {
    const before = prev?.[seat];
    if (before && before.info === info) return before;
    let graceEnd = now + info.graceMs;
    let deadline = graceEnd + info.bankMs;
    if (before && info.running && before.info.running && before.decision === decision) {
      graceEnd = Math.min(graceEnd, before.graceEnd);
      deadline = Math.min(deadline, before.deadline);
    }
    return { info, decision, graceEnd, deadline };
  });
}

/** Seconds left on a seat's bank at `now`, once its grace is over; null while in grace or not to act. */
export function clockSeconds(c: SeatClock, now: number): number | null {
  if (!c.info.running || now < c.graceEnd) return null;
  return Math.max(0, Math.ceil((c.deadline - now) / 1000));
}
