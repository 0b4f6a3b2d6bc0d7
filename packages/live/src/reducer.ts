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
import type { Observation, TrickView } from '@hearts/engine';
import type {
  ClockInfo,
  GameMessage,
  PassedMessage,
  PlayMessage,
  TableEvent,
  TableInfo,
} from './protocol.js';

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
      table: {
        ...state.table,
        clocks: state.table.clocks.map((c) =>
          c.seat === m.seat ? { seat: c.seat, bankMs: m.bank, graceMs: 0, running: false } : c,
        ),
      },
      view: applyPassed(state.view, m),
      event: { type: 'pass', seat: m.seat },
    };
  return {
    v: m.v,
    table: { ...state.table, clocks: clocksAfterPlay(state.table, m) },
    view: applyPlay(state.view, m),
    event: { type: 'play', seat: m.seat, card: m.card },
  };
}

/** The view after a seat chose its pass (before everyone has). */
export function applyPassed(view: Observation, m: PassedMessage): Observation {
  const passedSeats = view.passedSeats.map((p, s) => p || s === m.seat);
  if (m.seat !== view.seat) return { ...view, passedSeats };
  return { ...view, passedSeats, passed: m.passed, legal: [] };
}

/** The view after a card that did not end the hand. */
export function applyPlay(view: Observation, m: PlayMessage): Observation {
  const trick: TrickView = view.trick ?? { leader: m.seat, cards: [] };
  const cards = [...trick.cards, m.card];
  const hand = m.seat === view.seat ? view.hand.filter((c) => c !== m.card) : view.hand;
  const complete = m.winner !== null;
  return {
    ...view,
    hand,
    tricks: complete ? [...view.tricks, { leader: trick.leader, cards, winner: m.winner! }] : view.tricks,
    trick: complete ? { leader: m.winner!, cards: [] } : { leader: trick.leader, cards },
    turn: m.turn,
    legal: m.legal,
    heartsBroken: m.heartsBroken,
    handPoints: m.handPoints,
  };
}

function clocksAfterPlay(table: TableInfo, m: PlayMessage): ClockInfo[] {
  return table.clocks.map((c) => {
    if (c.seat === m.seat) return { seat: c.seat, bankMs: m.bank, graceMs: 0, running: false };
    if (c.seat === m.turn) return { seat: c.seat, bankMs: c.bankMs, graceMs: table.graceMs, running: true };
    return c;
  });
}
