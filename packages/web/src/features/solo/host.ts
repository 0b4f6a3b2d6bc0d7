/**
 * The solo host: the browser's own table, run by the same `TableDriver` (@hearts/table) as the server's live
 * tables. One human at seat 0, bots of one level in the others; the bots think in the Web Worker (`BotPort`), time
 * is the browser's (`Scheduler`), every hand is dealt from one kept 32-byte seed (deal.ts), and the game is kept in
 * localStorage as its hearts-record/1 session (session.ts) — so resume, history, records and the seeds stay as
 * they were. Seat 0's hearts-live/1 messages go through `applyGameMessage` into a `LiveState`: the very reducer the
 * live client (`TableClient`) uses. Both are a `Seat` of the table core (`state`, `subscribe`, `submit`, `claim`),
 * which the screen plays through `SeatUi` (src/table/useSeatUi.ts); the solo extras beside it: hint, undo, next
 * hand, new game.
 *
 * ```ts
 * const solo = new SoloTable({ store, bots: workerBots(), scheduler: browserScheduler(), timing: () => timing('fast', false) });
 * solo.start({}, 'medium');
 * solo.subscribe(() => render(solo.getSnapshot().live));
 * await solo.submit({ kind: 'play', card: '2C' }); // { ok: true, v } or { ok: false, error }
 * ```
 */
import { BROWSER_BOT_TIME_MS, createBot, type Level } from '@hearts/bots';
import {
  cryptoRandom,
  type CardName,
  type GameState,
  type RandomSource,
  type Result,
  type Rules,
  type RulesError,
  handPlays,
  placesOf,
} from '@hearts/engine';
import { makeSeed, seedToHex } from '@hearts/shuffle';
import {
  TableDriver,
  applyGameMessage,
  newTableState,
  unwrapState,
  type BotPort,
  type Deal,
  type DriverTimes,
  type LiveState,
  type Scheduler,
  type Seat,
  type SelectionKeeper,
  type StoredSeat,
  type SubmitOutcome,
  type TableState,
} from '@hearts/table';
import type { GameMessage, ResultMessage, WireMove } from '@hearts/protocol/socket';
import { seededDeal } from './deal';
import { HUMAN } from '../../kit/names';
import { addToHistory, recordSoloGame } from '../../kit/records';
import {
  clearSession,
  cutPlays,
  historyEntry,
  loadSession,
  newSession,
  playerNames,
  saveSession,
  type Session,
} from './session';
import type { Timing } from '../../kit/settings';
import { selectionKeeper } from '../../table/ports';
import type { KeyValueStore } from '../../kit/storage';

/** The cards chosen for passing at the solo table, kept on the device for the game in progress (a reload keeps them). */
export const soloSelectionKeeper = (store: KeyValueStore, solo: SoloTable): SelectionKeeper =>
  selectionKeeper(store, 'hearts.passSelection', () => solo.getSnapshot().session?.id);

/** Where bots think (a Web Worker in the browser, the bots themselves in tests) and time: the table core's ports. */
export type { BotPort, Scheduler };

/** Bots computed in this thread (tests, and browsers without workers). */
export function directBots(random: () => RandomSource = cryptoRandom): BotPort {
  return {
    decide: (obs, level, timeMs) =>
      Promise.resolve(createBot(level).decide(obs, { timeMs, random: random() })),
  };
}

/** Timers this long or longer are never set: the solo player has no clock (the driver's grace is endless). */
const NEVER_MS = 2 ** 31 - 1;

/** Everything the solo table shows besides the player's side of the seat (`SeatUi`): seat 0's `LiveState` and the extras. */
export interface SoloState {
  readonly session: Session | null; // the game as stored (record, seeds, level)
  readonly live: LiveState | null; // seat 0's picture, from its hearts-live/1 messages
  readonly hint: readonly CardName[] | null; // what the expert bot would play or pass
  readonly hintBusy: boolean;
  readonly result: ResultMessage | null; // the game is over and recorded
}

export interface SoloTableOptions {
  readonly store: KeyValueStore;
  readonly bots: BotPort;
  readonly scheduler: Scheduler;
  readonly timing: () => Timing;
  readonly budgetMs?: (level: Level) => number; // a bot's time per decision
  readonly random?: () => RandomSource; // game ids; crypto.getRandomValues unless a test says otherwise
  readonly seed?: () => Uint8Array; // each deal's 32-byte seed; makeSeed() unless a test says otherwise
  readonly clock?: () => number; // wall time for the history
  readonly onWarning?: (message: string) => void;
  /** The player may take back their last card (`undo`): off unless the host turns it on (practice, never a daily deal). */
  readonly undo?: boolean;
}

const EMPTY: SoloState = {
  session: null,
  live: null,
  hint: null,
  hintBusy: false,
  result: null,
};

/** The seats of a solo table: the player, then the bots with their level. */
function soloSeats(players: number, level: Level): StoredSeat[] {
  const names = playerNames(players, level);
  return names.map((name, s) =>
    s === HUMAN
      ? { kind: 'human', userId: 'you', name, rating: null }
      : { kind: 'bot', level, name, rating: null },
  );
}

/**
 * The solo table: a local seat (`Seat`) at a `TableDriver` running in the page. `start` or `resume` a game, then feed
 * it the player's moves (`submit`, `claim`; a screen sends them through its `SeatUi`).
 */
export class SoloTable implements Seat {
  private snap: SoloState = EMPTY;
  private readonly listeners = new Set<() => void>();
  private driver: TableDriver | null = null;
  private seeds = new Map<number, string>(); // hand → the seed its deal came from, until the game keeps it
  private gate: { hand: number; open: () => void } | null = null; // a deal waiting for "next hand"
  private recorded = false; // the game's end is in the statistics and the history
  private generation = 0;
  private moveCounter = 0;
  /** The table's time: the host's scheduler without the timers that never fire (the screen's UI runs on it too). */
  readonly scheduler: Scheduler;
  private readonly times: DriverTimes;

  constructor(private readonly opts: SoloTableOptions) {
    const base = opts.scheduler;
    this.scheduler = {
      now: () => base.now(),
      after: (ms, fn) => (ms >= NEVER_MS ? () => undefined : base.after(ms, fn)),
    };
    const budget = (): number => {
      const level = this.snap.session?.level ?? 'medium';
      return opts.budgetMs?.(level) ?? BROWSER_BOT_TIME_MS;
    };
    const timing = opts.timing;
    this.times = {
      graceMs: Number.POSITIVE_INFINITY, // the player thinks as long as they like
      bankMs: 0,
      get botDelayMs() {
        return timing().pace;
      },
      handPauseMs: 0, // the next hand waits for the player instead (`nextHand`)
      get botTimeMs() {
        return budget();
      },
      clockLevel: 'expert',
      get trickPauseMs() {
        const t = timing();
        return t.hold + t.move; // a bot leads once the held trick went to its winner
      },
    };
  }

  readonly getSnapshot = (): SoloState => this.snap;

  /** How long a complete trick stays and moves to its winner, by the settings now (the screen's UI uses it too). */
  readonly timing = (): Timing => this.opts.timing();

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Seat 0's picture of the table (the live client's `state`); null without a game. */
  get state(): LiveState | null {
    return this.snap.live;
  }

  /** The game as the table keeps it (tests, the moon choice's value). */
  get game(): GameState | null {
    return this.driver?.game ?? null;
  }

  private set(patch: Partial<SoloState>): void {
    this.snap = { ...this.snap, ...patch };
    for (const l of this.listeners) l();
  }

  /** Continues the stored game, if there is one. */
  resume(): boolean {
    const session = loadSession(this.opts.store);
    if (!session) return false;
    this.begin(session, session.state.phase === 'gameOver');
    return true;
  }

  /** Starts a new game, dealt at once from a new seed (the stored one, if any, is given up). */
  start(rules: Partial<Rules>, level: Level): Result<Session, RulesError> {
    const rng = this.opts.random?.() ?? cryptoRandom();
    const s = newSession(rules, level, rng, this.opts.clock?.() ?? Date.now(), this.newSeed());
    if (!s.ok) return s;
    saveSession(this.opts.store, s.value);
    this.begin(s.value, false);
    return s;
  }

  /** Leaves the table; the game stays stored and can be resumed. */
  leave(): void {
    this.stop();
    this.set(EMPTY);
  }

  /** Gives the stored game up for good. */
  abandon(): void {
    this.leave();
    clearSession(this.opts.store);
  }

  /** A move of the player's (`Seat.submit`): the driver's answer. */
  async submit(wire: WireMove): Promise<SubmitOutcome> {
    const driver = this.driver;
    if (!driver) return { ok: false, error: { code: 'ERR_NOT_SEATED', message: 'no game at this table' } };
    const r = await driver.submit(HUMAN, `s${++this.moveCounter}`, wire);
    if (driver === this.driver && r.ok) this.set({ hint: null });
    return r;
  }

  /** Whether this table lets the player take back a card (`SoloTableOptions.undo`). */
  get undoAllowed(): boolean {
    return this.opts.undo === true;
  }

  /**
   * Takes back the player's last card of the hand being played, and the bots' cards after it: the game is again
   * as it was when the player was to play that card (the stored game too, so a reload resumes there). The game is
   * marked (`undos`): it stays practice and pays no chips. False when there is nothing to take back (no card of the
   * player's in this hand, another phase) or the table does not allow it.
   */
  undo(): boolean {
    const session = this.snap.session;
    const game = this.game;
    if (!this.opts.undo || !session || !game || game.phase !== 'play') return false;
    const plays = handPlays(game);
    let p = plays.length - 1;
    while (p >= 0 && plays[p]!.seat !== HUMAN) p--;
    if (p < 0) return false;
    const cut = cutPlays({ ...session, state: game }, p);
    if (!cut) return false;
    const next: Session = { ...cut, undos: (session.undos ?? 0) + 1 };
    saveSession(this.opts.store, next);
    this.begin(next, false);
    return true;
  }

  /**
   * Claims the rest of the hand: when the engine finds it certain from the player's own cards, the driver plays
   * the hand out at once (`TableDriver.claim`); otherwise the driver's refusal.
   */
  readonly claims = true;
  async claim(): Promise<SubmitOutcome> {
    const driver = this.driver;
    if (!driver) return { ok: false, error: { code: 'ERR_NOT_SEATED', message: 'no game at this table' } };
    const r = await driver.claim(HUMAN, `s${++this.moveCounter}`);
    if (driver === this.driver && r.ok) this.set({ hint: null });
    return r;
  }

  /** Deals the next hand once the player has seen the last one's result (and its last trick went to its winner). */
  nextHand(): void {
    if (!this.gate) return;
    const { open } = this.gate;
    this.gate = null;
    open();
  }

  /** Asks the expert bot what it would do in the player's place. */
  requestHint(): void {
    const live = this.snap.live;
    const game = this.game;
    if (!live || !game || this.snap.hintBusy) return;
    const obs = live.view;
    const mayPass = obs.phase === 'pass' && obs.passed === null;
    if (!mayPass && !(obs.phase === 'play' && obs.turn === HUMAN)) return;
    const gen = this.generation;
    const hand = game.handNumber;
    const plays = game.log[hand]?.plays.length ?? 0;
    const fresh = (): boolean =>
      gen === this.generation &&
      this.game?.handNumber === hand &&
      this.game.log[hand]?.plays.length === plays &&
      (!mayPass || this.snap.live?.view.passed === null);
    this.set({ hintBusy: true });
    this.opts.bots.decide(obs, 'expert', this.opts.budgetMs?.('expert') ?? BROWSER_BOT_TIME_MS).then(
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

  /** Waits until the table has done everything queued so far (tests). */
  idle(): Promise<void> {
    return this.driver?.idle() ?? Promise.resolve();
  }

  // --- the driver ----------------------------------------------------------------------------------------------

  private newSeed(): Uint8Array {
    return this.opts.seed?.() ?? makeSeed();
  }

  private stop(): void {
    this.generation++;
    this.driver?.dispose();
    this.driver = null;
    this.gate = null;
    this.seeds.clear();
  }

  /** Runs a driver over the stored session: its game is the table's state, its seeds the deals so far. */
  private begin(session: Session, recorded: boolean): void {
    this.stop();
    this.recorded = recorded;
    const gen = this.generation;
    const rules = session.state.rules;
    const base = unwrapState(newTableState(rules, soloSeats(rules.players, session.level), this.times));
    const initial: TableState = { ...base, game: session.state };
    this.set({ ...EMPTY, session });
    const driver = TableDriver.create(
      { id: session.id, kind: 'friends', rated: false, botLevel: session.level }, // a private table; its info never leaves the page,
      initial,
      {
        times: this.times,
        scheduler: this.scheduler,
        bots: this.opts.bots,
        append: async () => this.keep(gen), // what the driver applied before this event
        deal: () => ({ deal: (hand, game) => this.deal(gen, hand, game) }),
        out: {
          game: (seat, m) => {
            if (seat === HUMAN && gen === this.generation) this.receive(m);
          },
          clock: () => undefined,
          seats: () => undefined,
          result: (m) => {
            if (gen === this.generation) this.set({ result: m });
          },
          botFailed: (e) =>
            this.opts.onWarning?.(`a bot failed (${String(e)}); playing a legal card instead`),
          seatLost: () => undefined,
          problem: (message, e) =>
            this.opts.onWarning?.(e === undefined ? message : `${message}: ${String(e)}`),
        },
        finish: async () => this.finish(gen),
        claims: true, // the player may claim the rest of a hand that is certain
      },
    );
    this.driver = driver;
    driver.setConnected(HUMAN, true, false);
    const first = driver.snapshot(HUMAN);
    this.set({ live: unwrapLive(applyGameMessage(null, first)) });
    driver.begin();
  }

  /** Seat 0's message, through the live client's reducer; a gap (never expected here) asks for a snapshot. */
  private receive(m: GameMessage): void {
    let next = applyGameMessage(this.snap.live, m);
    if (next === 'gap' && this.driver) next = applyGameMessage(null, this.driver.snapshot(HUMAN));
    if (next === 'gap') return;
    this.keep(this.generation);
    this.set({ live: next });
  }

  /** The deal of `hand` from a new seed; after the first hand it waits for the player's "next hand". */
  private async deal(gen: number, hand: number, game: GameState): Promise<Deal> {
    if (hand > 0 && game.log.length > 0)
      await new Promise<void>((open) => {
        if (gen === this.generation) this.gate = { hand, open };
      });
    const seed = this.newSeed();
    this.seeds.set(hand, seedToHex(seed));
    return seededDeal(game.rules, hand, seed);
  }

  /**
   * Keeps the driver's game as the stored session, with each hand's seed: after every message to the player and
   * before every further event is stored (so an event without a message to the player is kept too). The driver
   * holds the table; nothing here applies an event again.
   */
  private keep(gen: number): void {
    const session = this.snap.session;
    const game = this.driver?.game;
    if (gen !== this.generation || !session || !game || game === session.state) return;
    const seeds = game.log.map((_, h) => session.seeds[h] ?? this.seeds.get(h) ?? null);
    const next: Session = { ...session, state: game, seeds };
    saveSession(this.opts.store, next); // a full localStorage keeps the old value: the game goes on, as before
    this.set({ session: next });
  }

  /** The game is over: its statistics and its history entry (once), and the result seat 0 is shown. */
  private finish(gen: number): ResultMessage {
    const session = this.snap.session;
    const state = this.game;
    if (!session || !state || gen !== this.generation) throw new Error('the game was left');
    this.keep(gen);
    if (!this.recorded) {
      const final = { ...this.snap.session!, state };
      // Statistics count finished games only, hand by hand, as the live record does; games with undo apart too.
      recordSoloGame(this.opts.store, state, session.level, HUMAN, (session.undos ?? 0) > 0);
      addToHistory(this.opts.store, historyEntry(final, this.opts.clock?.() ?? Date.now()));
      this.recorded = true;
    }
    return {
      scores: state.scores,
      ranks: placesOf(state.scores),
      ratings: state.scores.map(() => null),
      recordId: session.id,
    };
  }
}

function unwrapLive(s: LiveState | 'gap'): LiveState {
  if (s === 'gap') throw new Error('internal: a snapshot gave a gap');
  return s;
}
