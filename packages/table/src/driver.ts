/**
 * The life of one table that every host runs (the server's live tables and the browser's solo table), over a
 * `TableState`: the work queue (every change in order), moves and their dedupe, the clocks (grace, then the bank;
 * the clock decides at the deadline and the seat becomes kickable), kick votes and takeovers, bot requests with
 * tokens (a stale answer is dropped) and the fallback when a bot fails, pacing (the bot delay while humans sit at
 * the table, the pause between hands, an optional pause after a completed trick), dealing, finishing, and the
 * per-seat messages (snapshots, `play`, `passed`). No transport, no timers of its own, no I/O: time, bots,
 * storage, deals, results and where messages go are ports the host injects.
 *
 * Every change is one stored event: checked by `applyEvent`, appended (durable), and only then applied and sent.
 * A move whose append fails is refused with `ERR_STORAGE` and not applied; a deal whose append fails is retried
 * with the very same deal. A driver restores itself by folding the same `applyEvent` over the appended rows.
 *
 * ```ts
 * const driver = TableDriver.create(info, unwrapState(newTableState(rules, seats, times)), ports);
 * driver.begin(); // deals, starts clocks, asks bots
 * const r = await driver.submit(0, 'm1', { kind: 'play', card: '2C' }); // { ok: true, v } or { ok: false, error }
 * ```
 */
import {
  SUITS,
  claimPlayout,
  observation,
  publicObservation,
  seatsToAct,
  type CardSet,
  type GameState,
  type NamedMove,
  type Observation,
  type Rules,
  type Suit,
  tricksDone,
} from '@hearts/engine';
import type { Transcript } from '@hearts/shuffle';
import type { StoredEvent } from './events.js';
import type {
  BotLevel,
  ClockInfo,
  ClockMessage,
  CommitMessage,
  ErrorMessage,
  GameMessage,
  ResultMessage,
  RevealMessage,
  SeatsMessage,
  ShuffleMessage,
  SnapshotMessage,
  TableEvent,
  TableInfo,
  TakeoverReason,
  WatchMessage,
  WatchTableInfo,
  WireMove,
} from '@hearts/protocol/socket';
import { bankAfter, clockDeadlines, clockInfo, type SeatRecord } from './seats.js';
import {
  applyEvent,
  bankRanOut,
  castKickVote,
  humanSeats,
  seatsMessage,
  setConnected,
  takeoverRefusal,
  unwrapState,
  type TableEventError,
  type TableState,
} from './state.js';
import { passedMessages, playMessages } from './views.js';

/** Time as the driver sees it: the host's clock and timers; tests drive it by hand. */
export interface Scheduler {
  now(): number; // ms since the epoch
  after(ms: number, fn: () => void): () => void; // runs fn once after ms; returns a cancel function
}

/** Bot decisions. A rejection, or a decision that is not legal, makes the driver play the first legal one. */
export interface BotPort {
  decide(view: Observation, level: BotLevel, timeMs: number): Promise<NamedMove>;
}

/** One appended event: the table, its sequence number (0, 1, 2 … without gaps), the event and when. */
export interface EventRow {
  readonly tableId: string;
  readonly seq: number;
  readonly event: StoredEvent;
  readonly at: number;
}

/** A hand's deal: the hands in seat order, under sevenOfDie the die's suit, and its fair-shuffle transcript. */
export interface Deal {
  readonly hands: readonly CardSet[];
  readonly sevenSuit: Suit | null;
  readonly shuffle?: Transcript; // hearts-shuffle/1 (absent: dealt without the fair shuffle)
}

/** A seat's message to the deal: the fair shuffle's commitment, or its seed once the list is out. */
export type DealStep =
  ({ readonly step: 'commit' } & CommitMessage) | ({ readonly step: 'reveal' } & RevealMessage);

/**
 * What a deal port may use of its table (the driver gives it to the port's constructor): time on the driver's
 * scheduler, storage through the driver's queue, and the seats. A port has no timers and no I/O of its own.
 */
export interface DealTable {
  readonly id: string;
  readonly rules: Rules;
  /** A person plays the seat now (not a bot, not taken over). */
  isHuman(seat: number): boolean;
  /** Runs `fn` in the table's queue after `ms` on the driver's scheduler; cancelled when the driver is disposed. */
  after(ms: number, fn: () => Promise<void> | void): () => void;
  /** Checks, stores and applies an event of the deal (the fair shuffle's commitments); call it in the queue. */
  record(event: StoredEvent): Promise<void>;
  /** A fair-shuffle message to one seat. */
  send(seat: number, message: ShuffleMessage): void;
  problem(message: string, error?: unknown): void;
}

/**
 * Where deals come from: the fair shuffle (`FairShuffle`: the seats commit and reveal), a daily table's day seed,
 * the solo table's kept seeds — each deals a hand by `@hearts/shuffle`'s `dealFromSeeds`, die included. `deal` is
 * asked once per hand (again only after a restart) and may take as long as it needs; the driver stores the deal in
 * its queue when it resolves. The other hooks are for a deal that involves the seats; every one runs in the queue
 * but `connected`, `replay` and `dispose`.
 */
export interface DealPort {
  deal(handNumber: number, game: GameState): Promise<Deal>;
  /** The deal of `handNumber` is stored. */
  dealt?(handNumber: number): void;
  /** A bot took the seat over (awaited: it may `record` events). */
  takeover?(seat: number): Promise<void>;
  /** A seat's connection came (back): repeat what it is asked for. */
  connected?(seat: number): void;
  /** A seat's message to the deal (a person plays the seat); the answer is a refusal, or null. */
  receive?(seat: number, step: DealStep): Promise<ErrorMessage | null>;
  /** A stored event, replayed when the driver is restored (the fair shuffle resumes from its commitments). */
  replay?(event: StoredEvent, state: TableState): void;
  /** The driver is done with: drop what is under way. */
  dispose?(): void;
}

/** Where a table's outputs go (the server's room sends them to connections). */
export interface Outbox {
  game(seat: number, message: GameMessage): void;
  clock(message: ClockMessage): void;
  seats(message: SeatsMessage): void;
  result(message: ResultMessage): void;
  /** A bot failed to decide, or decided something illegal; the driver played the first legal decision instead. */
  botFailed(error: unknown): void;
  /** The seat went to a bot for good: its player's connections must go. */
  seatLost(seat: number, reason: TakeoverReason): void;
  problem(message: string, error?: unknown): void;
  /** Fair-shuffle messages to one seat (the driver sends each hand's transcript once the hand is over). */
  shuffle?(seat: number, message: ShuffleMessage): void;
  /**
   * The table's watchers, after every event the seats were sent: `build` gives the public snapshot (built only
   * when called: a host without watchers leaves it).
   */
  watch?(build: () => WatchMessage): void;
}

/** The clock and pace of a table. */
export interface DriverTimes {
  readonly graceMs: number; // free thinking time per decision
  readonly bankMs: number; // time bank per player and hand
  readonly botDelayMs: number; // a bot moves no sooner than this after its turn begins (humans present)
  readonly handPauseMs: number; // pause between hands (humans present)
  readonly botTimeMs: number; // thinking budget of the search bots
  readonly clockLevel: BotLevel; // the bot that decides for a player whose bank ran out
  readonly trickPauseMs?: number; // a bot leads no sooner than this after a completed trick (default 0)
  readonly reconnectMs?: number; // live tables: how long a dropped player keeps the seat (told in every snapshot)
}

/** What the table is, as its snapshots tell, and the level of the bots that take seats over. */
export interface DriverTable {
  readonly id: string;
  readonly kind: TableInfo['kind'];
  readonly rated: boolean;
  readonly botLevel: BotLevel;
}

/** Everything a driver needs from its host. */
export interface DriverPorts {
  readonly times: DriverTimes;
  readonly scheduler: Scheduler;
  readonly bots: BotPort;
  readonly append: (rows: EventRow[]) => Promise<void>; // durable before it resolves
  /** The table's deals: the port, made once by the driver over what it may use of the table. */
  readonly deal: (table: DealTable) => DealPort;
  readonly out: Outbox;
  /** The game is over: store its results (ratings, records) and give the result message; retried on rejection. */
  readonly finish: () => Promise<ResultMessage>;
  /** Players may claim the rest of a hand (`claim`); off unless the host turns it on (the solo table does). */
  readonly claims?: boolean;
}

/** A move's outcome: the version that applied it, or the refusal the player is sent. */
export type SubmitOutcome =
  { readonly ok: true; readonly v: number } | { readonly ok: false; readonly error: ErrorMessage };

/** How long a failed write waits before it is tried again. */
export const RETRY_MS = { deal: 1000, bot: 1000, finish: 2000 } as const;

const toWire = (d: NamedMove): WireMove =>
  d.kind === 'pass'
    ? { kind: 'pass', cards: [...d.cards] }
    : d.kind === 'play'
      ? { kind: 'play', card: d.card }
      : { kind: 'moon', choice: d.choice };

/** A legal decision without a bot (rule-free: the first legal one the observation lists). */
export function fallbackDecision(view: Observation): WireMove {
  if (view.phase === 'moon') return { kind: 'moon', choice: 'plus' };
  if (view.phase === 'pass') return { kind: 'pass', cards: view.legal.slice(0, view.rules.passCards) };
  return { kind: 'play', card: view.legal[0]! };
}

/** A refused move as the player is told (`ERR_MALFORMED` or `ERR_ILLEGAL` with the engine's rule). */
const refusal = (e: TableEventError, id: string | null): ErrorMessage => ({
  code: e.code === 'ERR_ILLEGAL' ? 'ERR_ILLEGAL' : 'ERR_MALFORMED',
  message: e.message,
  ...(e.code === 'ERR_ILLEGAL' ? { rule: e.rule } : {}),
  ...(id === null ? {} : { id }),
});

/**
 * One table's life in one host: create it over a fresh state or restore it from its rows, `begin`, then feed it
 * the seats' moves, votes, takeovers and connections; it answers each, stores events, sends messages and runs
 * clocks and bots through its ports. `dispose` when the host is done with it.
 */
export class TableDriver {
  finished = false; // results stored
  result: ResultMessage | null = null;

  private readonly clockStart: (number | null)[]; // when each running clock started (ms since the epoch)
  private readonly graceTimers: ((() => void) | null)[];
  private readonly bankTimers: ((() => void) | null)[];
  private readonly botTokens: number[];
  private readonly botPending: boolean[];
  private queue: Promise<unknown> = Promise.resolve();
  private dealTimer: (() => void) | null = null;
  private dealAsked: number | null = null; // the hand whose deal was asked for and is not stored yet
  private trickEndedAt: number | null = null; // when the last completed trick ended (while its hand goes on)
  private readonly timers = new Set<() => void>(); // other pending timers (retries, paced bots)
  private finishing = false;
  private disposed = false;
  private claiming = false; // a claim is being played out: no bots asked, no clocks started until it is done
  private readonly deals: DealPort;

  private constructor(
    readonly table: DriverTable,
    private current: TableState,
    private readonly ports: DriverPorts,
  ) {
    const n = current.seats.length;
    this.clockStart = new Array<number | null>(n).fill(null);
    this.graceTimers = new Array<null>(n).fill(null);
    this.bankTimers = new Array<null>(n).fill(null);
    this.botTokens = new Array<number>(n).fill(0);
    this.botPending = new Array<boolean>(n).fill(false);
    this.deals = ports.deal({
      id: table.id,
      rules: current.game.rules,
      isHuman: (seat) => this.seats[seat]?.kind === 'human',
      after: (ms, fn) => this.later(ms, () => void this.run(async () => fn())),
      record: (event) => this.record(event),
      send: (seat, m) => this.ports.out.shuffle?.(seat, m),
      problem: (m, e) => this.ports.out.problem(m, e),
    });
  }

  /** A driver over a table that has no events yet (or whose state the host built). */
  static create(table: DriverTable, state: TableState, ports: DriverPorts): TableDriver {
    return new TableDriver(table, state, ports);
  }

  /**
   * A driver over `initial` with the appended `rows` folded in (`applyEvent`; the deal port replays each one too);
   * throws when they do not replay.
   */
  static restore(
    table: DriverTable,
    initial: TableState,
    rows: readonly EventRow[],
    ports: DriverPorts,
  ): TableDriver {
    const driver = new TableDriver(table, initial, ports);
    for (const row of rows) {
      const state = driver.current;
      if (row.seq !== state.version) throw new Error(`table ${table.id}: event ${row.seq} out of order`);
      const r = applyEvent(state, row.event, ports.times);
      if (!r.ok)
        throw new Error(
          `table ${table.id}: stored ${row.event.type} ${JSON.stringify(row.event)} refused: ${r.error.message}`,
        );
      driver.current = r.value;
      driver.deals.replay?.(row.event, r.value);
    }
    return driver;
  }

  /** The table's replayable state: game, seats, version, last event, move ids, transcripts. */
  get state(): TableState {
    return this.current;
  }
  get game(): GameState {
    return this.current.game;
  }
  get seats(): readonly SeatRecord[] {
    return this.current.seats;
  }
  get version(): number {
    return this.current.version;
  }

  /** Starts the table's life in this process: deal if due, clocks, bots, or the results of a finished game. */
  begin(): void {
    void this.run(async () => this.afterChange());
  }

  /** A player's move. Duplicate ids are answered (`ERR_DUPLICATE` with the version that applied it), never applied twice. */
  submit(seat: number, id: string, move: WireMove): Promise<SubmitOutcome> {
    return this.run(async () => {
      const done = this.current.moveIds.get(seat, id);
      if (done !== undefined)
        return {
          ok: false,
          error: { code: 'ERR_DUPLICATE', message: 'this move was already applied', id, v: done },
        } as const;
      if (this.seats[seat]?.kind !== 'human')
        return {
          ok: false,
          error: { code: 'ERR_NOT_SEATED', message: 'a bot plays this seat', id },
        } as const;
      return this.apply(seat, move, 'player', id);
    });
  }

  /**
   * A player claims the rest of the hand: when the engine finds from the seat's own observation that it takes
   * every remaining trick (`claimPlayout`), the hand is played out at once, every card an ordinary stored move
   * (the claimant's `by` the player, the others' `by` their bot, or the clock for a person), so the events, the
   * record and every seat's messages are those of a hand played to the end. Refused (`ERR_NOT_NOW`) where the host
   * does not allow claims, and as `ERR_ILLEGAL` (`rule` ERR_CLAIM_NOT_CERTAIN) when the rest is not certain.
   * Answers the version after the last card; a failed write stops the playout where it got to (`ERR_STORAGE`).
   */
  claim(seat: number, id: string): Promise<SubmitOutcome> {
    return this.run(async () => {
      const refuse = (code: ErrorMessage['code'], message: string, rule?: string): SubmitOutcome => ({
        ok: false,
        error: { code, message, id, ...(rule ? { rule } : {}) },
      });
      const done = this.current.moveIds.get(seat, id);
      if (done !== undefined)
        return {
          ok: false,
          error: { code: 'ERR_DUPLICATE', message: 'this move was already applied', id, v: done },
        };
      if (!this.ports.claims) return refuse('ERR_NOT_NOW', 'claims are not played at this table');
      if (this.seats[seat]?.kind !== 'human') return refuse('ERR_NOT_SEATED', 'a bot plays this seat');
      const plays = claimPlayout(this.game, seat);
      if (!plays.ok)
        return plays.error === 'ERR_CLAIM_NOT_CERTAIN'
          ? refuse('ERR_ILLEGAL', 'the remaining tricks are not certain', plays.error)
          : refuse('ERR_NOT_NOW', 'there is nothing to claim now');
      let last: SubmitOutcome = { ok: true, v: this.version };
      let first = true;
      this.claiming = true;
      try {
        for (const p of plays.value) {
          const own = p.seat === seat;
          const by = own ? 'player' : this.seats[p.seat]!.kind === 'bot' ? 'bot' : 'clock';
          last = await this.apply(p.seat, { kind: 'play', card: p.card }, by, own && first ? id : null);
          if (own) first = false;
          if (!last.ok) break;
        }
      } finally {
        this.claiming = false;
      }
      this.afterChange();
      return last.ok ? last : { ...last, error: { ...last.error, id } };
    });
  }

  /** A seat's message to the deal (the fair shuffle's commitment or seed): a refusal, or null. */
  dealStep(seat: number, step: DealStep): Promise<ErrorMessage | null> {
    return this.run(async () => {
      if (this.seats[seat]?.kind !== 'human')
        return { code: 'ERR_NOT_SEATED', message: 'a bot plays this seat' } as const;
      if (!this.deals.receive)
        return { code: 'ERR_NOT_NOW', message: 'this table deals without the fair shuffle' } as const;
      return this.deals.receive(seat, step);
    });
  }

  /** A player leaves, is kicked or stayed away too long: a bot plays the seat to the end of the game. */
  takeover(seat: number, reason: TakeoverReason): Promise<boolean> {
    return this.run(() => this.takeoverNow(seat, reason));
  }

  /**
   * A vote to kick a seat that is out of time (`castKickVote`). Enough votes put a bot in it — if the seat is
   * still out of time when the takeover comes; a decision of the player's own in time, or a new hand, clears them.
   */
  voteKick(voter: number, target: number): Promise<ErrorMessage | null> {
    return this.run(async () => {
      const r = castKickVote(this.current, voter, target);
      if (!r.ok) return r.error;
      this.current = r.value.state;
      if (r.value.kick) void this.run(() => this.takeoverNow(target, 'kicked'));
      this.ports.out.seats(this.seatsMessage());
      return null;
    });
  }

  /**
   * A seat's connection changed (not queued, not stored). `announce`: false when every seat is sent a snapshot
   * right after (which shows who is connected). `reconnectBy`: a seat away, when a bot takes it (shown to all).
   * True when the connection itself changed (not only the time to come back).
   */
  setConnected(
    seat: number,
    connected: boolean,
    announce = true,
    reconnectBy: number | null = null,
  ): boolean {
    const before = this.current;
    this.current = setConnected(before, seat, connected, reconnectBy);
    if (this.current === before) return false;
    if (announce) this.ports.out.seats(this.seatsMessage());
    const changed = before.seats[seat]!.connected !== connected;
    if (changed && connected) this.deals.connected?.(seat);
    return changed;
  }

  /** Runs `f` in the table's queue, after every change before it. */
  run<T>(f: () => Promise<T>): Promise<T> {
    const r = this.queue.then(f, f);
    this.queue = r.catch((e: unknown) =>
      this.ports.out.problem(`table ${this.table.id}: a change failed`, e),
    );
    return r;
  }

  /**
   * Checks, appends and applies an event that needs nothing else (the fair shuffle's commitments, through the
   * deal port's `DealTable`); call it inside the queue. Rejects (nothing applied) when the event does not apply or
   * the append fails.
   */
  private async record(event: StoredEvent): Promise<void> {
    const before = this.current;
    const next = unwrapState(applyEvent(before, event, this.ports.times));
    await this.persist(event);
    this.adopt(next, event, before);
  }

  /** A full picture for one seat (on join, on `sync`); `ack`: the id of the seat's move it applied. */
  snapshot(seat: number, event: TableEvent = { type: 'join' }, ack?: string): SnapshotMessage {
    const v = this.version;
    const table = this.tableInfo(seat);
    const view = observation(this.game, seat);
    return ack === undefined
      ? { v, kind: 'snapshot', event, table, view }
      : { v, kind: 'snapshot', event, table, view, ack };
  }

  /** The public picture of the table for watchers, cut from `publicObservation` (never a hand). */
  watchSnapshot(event: TableEvent = { type: 'join' }): WatchMessage {
    return {
      v: this.version,
      kind: 'snapshot',
      event,
      table: this.publicTableInfo(),
      view: publicObservation(this.game),
    };
  }

  /** `seats`: how every seat is filled, which are kickable and the votes against each. */
  seatsMessage(): SeatsMessage {
    return seatsMessage(this.current, this.ports.scheduler.now());
  }

  /** Humans who still hold their seat. */
  humanSeats(): number[] {
    return humanSeats(this.current);
  }

  /** Stops every timer and drops every bot answer still to come; the driver is done with. */
  dispose(): void {
    this.disposed = true;
    this.dealTimer?.();
    this.dealTimer = null;
    for (const cancel of this.timers) cancel();
    this.timers.clear();
    for (let s = 0; s < this.seats.length; s++) this.stopClock(s);
    this.botTokens.fill(-1);
    this.deals.dispose?.();
  }

  /** Waits until every queued change is done (tests, shutdown). */
  idle(): Promise<void> {
    return this.queue.then(
      () => undefined,
      () => undefined,
    );
  }

  // --- changes -------------------------------------------------------------------------------------------------

  /** A timer through the scheduler that `dispose` cancels; returns its own cancel. */
  private later(ms: number, fn: () => void): () => void {
    const cancel = this.ports.scheduler.after(ms, () => {
      this.timers.delete(cancel);
      if (!this.disposed) fn();
    });
    this.timers.add(cancel);
    return () => {
      this.timers.delete(cancel);
      cancel();
    };
  }

  private async persist(event: StoredEvent): Promise<void> {
    const at = this.ports.scheduler.now();
    await this.ports.append([{ tableId: this.table.id, seq: this.version, event, at }]);
  }

  /**
   * Keeps the state that `applyEvent` gave for a stored event from `before`. A connection may have changed while
   * the event was being written (connections do not wait in the queue): then the event is applied again to the
   * state now.
   */
  private adopt(next: TableState, event: StoredEvent, before: TableState): void {
    this.current =
      this.current === before ? next : unwrapState(applyEvent(this.current, event, this.ports.times));
  }

  private async takeoverNow(seat: number, reason: TakeoverReason): Promise<boolean> {
    if (takeoverRefusal(this.current, seat)) return false;
    if (reason === 'kicked' && !this.seats[seat]!.kickable) return false; // back in time since the vote
    const event: StoredEvent = { type: 'takeover', seat, level: this.table.botLevel, reason };
    const before = this.current;
    const next = unwrapState(applyEvent(before, event, this.ports.times));
    await this.persist(event);
    this.adopt(next, event, before);
    this.stopClock(seat);
    this.botTokens[seat]!++; // the clock's bot deciding for the player is asked no longer: the new bot decides
    this.botPending[seat] = false;
    this.ports.out.seatLost(seat, reason);
    await this.deals.takeover?.(seat);
    this.afterChange();
    this.sendSnapshots(this.current.lastEvent, null);
    return true;
  }

  private async apply(
    seat: number,
    wire: WireMove,
    by: 'player' | 'bot' | 'clock',
    id: string | null,
  ): Promise<SubmitOutcome> {
    const now = this.ports.scheduler.now();
    const bankMs =
      by === 'clock'
        ? 0
        : by === 'player'
          ? bankAfter(
              this.seats[seat]?.bankMs ?? 0,
              this.clockStart[seat] ?? null,
              now,
              this.ports.times.graceMs,
            )
          : this.seats[seat]!.bankMs;
    const event: StoredEvent = { type: 'move', seat, move: wire, by, bankMs, clientId: id };
    const before = this.current;
    const checked = applyEvent(before, event, this.ports.times);
    if (!checked.ok) return { ok: false, error: refusal(checked.error, id) };
    try {
      await this.persist(event);
    } catch (e) {
      this.ports.out.problem(`table ${this.table.id}: storing a move failed`, e);
      return {
        ok: false,
        error: {
          code: 'ERR_STORAGE',
          message: 'the move could not be stored; try again',
          ...(id ? { id } : {}),
        },
      };
    }
    const backInTime = by === 'player' && before.seats[seat]!.kickable;
    this.adopt(checked.value, event, before);
    const prev = before.game;
    this.trickEndedAt = tricksDone(this.game) > tricksDone(prev) ? this.ports.scheduler.now() : null;
    this.stopClock(seat);
    this.botTokens[seat]!++; // a bot still thinking for this seat answers a question no longer asked
    this.botPending[seat] = false;
    this.afterChange();
    this.sendMove(prev, seat, wire, bankMs, id);
    if (backInTime) this.ports.out.seats(this.seatsMessage()); // no longer kickable, its votes gone
    if (this.game.handNumber !== prev.handNumber || this.game.phase === 'gameOver')
      this.sendTranscript(prev.handNumber);
    return { ok: true, v: this.version };
  }

  /** What follows a change: the next deal, the results, clocks for humans to act, decisions from bots. */
  private afterChange(): void {
    if (this.disposed || this.claiming) return;
    const phase = this.game.phase;
    if (phase === 'gameOver') {
      for (let s = 0; s < this.seats.length; s++) this.stopClock(s);
      if (!this.finished && !this.finishing) {
        this.finishing = true;
        void this.run(() => this.finishGame());
      }
      return;
    }
    if (phase === 'deal') {
      for (let s = 0; s < this.seats.length; s++) this.stopClock(s);
      if (!this.dealTimer && this.dealAsked !== this.game.handNumber) {
        const wait = this.game.handNumber === 0 || this.unpaced() ? 0 : this.ports.times.handPauseMs;
        this.dealTimer = this.ports.scheduler.after(wait, () => {
          this.dealTimer = null;
          void this.run(async () => this.askDeal());
        });
      }
      return;
    }
    const toAct = new Set(seatsToAct(this.game));
    for (let s = 0; s < this.seats.length; s++) {
      if (!toAct.has(s)) {
        this.stopClock(s);
        if (this.botPending[s]) {
          this.botTokens[s]!++;
          this.botPending[s] = false;
        }
        continue;
      }
      if (this.seats[s]!.kind === 'bot') {
        if (!this.botPending[s]) this.askBot(s, 'bot');
      } else if (this.clockStart[s] === null && !this.botPending[s]) this.startClock(s);
    }
  }

  /** Asks the deal port for the hand's deal; it is stored in the queue once it comes. */
  private askDeal(): void {
    if (this.disposed || this.game.phase !== 'deal' || this.dealAsked === this.game.handNumber) return;
    const handNumber = this.game.handNumber;
    this.dealAsked = handNumber;
    this.deals.deal(handNumber, this.game).then(
      (d) => void this.run(() => this.storeDeal(handNumber, d)),
      (e: unknown) => {
        this.ports.out.problem(`table ${this.table.id}: no deal for hand ${handNumber}; asking again`, e);
        this.dealAsked = null;
        this.later(RETRY_MS.deal, () => void this.run(async () => this.afterChange()));
      },
    );
  }

  /** Stores a hand's deal; a failed write is retried with the very same deal. */
  private async storeDeal(handNumber: number, d: Deal): Promise<void> {
    if (this.disposed || this.game.phase !== 'deal' || this.game.handNumber !== handNumber) return;
    const event: StoredEvent = {
      type: 'deal',
      hands: d.hands.map((h) => h.toString()),
      sevenSuit: d.sevenSuit === null ? null : (SUITS[d.sevenSuit] as 'C' | 'D' | 'S'),
      ...(d.shuffle ? { shuffle: d.shuffle } : {}),
    };
    const before = this.current;
    const checked = applyEvent(before, event, this.ports.times);
    if (!checked.ok)
      throw new Error(`table ${this.table.id}: the deal was refused: ${checked.error.message}`);
    try {
      await this.persist(event);
    } catch (e) {
      this.ports.out.problem(`table ${this.table.id}: storing a deal failed; retrying`, e);
      this.later(RETRY_MS.deal, () => void this.run(() => this.storeDeal(handNumber, d)));
      return;
    }
    this.dealAsked = null;
    this.trickEndedAt = null;
    this.deals.dealt?.(handNumber);
    this.adopt(checked.value, event, before);
    this.afterChange();
    this.sendSnapshots(this.current.lastEvent, null);
  }

  private async finishGame(): Promise<void> {
    try {
      this.result = await this.ports.finish();
      this.finished = true;
      this.ports.out.result(this.result);
    } catch (e) {
      this.ports.out.problem(`table ${this.table.id}: storing the results failed; retrying`, e);
      this.later(RETRY_MS.finish, () => void this.run(() => this.finishGame()));
      return;
    }
    this.finishing = false;
  }

  /**
   * Whether the bots may play without the pace of a table with people: only at a table of bots from its start
   * (self-play, tests). A table whose people were all taken over keeps the pace, so that tables nobody plays at
   * any more cannot crowd the bots of the tables people play at.
   */
  private unpaced(): boolean {
    return this.seats.every((s) => s.kind === 'bot' && !s.replaced);
  }

  // --- bots ----------------------------------------------------------------------------------------------------

  /** Asks a bot for the seat's decision; `clock`: the player's bank ran out and the bot decides for them. */
  private askBot(seat: number, by: 'bot' | 'clock'): void {
    const token = ++this.botTokens[seat]!;
    this.botPending[seat] = true;
    const view = observation(this.game, seat);
    const { scheduler, times } = this.ports;
    const started = scheduler.now();
    // The earliest time the answer is played: the bot delay while humans watch, the pause after a trick.
    let notBefore = by === 'bot' && !this.unpaced() ? started + times.botDelayMs : started;
    if (by === 'bot' && this.trickEndedAt !== null && times.trickPauseMs)
      notBefore = Math.max(notBefore, this.trickEndedAt + times.trickPauseMs);
    const level = by === 'clock' ? times.clockLevel : (this.seats[seat]!.level ?? 'medium');
    let answer: Promise<WireMove>;
    try {
      answer = this.ports.bots.decide(view, level, times.botTimeMs).then(toWire);
    } catch (e) {
      answer = Promise.reject(e instanceof Error ? e : new Error(String(e)));
    }
    void answer
      .catch((e: unknown) => {
        this.ports.out.botFailed(e);
        return fallbackDecision(view);
      })
      .then((wire) => {
        const go = () => void this.run(() => this.botMove(seat, token, wire, by));
        const delay = notBefore - scheduler.now();
        if (delay > 0) this.later(delay, go);
        else go();
      });
  }

  /**
   * A bot's answer, in the queue: dropped when stale; an illegal one is replaced by the first legal decision; one
   * whose write fails is tried again after `RETRY_MS.bot` (the seat stays with its bot meanwhile: a player out of
   * time gets no new grace from a failed write).
   */
  private async botMove(seat: number, token: number, wire: WireMove, by: 'bot' | 'clock'): Promise<void> {
    if (this.disposed || token !== this.botTokens[seat]) return;
    if (!seatsToAct(this.game).includes(seat)) {
      this.botPending[seat] = false;
      return;
    }
    const r = await this.apply(seat, wire, by, null);
    if (!r.ok && r.error.code === 'ERR_STORAGE')
      this.later(RETRY_MS.bot, () => void this.run(() => this.botMove(seat, token, wire, by)));
    else if (!r.ok) {
      this.ports.out.botFailed(
        new Error(`seat ${seat}: the bot's ${wire.kind} was refused: ${r.error.message}`),
      );
      const fallback = fallbackDecision(observation(this.game, seat));
      const again = await this.apply(seat, fallback, by, null);
      if (!again.ok && again.error.code === 'ERR_STORAGE')
        this.later(RETRY_MS.bot, () => void this.run(() => this.botMove(seat, token, fallback, by)));
    }
  }

  // --- clocks --------------------------------------------------------------------------------------------------

  private startClock(seat: number): void {
    const { scheduler, times } = this.ports;
    const now = scheduler.now();
    const { graceEndsAt, bankEndsAt } = clockDeadlines(this.seats[seat]!.bankMs, now, times.graceMs);
    this.clockStart[seat] = now;
    this.graceTimers[seat] = scheduler.after(graceEndsAt - now, () => {
      this.graceTimers[seat] = null;
      this.ports.out.clock({ clock: this.clockInfo(seat), kickable: this.kickable() });
    });
    this.bankTimers[seat] = scheduler.after(bankEndsAt - now, () => {
      this.bankTimers[seat] = null;
      void this.run(async () => this.bankRanOut(seat));
    });
  }

  private bankRanOut(seat: number): void {
    if (this.disposed || this.clockStart[seat] === null || this.seats[seat]!.kind !== 'human') return;
    if (!seatsToAct(this.game).includes(seat)) return;
    this.current = bankRanOut(this.current, seat);
    this.stopClock(seat);
    this.ports.out.clock({ clock: this.clockInfo(seat), kickable: this.kickable() });
    this.askBot(seat, 'clock');
  }

  private stopClock(seat: number): void {
    this.graceTimers[seat]?.();
    this.bankTimers[seat]?.();
    this.graceTimers[seat] = null;
    this.bankTimers[seat] = null;
    this.clockStart[seat] = null;
  }

  private clockInfo(seat: number): ClockInfo {
    const { scheduler, times } = this.ports;
    return clockInfo(
      seat,
      this.seats[seat]!.bankMs,
      this.clockStart[seat] ?? null,
      scheduler.now(),
      times.graceMs,
    );
  }

  private kickable(): boolean[] {
    return this.seats.map((s) => s.kickable);
  }

  // --- messages ------------------------------------------------------------------------------------------------

  private tableInfo(you: number): TableInfo {
    return { ...this.publicTableInfo(), you };
  }

  /** The table as anyone sees it: seats, clocks and settings, without a seat of one's own. */
  private publicTableInfo(): WatchTableInfo {
    const { id, kind, rated } = this.table;
    return {
      id,
      kind,
      rated,
      ...this.seatsMessage(),
      clocks: this.seats.map((_, s) => this.clockInfo(s)),
      graceMs: this.ports.times.graceMs,
      bankMs: this.ports.times.bankMs,
      ...(this.ports.times.reconnectMs === undefined ? {} : { reconnectMs: this.ports.times.reconnectMs }),
    };
  }

  private sendSnapshots(event: TableEvent, ack: { seat: number; id: string } | null): void {
    for (let s = 0; s < this.seats.length; s++)
      this.ports.out.game(s, this.snapshot(s, event, ack && ack.seat === s ? ack.id : undefined));
    this.toWatchers(event);
  }

  private toWatchers(event: TableEvent): void {
    this.ports.out.watch?.(() => this.watchSnapshot(event));
  }

  /** After a hand: every seat gets all seeds and the deal, to verify on its own. */
  private sendTranscript(handNumber: number): void {
    const transcript = this.current.transcripts.get(handNumber);
    if (!transcript) return;
    const m: ShuffleMessage = { step: 'transcript', handNumber, transcript }; // one object: encoded once
    for (let s = 0; s < this.seats.length; s++) this.ports.out.shuffle?.(s, m);
  }

  /** After a move: a compact `play` or `passed` message while the hand goes on, a snapshot otherwise. */
  private sendMove(prev: GameState, seat: number, wire: WireMove, bank: number, id: string | null): void {
    const ack = id ?? undefined;
    const plays: GameMessage[] | null =
      wire.kind === 'play'
        ? playMessages(prev, this.game, seat, wire.card, bank, this.version, ack)
        : wire.kind === 'pass'
          ? passedMessages(prev, this.game, seat, wire.cards, bank, this.version, ack)
          : null;
    if (!plays) {
      this.sendSnapshots(this.current.lastEvent, id === null ? null : { seat, id });
      return;
    }
    // The seats that get one shared object go one after the other, so that the host encodes it only once.
    const shared = plays.find((m, s) => plays.indexOf(m) !== s);
    if (shared)
      for (let s = 0; s < plays.length; s++) if (plays[s] === shared) this.ports.out.game(s, shared);
    for (let s = 0; s < plays.length; s++) if (plays[s] !== shared) this.ports.out.game(s, plays[s]!);
    this.toWatchers(this.current.lastEvent);
  }
}
