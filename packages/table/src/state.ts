/**
 * A table as one immutable value, and the one function that moves it on by an event. Replaying a stored table
 * and playing live run the same `applyEvent`: a host checks a new event with it, stores the event, then keeps
 * the state it gave; restoring folds it over the stored events.
 *
 * What is not an event changes the state through the functions below it (a connection, a bank that ran out, a
 * kick vote); none of those is stored, so a restored table starts with every seat disconnected, no votes and
 * each bank as the last stored event left it. Timers, bot requests and connections themselves stay with the host.
 *
 * ```ts
 * let table = unwrap(newTableState(rules, seats, times));
 * for (const e of events) table = unwrap(applyEvent(table, e, times));
 * const vote = castKickVote(table, 0, 2); // Result<{ state, kick }, KickRefusal>
 * ```
 */
import {
  CardSet,
  SUITS,
  applyMove,
  deal,
  err,
  moveErrorMessage,
  newGame,
  ok,
  parseNamedMove,
  type GameState,
  type IllegalDeal,
  type IllegalMove,
  type Result,
  type Rules,
  type Suit,
} from '@hearts/engine';
import type { Transcript } from '@hearts/shuffle';
import type { StoredEvent, StoredSeat } from './events.js';
import { MoveIds } from './move-ids.js';
import type { BotLevel, SeatsMessage, TableEvent, TakeoverReason, WireMove } from '@hearts/protocol/socket';
import { seatInfo, seatRecord, type SeatRecord } from './seats.js';

/** The clock of a table: what a decision has free, and the bank each seat gets per hand. */
export interface ClockTimes {
  readonly graceMs: number; // free thinking time per decision
  readonly bankMs: number; // time bank per player and hand
}

/**
 * A table: the game, its seats, and what replaying its events must rebuild. `version` is the number of events
 * applied (the next event's sequence number); `lastEvent` is the last one in public terms (`join` before any).
 */
export interface TableState {
  readonly game: GameState;
  readonly seats: readonly SeatRecord[];
  readonly version: number; // events applied
  readonly lastEvent: TableEvent; // what happened last, as clients are told
  readonly moveIds: MoveIds; // client move ids → the version that applied them
  readonly transcripts: ReadonlyMap<number, Transcript>; // hearts-shuffle/1 transcripts by hand number
}

/** Why an event does not apply. `ERR_ILLEGAL`: the engine refused it (`rule`: its code). */
export type TableEventError =
  | { readonly code: 'ERR_MALFORMED'; readonly message: string } // not a readable move or deal
  | { readonly code: 'ERR_ILLEGAL'; readonly message: string; readonly rule: string } // the engine said no
  | { readonly code: 'ERR_SEAT'; readonly message: string }; // a takeover of a seat no human holds now

/** A refused kick vote (the protocol's `ERR_NOT_KICKABLE`). */
export interface KickRefusal {
  readonly code: 'ERR_NOT_KICKABLE';
  readonly message: string;
}

/** A table before its first event: `seats` as dealt, every bank full. */
export function newTableState(
  rules: Rules,
  seats: readonly StoredSeat[],
  times: ClockTimes,
): Result<TableState, TableEventError> {
  const g = newGame(rules);
  if (!g.ok) return err({ code: 'ERR_MALFORMED', message: `bad rules: ${g.error.message}` });
  if (seats.length !== rules.players)
    return err({ code: 'ERR_MALFORMED', message: `${rules.players} seats expected` });
  return ok({
    game: g.value,
    seats: seats.map((s) => seatRecord(s, times.bankMs)),
    version: 0,
    lastEvent: { type: 'join' },
    moveIds: MoveIds.EMPTY,
    transcripts: new Map(),
  });
}

/**
 * The table after one more event, or why the event does not apply. Pure; the one way a stored event changes a
 * table, live or replayed. A deal fills every bank and clears kicks; a move sets its seat's bank, a player's own
 * move puts the seat back in time (no longer kickable, votes against it void) and the clock's move marks it out
 * of time; a takeover puts a bot in a human's seat.
 */
export function applyEvent(
  state: TableState,
  e: StoredEvent,
  times: ClockTimes,
): Result<TableState, TableEventError> {
  switch (e.type) {
    case 'deal': {
      const hands = e.hands.map((h) => CardSet.fromNames(h.trim() === '' ? [] : h.trim().split(/\s+/)));
      if (hands.some((h) => h === undefined))
        return err({ code: 'ERR_MALFORMED', message: 'bad card in a deal' });
      const seven = e.sevenSuit === null ? null : (SUITS.indexOf(e.sevenSuit) as Suit);
      const r = deal(state.game, hands as CardSet[], seven);
      if (!r.ok) return err(refusedDeal(r.error));
      const transcripts = e.shuffle ? new Map(state.transcripts).set(e.shuffle.handNumber, e.shuffle) : null;
      return ok({
        game: r.value,
        seats: state.seats.map((s) => seatWith(s, { bankMs: times.bankMs, kickable: false, votes: [] })),
        version: state.version + 1,
        lastEvent: { type: 'deal', handNumber: r.value.handNumber },
        moveIds: state.moveIds,
        transcripts: transcripts ?? state.transcripts,
      });
    }
    case 'commitments':
      return ok({ ...state, version: state.version + 1 });
    case 'move': {
      const m = parseNamedMove(e.move);
      if (!m.ok) return err({ code: 'ERR_MALFORMED', message: moveErrorMessage(m.error) });
      const r = applyMove(state.game, e.seat, m.value);
      if (!r.ok) return err(refusedMove(r.error));
      const version = state.version + 1;
      return ok({
        game: r.value,
        seats: state.seats.map((s, i) => {
          if (i !== e.seat) return s;
          if (e.by === 'clock') return seatWith(s, { bankMs: e.bankMs, kickable: true });
          if (e.by === 'player') return seatWith(s, { bankMs: e.bankMs, kickable: false, votes: [] });
          return seatWith(s, { bankMs: e.bankMs });
        }),
        version,
        lastEvent: moveEvent(e.seat, e.move),
        moveIds: e.clientId === null ? state.moveIds : state.moveIds.with(e.seat, e.clientId, version),
        transcripts: state.transcripts,
      });
    }
    case 'takeover': {
      const refusal = takeoverRefusal(state, e.seat);
      if (refusal) return err(refusal);
      return ok({
        ...replaceSeat(state, e.seat, e.level, e.reason),
        version: state.version + 1,
        lastEvent: { type: 'takeover', seat: e.seat, level: e.level, reason: e.reason },
      });
    }
  }
}

/** Why a bot may not take the seat over now: no human holds it, or the game is over. */
export function takeoverRefusal(state: TableState, seat: number): TableEventError | null {
  if (state.seats[seat]?.kind !== 'human')
    return { code: 'ERR_SEAT', message: `no human holds seat ${seat}` };
  if (state.game.phase === 'gameOver') return { code: 'ERR_SEAT', message: 'the game is over' };
  return null;
}

/**
 * The table with a bot of `level` in the seat for the rest of the game: the player's name stays, marked
 * `replaced` (and `kicked` when the others voted them out); the seat is no longer connected or kickable, and the votes against it and its own votes go.
 */
export function replaceSeat(
  state: TableState,
  seat: number,
  level: BotLevel,
  reason: TakeoverReason = 'left',
): TableState {
  return {
    ...state,
    seats: state.seats.map((s, i) =>
      i === seat
        ? seatWith(s, {
            kind: 'bot',
            level,
            replaced: true,
            kicked: reason === 'kicked',
            connected: false,
            reconnectBy: null,
            kickable: false,
            votes: [],
          })
        : s.votes.includes(seat)
          ? seatWith(s, { votes: s.votes.filter((v) => v !== seat) })
          : s,
    ),
  };
}

/** The table with the seat's connection changed (the same state when nothing changes). */
export function setConnected(
  state: TableState,
  seat: number,
  connected: boolean,
  reconnectBy: number | null = null,
): TableState {
  const s = state.seats[seat];
  const by = connected ? null : reconnectBy;
  if (!s || (s.connected === connected && s.reconnectBy === by)) return state;
  return {
    ...state,
    seats: state.seats.map((r, i) => (i === seat ? seatWith(r, { connected, reconnectBy: by }) : r)),
  };
}

/** The seat's bank ran out while it had to act: it is out of time (kickable) until its player decides again. */
export function bankRanOut(state: TableState, seat: number): TableState {
  return {
    ...state,
    seats: state.seats.map((s, i) => (i === seat ? seatWith(s, { bankMs: 0, kickable: true }) : s)),
  };
}

/** The seats a human holds (not taken over by a bot). */
export function humanSeats(state: TableState): number[] {
  return state.seats.flatMap((s, i) => (s.kind === 'human' ? [i] : []));
}

/**
 * Votes that put a bot in a seat that is out of time, given how many other humans sit at the table: more than half
 * of them. The server counts by it and the clients show it ("1 of 2 votes").
 *
 * ```ts
 * kickVotesNeeded(3); // 2: three other people at the table, two of them must vote
 * ```
 */
export function kickVotesNeeded(otherHumans: number): number {
  return Math.floor(Math.max(0, otherHumans) / 2) + 1;
}

/** Votes that kick `target`: a majority of the other humans at the table. */
export function votesNeeded(state: TableState, target: number): number {
  return kickVotesNeeded(humanSeats(state).filter((s) => s !== target).length);
}

/**
 * `voter` votes to kick `target`. Only another human votes, only while the target is a human out of time now
 * (its bank ran out and its player has not decided by themselves since) and the game goes on. `kick`: the votes
 * reach `votesNeeded` — the host then puts a bot in the seat, if it is still out of time by then. Voting twice
 * counts once.
 */
export function castKickVote(
  state: TableState,
  voter: number,
  target: number,
): Result<{ readonly state: TableState; readonly kick: boolean }, KickRefusal> {
  const t = state.seats[target];
  if (state.seats[voter]?.kind !== 'human' || voter === target)
    return err({ code: 'ERR_NOT_KICKABLE', message: 'only the other players vote' });
  if (!t || t.kind !== 'human' || !t.kickable || state.game.phase === 'gameOver')
    return err({ code: 'ERR_NOT_KICKABLE', message: 'that seat cannot be kicked now' });
  const next = t.votes.includes(voter)
    ? state
    : {
        ...state,
        seats: state.seats.map((s, i) => (i === target ? seatWith(s, { votes: [...s.votes, voter] }) : s)),
      };
  return ok({ state: next, kick: next.seats[target]!.votes.length >= votesNeeded(next, target) });
}

/** `seats`: how every seat is filled, which are kickable and the votes against each. */
export function seatsMessage(state: TableState, now: number): SeatsMessage {
  return {
    seats: state.seats.map(seatInfo),
    kickable: state.seats.map((s) => s.kickable),
    kickVotes: state.seats.map((s) => s.votes.length),
    now,
  };
}

/** A move in public terms. */
export function moveEvent(seat: number, m: WireMove): TableEvent {
  return m.kind === 'pass'
    ? { type: 'pass', seat }
    : m.kind === 'play'
      ? { type: 'play', seat, card: m.card }
      : { type: 'moon', seat, choice: m.choice };
}

const refusedMove = (e: IllegalMove): TableEventError => ({
  code: 'ERR_ILLEGAL',
  message: e.message,
  rule: e.code,
});
const refusedDeal = (e: IllegalDeal): TableEventError => ({
  code: 'ERR_ILLEGAL',
  message: e.message,
  rule: e.code,
});

type SeatChange = { -readonly [K in keyof SeatRecord]?: SeatRecord[K] };

/** The seat with the fields in `c` replaced (a literal, not a spread: this runs on every move). */
function seatWith(s: SeatRecord, c: SeatChange): SeatRecord {
  return {
    kind: c.kind ?? s.kind,
    userId: c.userId !== undefined ? c.userId : s.userId,
    name: c.name ?? s.name,
    level: c.level !== undefined ? c.level : s.level,
    replaced: c.replaced ?? s.replaced,
    kicked: c.kicked ?? s.kicked,
    rating: c.rating !== undefined ? c.rating : s.rating,
    provisional: c.provisional ?? s.provisional,
    look: c.look !== undefined ? c.look : s.look,
    connected: c.connected ?? s.connected,
    reconnectBy: c.reconnectBy !== undefined ? c.reconnectBy : s.reconnectBy,
    bankMs: c.bankMs ?? s.bankMs,
    kickable: c.kickable ?? s.kickable,
    votes: c.votes ?? s.votes,
  };
}

/** The state of a result known to apply (a stored log, tests); throws with the reason otherwise. */
export function unwrapState(r: Result<TableState, TableEventError>): TableState {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}
