/**
 * The solo game's store: one session, the player's pending choices, and the pacing of the bots. The table is
 * derived from its state by `tableView` (view.ts); components only read snapshots and call its actions.
 *
 * ```ts
 * const c = new GameController({ store, bots, scheduler: browserScheduler(), timing: () => timing('fast', false) });
 * c.start({}, 'medium');
 * c.subscribe(() => render(tableView(c.getSnapshot(), 'en')));
 * c.tapCard('2C');
 * ```
 */
import { createBot, type Decision, type Level, type Bot } from '@hearts/bots';
import {
  cryptoRandom,
  handTricks,
  isCardName,
  makeCard,
  observation,
  parseCard,
  parseNamedMove,
  applyMove,
  unwrap,
  type CardName,
  type GameState,
  type IllegalMove,
  type Move,
  type MoonChoice,
  type RandomSource,
  type Result,
  type Rules,
  type RulesError,
} from '@hearts/engine';
import { makeSeed } from '@hearts/shuffle';
import {
  TableUi,
  type BotPort,
  type CompleteTrick,
  type Scheduler,
  type SelectionKeeper,
  type TableUiState,
} from '@hearts/table';
import { addGame, addHand, addToHistory, handFacts, historyEntry, loadStats, saveStats } from './records';
import { HUMAN, clearSession, dealNext, loadSession, newSession, saveSession, type Session } from './session';
import type { Timing } from './settings';
import { isObject, readJson, writeJson, type KeyValueStore } from './storage';

/** Where bots think (a Web Worker in the browser, the bots themselves in tests) and time: the table core's ports. */
export type { BotPort, Scheduler };

export const browserScheduler = (): Scheduler => ({
  now: () => performance.now(),
  after: (ms, fn) => {
    const id = setTimeout(fn, ms);
    return () => clearTimeout(id);
  },
});

/**
 * Everything the table shows, besides the game itself: the UI controller's state (`TableUi`: the pass selection,
 * the refusal, the held trick and the last trick) and the solo table's own. Immutable: every change makes a new
 * object.
 */
export interface TableState extends TableUiState {
  readonly session: Session | null;
  readonly received: readonly CardName[]; // cards just received in the pass, highlighted
  readonly hint: readonly CardName[] | null; // what the expert bot would play or pass
  readonly hintBusy: boolean;
  readonly thinking: number | null; // the bot seat that is deciding
}

export interface ControllerOptions {
  readonly store: KeyValueStore;
  readonly bots: BotPort;
  readonly scheduler: Scheduler;
  readonly timing: () => Timing;
  readonly budgetMs?: (level: Level) => number; // a bot's time per decision
  readonly random?: () => RandomSource; // ids and the fallback bot; crypto.getRandomValues unless a test says otherwise
  readonly seed?: () => Uint8Array; // each deal's 32-byte seed; makeSeed() (crypto.getRandomValues) unless a test says otherwise
  readonly clock?: () => number; // wall time for the history
  readonly onWarning?: (message: string) => void;
}

/** The cards chosen for passing, kept so that a reload keeps them too. */
const SELECTION_KEY = 'hearts.passSelection';

/**
 * Keeps the cards chosen for passing in `store` under `key`, for one table (`id()`: the game's or the live table's
 * id; nothing is kept without one) and hand, so that a reload keeps them. `TableUi` checks what comes back.
 */
export function selectionKeeper(
  store: KeyValueStore,
  key: string,
  id: () => string | undefined,
): SelectionKeeper {
  return {
    load: (hand) => {
      const saved = readJson(store, key);
      if (!isObject(saved) || saved['id'] !== id() || saved['hand'] !== hand) return [];
      return Array.isArray(saved['cards']) ? saved['cards'].filter(isCardName) : [];
    },
    save: (hand, cards) => {
      const table = id();
      if (table !== undefined) writeJson(store, key, { id: table, hand, cards });
    },
  };
}

const EMPTY: TableState = {
  session: null,
  selected: [],
  refusal: null,
  held: null,
  collecting: false,
  lastTrick: null,
  lastTrickOpen: false,
  received: [],
  hint: null,
  hintBusy: false,
  thinking: null,
};

export class GameController {
  private table: TableState = EMPTY;
  private readonly listeners = new Set<() => void>();
  private generation = 0; // bumps with every new session; answers for an older one are dropped
  private busy = false; // a bot decision or a pause is under way
  private cancelPause: (() => void) | null = null;
  private readonly fallback: Bot = createBot('random');
  /** The pass selection, refusals, the held trick and the last trick: the part both tables share. */
  readonly ui: TableUi;

  constructor(private readonly opts: ControllerOptions) {
    this.ui = new TableUi({
      scheduler: opts.scheduler,
      timing: () => opts.timing(),
      keeper: selectionKeeper(opts.store, SELECTION_KEY, () => this.table.session?.id),
      onCollected: () => this.step(), // the bots wait while a trick is held
    });
    this.ui.subscribe(() => this.set(this.ui.getSnapshot()));
  }

  readonly getSnapshot = (): TableState => this.table;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(patch: Partial<TableState>): void {
    this.table = { ...this.table, ...patch };
    for (const l of this.listeners) l();
  }

  private get rng(): RandomSource {
    return this.opts.random?.() ?? cryptoRandom();
  }

  private newSeed(): Uint8Array {
    return this.opts.seed?.() ?? makeSeed();
  }

  private budget(level: Level): number {
    return this.opts.budgetMs?.(level) ?? 300;
  }

  /** Continues the stored game, if there is one. */
  resume(): boolean {
    const session = loadSession(this.opts.store);
    if (!session) return false;
    this.begin(session);
    return true;
  }

  /** Starts a new game (the stored one, if any, is given up). */
  start(rules: Partial<Rules>, level: Level): Result<Session, RulesError> {
    const s = newSession(rules, level, this.rng, this.opts.clock?.() ?? Date.now(), this.newSeed());
    if (!s.ok) return s;
    saveSession(this.opts.store, s.value);
    this.begin(s.value);
    return s;
  }

  /** Leaves the table; the game stays stored and can be resumed. */
  leave(): void {
    this.stopWork();
    this.ui.reset(null);
    this.set(EMPTY);
  }

  /** Gives the stored game up for good. */
  abandon(): void {
    this.leave();
    clearSession(this.opts.store);
  }

  private stopWork(): void {
    this.generation++;
    this.cancelPause?.();
    this.cancelPause = null;
    this.busy = false;
    this.ui.stop();
  }

  private begin(session: Session): void {
    this.stopWork();
    this.set({ ...EMPTY, session });
    this.ui.reset(observation(session.state, HUMAN), this.finalTrick(session.state));
    this.step();
  }

  /** The last trick of the hand that just ended (while the result is shown). */
  private finalTrick(state: GameState): CompleteTrick | null {
    if (state.phase !== 'deal' && state.phase !== 'gameOver') return null;
    const h = state.phase === 'deal' ? state.handNumber - 1 : state.handNumber;
    const last = handTricks(state, h).pop();
    return last?.winner === undefined
      ? null
      : { leader: last.leader, cards: last.cards, winner: last.winner };
  }

  get state(): GameState | null {
    return this.table.session?.state ?? null;
  }

  /** The player taps a card of their hand: choose it for passing, or play it (a card the rules refuse says why). */
  tapCard(card: CardName): void {
    if (!this.state) return;
    const answer = this.ui.tap(card);
    if (answer.kind === 'play') this.apply(HUMAN, { kind: 'play', card: parseCard(answer.card)! });
  }

  /** Passes the selected cards. */
  confirmPass(): IllegalMove | null {
    const state = this.state;
    if (!state || state.phase !== 'pass') return null;
    const cards = this.table.selected.map((c) => parseCard(c)!);
    return this.apply(HUMAN, { kind: 'pass', cards });
  }

  chooseMoon(choice: MoonChoice): IllegalMove | null {
    const state = this.state;
    if (!state || state.phase !== 'moon' || state.moonShooter !== HUMAN) return null;
    return this.apply(HUMAN, { kind: 'moon', choice });
  }

  /** Deals the next hand once the player has seen the last one's result. */
  nextHand(): void {
    const s = this.table.session;
    if (!s || s.state.phase !== 'deal' || this.table.held) return;
    this.commit(dealNext(s, this.newSeed()), { lastTrick: null, received: [] });
  }

  /** Asks the expert bot what it would do in the player's place. */
  requestHint(): void {
    const s = this.table.session;
    if (!s || this.table.hintBusy) return;
    const obs = observation(s.state, HUMAN);
    const mayPass = obs.phase === 'pass' && obs.passed === null;
    if (!mayPass && obs.turn !== HUMAN) return;
    const gen = this.generation;
    const hand = s.state.handNumber;
    const plays = s.state.log[hand]?.plays.length ?? 0;
    this.set({ hintBusy: true });
    const fresh = (): boolean =>
      gen === this.generation &&
      this.state !== null &&
      this.state.handNumber === hand &&
      this.state.log[hand]?.plays.length === plays;
    this.opts.bots.decide(obs, 'expert', this.budget('expert')).then(
      (d) => {
        if (!fresh()) return void this.set({ hintBusy: false });
        this.set({
          hintBusy: false,
          hint: d.kind === 'pass' ? d.cards : d.kind === 'play' ? [d.card] : null,
        });
      },
      () => this.set({ hintBusy: false }),
    );
  }

  /** Applies a move and everything that follows from it; returns the refusal for an illegal move. */
  private apply(seat: number, move: Move): IllegalMove | null {
    const s = this.table.session;
    if (!s) return null;
    const before = s.state;
    const r = applyMove(before, seat, move);
    if (!r.ok) return r.error;
    const after = r.value;
    const patch: { -readonly [K in keyof TableState]?: TableState[K] } = {};
    if (seat === HUMAN) patch.hint = null; // bots passing meanwhile leave the player's hint alone
    if (move.kind === 'play' && seat === HUMAN) patch.received = [];
    if (before.phase === 'pass' && after.phase === 'play') {
      patch.received = observation(after, HUMAN).received ?? [];
    }
    const played = move.kind === 'play' ? { seat, card: makeCard(move.card) } : null;
    if (after.results.length > before.results.length) this.recordHand(after, after.results.length - 1);
    if (after.phase === 'gameOver' && before.phase !== 'gameOver') this.recordGame({ ...s, state: after });
    this.commit({ ...s, state: after }, patch, played);
    return null;
  }

  private commit(
    session: Session,
    patch: Partial<TableState>,
    played: { seat: number; card: CardName } | null = null,
  ): void {
    saveSession(this.opts.store, session);
    this.set({ ...patch, session });
    this.ui.observe(observation(session.state, HUMAN), played); // a complete trick starts the hold
    this.step();
  }

  private recordHand(state: GameState, h: number): void {
    saveStats(this.opts.store, addHand(loadStats(this.opts.store), handFacts(state, h, HUMAN)));
  }

  private recordGame(session: Session): void {
    const won = session.state.winners.includes(HUMAN);
    saveStats(this.opts.store, addGame(loadStats(this.opts.store), won));
    addToHistory(this.opts.store, historyEntry(session, this.opts.clock?.() ?? Date.now()));
  }

  /** Starts whatever comes next: a deal, a bot's decision, or waiting for the player. */
  private step(): void {
    const s = this.table.session;
    if (!s || this.busy || this.table.held) return;
    const state = s.state;
    if (state.phase === 'deal' && state.log.length === 0) {
      this.commit(dealNext(s, this.newSeed()), {});
      return;
    }
    const seat = this.nextBotSeat(state);
    if (seat === null) return;
    this.askBot(s, seat);
  }

  private nextBotSeat(state: GameState): number | null {
    switch (state.phase) {
      case 'pass': {
        const passes = state.log[state.handNumber]!.passes!;
        const seat = passes.findIndex((p, i) => i !== HUMAN && p === null);
        return seat < 0 ? null : seat;
      }
      case 'play':
        return state.core!.turn === HUMAN ? null : state.core!.turn;
      case 'moon':
        return state.moonShooter === HUMAN ? null : state.moonShooter;
      default:
        return null;
    }
  }

  private askBot(s: Session, seat: number): void {
    this.busy = true;
    const gen = this.generation;
    const started = this.opts.scheduler.now();
    const obs = observation(s.state, seat);
    this.set({ thinking: seat });
    const finish = (d: Decision): void => {
      if (gen !== this.generation) return;
      const wait = Math.max(0, this.opts.timing().pace - (this.opts.scheduler.now() - started));
      const go = (): void => {
        if (gen !== this.generation) return;
        this.cancelPause = null;
        this.busy = false;
        this.set({ thinking: null });
        const move = parseNamedMove(d);
        if (!move.ok || this.apply(seat, move.value) !== null) {
          this.opts.onWarning?.(`bot at seat ${seat} made an illegal decision; playing a random legal one`);
          this.apply(
            seat,
            unwrap(parseNamedMove(this.fallback.decide(obs, { timeMs: 0, random: this.rng }))),
          );
        }
      };
      if (wait > 0) this.cancelPause = this.opts.scheduler.after(wait, go);
      else go();
    };
    this.opts.bots.decide(obs, s.level, this.budget(s.level)).then(finish, (e: unknown) => {
      this.opts.onWarning?.(`bot at seat ${seat} failed (${String(e)}); playing a random legal card`);
      finish(this.fallback.decide(obs, { timeMs: 0, random: this.rng }));
    });
  }
}

/** Bots computed in this thread (tests, and browsers without workers). */
export function directBots(random: () => RandomSource = cryptoRandom): BotPort {
  return {
    decide: (obs, level, timeMs) =>
      Promise.resolve(createBot(level).decide(obs, { timeMs, random: random() })),
  };
}
