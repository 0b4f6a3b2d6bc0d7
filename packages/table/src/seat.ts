/**
 * One seat at a table as a screen plays it, whichever host runs the table: the local seat (the solo host, the
 * `TableDriver` in the page) or the remote seat (the live client, the socket). Both give the seat's `LiveState`
 * (built from its `hearts-live/1` messages by `applyGameMessage`), tell when it changes, and take its moves with one
 * answer: the version that applied the move, or the refusal. `SeatUi` is the player's side of any seat: it owns the
 * `TableUi` (the pass chosen, refusals, the held trick, the last trick), follows the seat's state and sends the
 * player's taps, pass, moon choice and claim through the seat.
 *
 * ```ts
 * const ui = new SeatUi(seat, { scheduler, timing: () => ({ hold: 900, move: 220 }) });
 * const detach = ui.attach(); // follows the seat's changes
 * ui.tap('QH'); // a legal card goes to the seat; a refused one shows why (ui.getSnapshot().refusal)
 * await ui.pass(); // the chosen cards
 * detach(); // the screen is left: no more following, the UI's timers stopped
 * ```
 */
import type { CardName, MoonChoice, Observation } from '@hearts/engine';
import type { SubmitOutcome } from './driver.js';
import type { WireMove } from '@hearts/protocol/socket';
import type { LiveState } from './reducer.js';
import { TableUi, type CompleteTrick, type TableUiOptions, type TableUiState } from './ui.js';

/** A seat at a table, local or remote: what a screen reads of it and how it moves. */
export interface Seat {
  /** The seat's picture of the table; null before the first snapshot (or without a game). */
  readonly state: LiveState | null;
  /** Called after every change of the seat's state (and of whatever else the host shows). */
  subscribe(listener: () => void): () => void;
  /** A move of the seat's: resolves with the version that applied it, or the refusal (never rejects for one). */
  submit(move: WireMove): Promise<SubmitOutcome>;
  /** Whether the host plays out a claim of the rest of the hand (`claim`); a host without claims refuses one. */
  readonly claims: boolean;
  /** Claims the rest of the hand: played out when the engine finds it certain, refused otherwise. */
  claim(): Promise<SubmitOutcome>;
}

/** The refusal of a claim at a table that does not play them (the driver's answer without `claims`). */
export const NO_CLAIMS: SubmitOutcome = {
  ok: false,
  error: { code: 'ERR_NOT_NOW', message: 'claims are not played at this table' },
};

/** The last trick of a hand that has ended, which the observation between hands still lists. */
function finishedTrick(obs: Observation): CompleteTrick | null {
  if (obs.phase !== 'deal' && obs.phase !== 'gameOver') return null;
  const t = obs.tricks[obs.tricks.length - 1];
  return t?.winner === undefined ? null : { leader: t.leader, cards: t.cards, winner: t.winner };
}

/**
 * The player's side of a seat: the `TableUi` over the seat's state, and the player's moves sent through the seat
 * with their refusals shown. It starts over (`TableUi.reset`) at another table or when the table went back (the
 * solo host's undo, a new game: a lower version).
 */
export class SeatUi {
  readonly ui: TableUi;
  private last: LiveState | null = null;

  /** Over the seat's state now; `attach` (or the screen's `follow`) follows its changes. */
  constructor(
    readonly seat: Seat,
    options: TableUiOptions,
  ) {
    this.ui = new TableUi(options);
    this.follow();
  }

  readonly getSnapshot = (): TableUiState => this.ui.getSnapshot();
  readonly subscribe = (listener: () => void): (() => void) => this.ui.subscribe(listener);

  /** Follows the seat's changes until the returned function is called, which also stops the UI's timers. */
  attach(): () => void {
    const unsubscribe = this.seat.subscribe(() => this.follow());
    this.follow();
    return () => {
      unsubscribe();
      this.ui.stop();
    };
  }

  /**
   * The seat's state changed to `state` (the seat's own by default): observed, or a fresh start at another table
   * or after the table went back. A screen that renders from the state calls it before drawing (a layout effect).
   */
  follow(state: LiveState | null = this.seat.state): void {
    const prev = this.last;
    if (state === prev) return;
    this.last = state;
    if (!state) return this.ui.reset(null);
    const fresh = !prev || prev.table.id !== state.table.id || state.v < prev.v;
    if (fresh) return this.ui.reset(state.view, finishedTrick(state.view));
    const e = state.event;
    this.ui.observe(state.view, e.type === 'play' ? { seat: e.seat, card: e.card } : null);
  }

  /** Sends a move through the seat; a refusal is shown like the table's own (the engine's rule, else the code). */
  async send(move: WireMove): Promise<SubmitOutcome> {
    const r = await this.seat.submit(move);
    if (!r.ok) {
      const card = move.kind === 'play' ? move.card : null;
      this.ui.refuse(card, r.error.rule ?? r.error.code, r.error.rule ? null : r.error.message);
    }
    return r;
  }

  /** The player taps a card of their hand: chosen for passing, or played (a card the rules refuse says why). */
  tap(card: CardName): Promise<SubmitOutcome> | null {
    const answer = this.ui.tap(card);
    return answer.kind === 'play' ? this.send({ kind: 'play', card: answer.card }) : null;
  }

  /** Passes the chosen cards. */
  pass(): Promise<SubmitOutcome> | null {
    const view = this.last?.view; // the state followed: what the screen shows
    if (!view || view.phase !== 'pass' || view.passed !== null) return null;
    return this.send({ kind: 'pass', cards: [...this.ui.getSnapshot().selected] });
  }

  /** The shooter's choice. */
  moon(choice: MoonChoice): Promise<SubmitOutcome> | null {
    const view = this.last?.view;
    if (!view || view.phase !== 'moon' || view.moonShooter !== view.seat) return null;
    return this.send({ kind: 'moon', choice });
  }

  /** Claims the rest of the hand; a refusal (not certain, no claims here) is shown like a refused card. */
  async claim(): Promise<SubmitOutcome> {
    const r = await this.seat.claim();
    if (!r.ok) this.ui.refuse(null, r.error.rule ?? r.error.code, r.error.rule ? null : r.error.message);
    return r;
  }
}
