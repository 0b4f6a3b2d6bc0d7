/**
 * Turns the stream of `game` messages into the seat's current view. A snapshot replaces the view; a `play`
 * message updates it exactly as the engine's `observation` would (a property test holds the two equal). A message
 * whose version does not follow the current one is a gap: the client asks for a snapshot (`sync`).
 *
 * ```ts
 * const next = applyGameMessage(state, message);
 * if (next === 'gap') room.send('sync', {}); else state = next;
 * ```
 */
import { watcherView, type Observation, type TrickView } from '@hearts/engine';
import type {
  ClockInfo,
  GameMessage,
  PassedMessage,
  PlayMessage,
  TableEvent,
  TableInfo,
  WatchMessage,
} from '@hearts/protocol/socket';

/** A seat's picture of its table: the last applied version, the table, the view, and what just happened. */
export interface LiveState {
  readonly v: number;
  readonly table: TableInfo;
  readonly view: Observation;
  readonly event: TableEvent;
}

/** Applies one game message; `'gap'` when a message is missing before it (or there is nothing to update yet). */
export function applyGameMessage(state: LiveState | null, m: GameMessage): LiveState | 'gap' {
  if (m.kind === 'snapshot') {
    if (state && m.v < state.v) return state; // an older snapshot overtaken by newer messages
    return { v: m.v, table: m.table, view: m.view, event: m.event };
  }
  if (!state || m.v !== state.v + 1) return 'gap';
  if (m.kind === 'passed')
    return {
      v: m.v,
      table: tableWith(
        state.table,
        state.table.clocks.map((c) =>
          c.seat === m.seat ? { seat: c.seat, bankMs: m.bank, graceMs: 0, running: false } : c,
        ),
      ),
      view: applyPassed(state.view, m),
      event: { type: 'pass', seat: m.seat },
    };
  return {
    v: m.v,
    table: tableWith(state.table, clocksAfterPlay(state.table, m)),
    view: applyPlay(state.view, m),
    event: { type: 'play', seat: m.seat, card: m.card },
  };
}

/**
 * A watcher's picture of its table from a `watch` message, seen from `seat` (the seat shown at the bottom): the
 * public view in the shape of that seat's view with no cards of its own. Older messages are ignored.
 */
export function applyWatchMessage(state: LiveState | null, m: WatchMessage, seat: number): LiveState {
  if (state && m.v < state.v) return state;
  const you = Math.min(Math.max(0, seat), m.view.players - 1);
  return { v: m.v, table: { ...m.table, you }, view: watcherView(m.view, you), event: m.event };
}

/** The view after a seat chose its pass (before everyone has). */
export function applyPassed(view: Observation, m: PassedMessage): Observation {
  const passedSeats = view.passedSeats.map((p, s) => p || s === m.seat);
  if (m.seat !== view.seat) return viewWith(view, { passedSeats });
  return viewWith(view, { passedSeats, passed: m.passed, legal: [] });
}

/** The view after a card that did not end the hand. */
export function applyPlay(view: Observation, m: PlayMessage): Observation {
  const trick: TrickView = view.trick ?? { leader: m.seat, cards: [] };
  const cards = [...trick.cards, m.card];
  const hand = m.seat === view.seat ? view.hand.filter((c) => c !== m.card) : view.hand;
  const complete = m.winner !== null;
  return viewWith(view, {
    hand,
    tricks: complete ? [...view.tricks, { leader: trick.leader, cards, winner: m.winner! }] : view.tricks,
    trick: complete ? { leader: m.winner!, cards: [] } : { leader: trick.leader, cards },
    turn: m.turn,
    legal: m.legal,
    heartsBroken: m.heartsBroken,
    handPoints: m.handPoints,
  });
}

function clocksAfterPlay(table: TableInfo, m: PlayMessage): ClockInfo[] {
  return table.clocks.map((c) => {
    if (c.seat === m.seat) return { seat: c.seat, bankMs: m.bank, graceMs: 0, running: false };
    if (c.seat === m.turn) return { seat: c.seat, bankMs: c.bankMs, graceMs: table.graceMs, running: true };
    return c;
  });
}

// The two copies below list every field instead of spreading: V8 copies `{ ...view, turn }` of these objects
// ten to twenty times slower than it builds the literal, and this runs four times per move at every client.

/** The table with new clocks. */
function tableWith(t: TableInfo, clocks: readonly ClockInfo[]): TableInfo {
  return {
    id: t.id,
    kind: t.kind,
    rated: t.rated,
    you: t.you,
    seats: t.seats,
    clocks,
    kickable: t.kickable,
    kickVotes: t.kickVotes,
    now: t.now,
    graceMs: t.graceMs,
    bankMs: t.bankMs,
  };
}

type ViewChange = {
  -readonly [K in keyof Observation]?: Observation[K];
};

/** The view with the fields in `c` replaced (no field of an observation is ever `undefined`). */
function viewWith(v: Observation, c: ViewChange): Observation {
  return {
    rules: c.rules !== undefined ? c.rules : v.rules,
    seat: c.seat !== undefined ? c.seat : v.seat,
    players: c.players !== undefined ? c.players : v.players,
    phase: c.phase !== undefined ? c.phase : v.phase,
    handNumber: c.handNumber !== undefined ? c.handNumber : v.handNumber,
    dealer: c.dealer !== undefined ? c.dealer : v.dealer,
    passOffset: c.passOffset !== undefined ? c.passOffset : v.passOffset,
    hand: c.hand !== undefined ? c.hand : v.hand,
    passed: c.passed !== undefined ? c.passed : v.passed,
    received: c.received !== undefined ? c.received : v.received,
    passedSeats: c.passedSeats !== undefined ? c.passedSeats : v.passedSeats,
    sevenSuit: c.sevenSuit !== undefined ? c.sevenSuit : v.sevenSuit,
    tricks: c.tricks !== undefined ? c.tricks : v.tricks,
    trick: c.trick !== undefined ? c.trick : v.trick,
    heartsBroken: c.heartsBroken !== undefined ? c.heartsBroken : v.heartsBroken,
    turn: c.turn !== undefined ? c.turn : v.turn,
    legal: c.legal !== undefined ? c.legal : v.legal,
    handPoints: c.handPoints !== undefined ? c.handPoints : v.handPoints,
    scores: c.scores !== undefined ? c.scores : v.scores,
    handResults: c.handResults !== undefined ? c.handResults : v.handResults,
    moonShooter: c.moonShooter !== undefined ? c.moonShooter : v.moonShooter,
    winners: c.winners !== undefined ? c.winners : v.winners,
  };
}
