/**
 * The player's side of a table that both tables run, solo and live: the cards chosen to pass, a tapped card
 * refused with the engine's reason, the complete trick held on the table a moment before it goes to its winner,
 * and the hand's last trick shown on request. Headless: no React, no DOM, no timers of its own (time comes through
 * the `UiScheduler`). Everything it decides comes from the seat's `Observation` and the engine's rules.
 *
 * ```ts
 * const ui = new TableUi({ scheduler, timing: () => ({ hold: 900, move: 220 }) });
 * ui.observe(obs, null); // after every change of the seat's view (`played`: the card that made it)
 * const answer = ui.tap('QH'); // { kind: 'play', card: 'QH' } to send, or 'none' (chosen to pass, or refused)
 * ui.getSnapshot().refusal?.code; // 'ERR_HEARTS_NOT_BROKEN'
 * ```
 */
import { playRefusal, trickWinner, type CardName, type Observation, type TrickView } from '@hearts/engine';
import type { Scheduler } from './driver.js';

/** Time as the UI controller sees it: timers of the driver's `Scheduler` (tests drive one by hand). */
export type UiScheduler = Pick<Scheduler, 'after'>;

/** How long a complete trick stays in the middle, then how long it takes to move to its winner (ms). */
export interface UiTiming {
  readonly hold: number;
  readonly move: number;
}

/** How long a refusal is shown instead of the prompt (ms). */
export const REFUSAL_MS = 2600;

/** A move of the player that was refused, and why: an engine `ERR_…` code (or a host's, e.g. the server's). */
export interface Refusal {
  readonly card: CardName | null; // the card tapped; null for another move (a pass the server refused)
  readonly code: string;
  readonly message: string | null; // the host's own words, for a code that has no text of its own
}

/** A complete trick with its winner. */
export type CompleteTrick = TrickView & { readonly winner: number };

/** What the UI controller shows beside the seat's view. Immutable: every change makes a new object. */
export interface TableUiState {
  readonly selected: readonly CardName[]; // cards chosen for passing, oldest first
  readonly refusal: Refusal | null; // why the last tapped card was refused (for REFUSAL_MS)
  readonly held: CompleteTrick | null; // a complete trick still shown in the middle
  readonly collecting: boolean; // the held trick is moving to its winner
  readonly lastTrick: CompleteTrick | null; // the last complete trick of the hand (after its end, too)
  readonly lastTrickOpen: boolean; // the last trick is shown
}

/** Where a table keeps the cards chosen to pass, so that a reload keeps them (the solo table: `localStorage`). */
export interface SelectionKeeper {
  load(handNumber: number): readonly CardName[];
  save(handNumber: number, cards: readonly CardName[]): void;
}

export interface TableUiOptions {
  readonly scheduler: UiScheduler;
  readonly timing: () => UiTiming;
  readonly keeper?: SelectionKeeper; // none: the choice is forgotten on reload
  readonly onCollected?: () => void; // a held trick went to its winner (the solo host then goes on)
}

/** What a tap asks the host to do: send a play, or nothing (a card chosen to pass, a refusal shown). */
export type TapAnswer = { readonly kind: 'none' } | { readonly kind: 'play'; readonly card: CardName };

const NONE: TapAnswer = { kind: 'none' };

/** The UI's state before anything was tapped or played. */
export const EMPTY_UI_STATE: TableUiState = {
  selected: [],
  refusal: null,
  held: null,
  collecting: false,
  lastTrick: null,
  lastTrickOpen: false,
};

const sameTrick = (a: TrickView | null, b: TrickView | null): boolean =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.leader === b.leader &&
    a.cards.length === b.cards.length &&
    a.cards.every((c, i) => c === b.cards[i]));

export class TableUi {
  private ui: TableUiState = EMPTY_UI_STATE;
  private obs: Observation | null = null;
  private selectionHand: number | null = null; // the hand whose pass `selected` belongs to
  private readonly listeners = new Set<() => void>();
  private cancelHold: (() => void) | null = null;
  private cancelRefusal: (() => void) | null = null;

  constructor(private readonly opts: TableUiOptions) {}

  readonly getSnapshot = (): TableUiState => this.ui;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(patch: Partial<TableUiState>): void {
    this.ui = { ...this.ui, ...patch };
    for (const l of this.listeners) l();
  }

  /**
   * Starts over at a table (a new or resumed game, a table joined): forgets everything, then observes `obs`.
   * `lastTrick`: the last trick of a hand that just ended, which an observation between hands no longer shows.
   */
  reset(obs: Observation | null, lastTrick: CompleteTrick | null = null): void {
    this.stop();
    this.obs = null;
    this.selectionHand = null;
    this.ui = { ...EMPTY_UI_STATE, lastTrick };
    if (obs) this.observe(obs, null);
    else this.set({});
  }

  /** Stops the timers (the table is left). */
  stop(): void {
    this.cancelHold?.();
    this.cancelHold = null;
    this.cancelRefusal?.();
    this.cancelRefusal = null;
  }

  /**
   * The seat's view changed. `played`: the card whose play made the change, if that is what happened; a card that
   * completes the trick starts the hold (also the hand's last card, after which the view no longer shows it).
   */
  observe(obs: Observation, played: { readonly seat: number; readonly card: CardName } | null): void {
    const prev = this.obs;
    if (obs === prev) return;
    this.obs = obs;
    const patch: { -readonly [K in keyof TableUiState]?: TableUiState[K] } = {};
    // Passing: the choice belongs to one hand's pass, and is gone once the pass is made.
    if (obs.phase === 'pass' && obs.passed === null) {
      if (this.selectionHand !== obs.handNumber) {
        this.selectionHand = obs.handNumber;
        patch.selected = this.valid(obs, this.opts.keeper?.load(obs.handNumber) ?? []);
      }
    } else if (this.ui.selected.length > 0 || this.selectionHand !== null) {
      this.selectionHand = null;
      patch.selected = [];
    }
    const done = prev && played ? completed(prev, obs, played) : null;
    let last: CompleteTrick | null = this.ui.lastTrick;
    if (done) last = done;
    else if (obs.phase === 'pass' || obs.phase === 'play' || obs.phase === 'moon') {
      const t = obs.tricks[obs.tricks.length - 1];
      last = t?.winner !== undefined ? { leader: t.leader, cards: t.cards, winner: t.winner } : null;
    }
    if (!sameTrick(last, this.ui.lastTrick)) {
      patch.lastTrick = last;
      patch.lastTrickOpen = false; // a new trick, or a new hand: the last trick closes
    }
    if (done) {
      patch.held = done;
      patch.collecting = false;
    }
    this.set(patch);
    if (done) this.startHold();
  }

  /** The cards of `cards` that the seat may still pass now, at most as many as are passed. */
  private valid(obs: Observation, cards: readonly CardName[]): CardName[] {
    const out = cards.filter((c, i) => obs.hand.includes(c) && cards.indexOf(c) === i);
    return out.slice(0, obs.rules.passCards);
  }

  /**
   * The player taps a card of their hand. While passing: choose it, or take it back; with the pass full, a new
   * card replaces the oldest chosen. While playing: a card the engine refuses shows why; a legal one ends the
   * hold of a trick still shown and comes back as the play to send.
   */
  tap(card: CardName): TapAnswer {
    const obs = this.obs;
    if (!obs || !obs.hand.includes(card)) return NONE;
    if (obs.phase === 'pass') {
      if (obs.passed !== null) return NONE;
      const sel = this.ui.selected;
      const selected = sel.includes(card)
        ? sel.filter((c) => c !== card)
        : sel.length < obs.rules.passCards
          ? [...sel, card]
          : [...sel.slice(1), card];
      this.dismissRefusal();
      this.set({ selected });
      this.opts.keeper?.save(obs.handNumber, selected);
      return NONE;
    }
    const code = playRefusal(obs, card);
    if (code !== null) {
      this.refuse(card, code);
      return NONE;
    }
    this.dismissRefusal();
    if (this.ui.held) this.endHold();
    return { kind: 'play', card };
  }

  /** Shows why a move was refused (also a refusal the host had from elsewhere, e.g. the server). */
  refuse(card: CardName | null, code: string, message: string | null = null): void {
    this.cancelRefusal?.();
    this.set({ refusal: { card, code, message } });
    this.cancelRefusal = this.opts.scheduler.after(REFUSAL_MS, () => {
      this.cancelRefusal = null;
      this.set({ refusal: null });
    });
  }

  readonly dismissRefusal = (): void => {
    this.cancelRefusal?.();
    this.cancelRefusal = null;
    if (this.ui.refusal) this.set({ refusal: null });
  };

  /** Shows or hides the last trick. */
  readonly toggleLastTrick = (): void => {
    this.set({ lastTrickOpen: !this.ui.lastTrickOpen });
  };

  /** Hides the last trick (Escape, another panel opened). */
  readonly closeLastTrick = (): void => {
    if (this.ui.lastTrickOpen) this.set({ lastTrickOpen: false });
  };

  /** A complete trick stays in the middle for `hold`, then moves to its winner for `move`. */
  private startHold(): void {
    this.cancelHold?.();
    const t = this.opts.timing();
    this.cancelHold = this.opts.scheduler.after(t.hold, () => {
      this.set({ collecting: true });
      this.cancelHold = this.opts.scheduler.after(t.move, () => {
        this.cancelHold = null;
        this.endHold();
      });
    });
  }

  private endHold(): void {
    this.cancelHold?.();
    this.cancelHold = null;
    this.set({ held: null, collecting: false });
    this.opts.onCollected?.();
  }
}

/** The trick that `played` completed between `prev` and `obs`, or null. */
function completed(
  prev: Observation,
  obs: Observation,
  played: { readonly seat: number; readonly card: CardName },
): CompleteTrick | null {
  const n = prev.players;
  const before = prev.trick;
  if (!before || before.cards.length !== n - 1 || (before.leader + n - 1) % n !== played.seat) return null;
  // The next view follows the previous one: the same hand one trick on, or the hand's end.
  if (obs.handNumber === prev.handNumber && obs.tricks.length !== prev.tricks.length + 1) return null;
  const cards = [...before.cards, played.card];
  return { leader: before.leader, cards, winner: trickWinner({ leader: before.leader, cards }, n) };
}
