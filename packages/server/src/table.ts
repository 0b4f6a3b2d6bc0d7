/**
 * One live table, without any transport: the engine's game, who sits where, the clocks, kick votes, bots and the
 * event log, over `@hearts/table`'s `TableState`. Every change is one event: checked by `applyEvent` (the engine),
 * written to the store, and only then applied and sent — each seat gets its own view (`observation(state, seat)`),
 * nothing else. A table restores itself by folding the same `applyEvent` over its stored events. What is not
 * replayed stays here: timers and when each clock started, bot requests and their tokens, the fair shuffle's round.
 *
 * ```ts
 * const table = Table.create(record, deps); // or Table.restore(record, events, deps)
 * table.begin(); // deals, starts clocks, asks bots
 * const r = await table.submit(seat, 'm1', { kind: 'play', card: '2C' });
 * ```
 */
import {
  CardSet,
  SUITS,
  cryptoRandom,
  dealRandom,
  observation,
  randomInt,
  DIE_SUITS,
  seatsToAct,
  type Card,
  type GameState,
  type Observation,
  type Suit,
} from '@hearts/engine';
import type { Decision } from '@hearts/bots';
import {
  applyEvent,
  bankAfter,
  bankRanOut,
  castKickVote,
  clockDeadlines,
  clockInfo,
  humanSeats,
  newTableState,
  seatsMessage,
  setConnected,
  takeoverRefusal,
  unwrapState,
  type SeatRecord,
  type StoredEvent,
  type TableEventError,
  type TableState,
} from '@hearts/table';
import type {
  BotLevel,
  ClockInfo,
  ClockMessage,
  ErrorMessage,
  GameMessage,
  ResultMessage,
  SeatsMessage,
  ShuffleMessage,
  SnapshotMessage,
  TableEvent,
  TableInfo,
  TakeoverReason,
  WireMove,
} from '@hearts/table/protocol';
import type { Transcript } from '@hearts/shuffle';
import type { BotDecider } from './bots.js';
import { passedMessages, playMessages } from './views.js';
import { TableShuffle, shuffleTestHooks } from './shuffle-table.js';
import type { EventRow, TableRecord } from './store/types.js';

/** The clock and pace of a table. */
export interface TableTimes {
  readonly graceMs: number; // free thinking time per decision
  readonly bankMs: number; // time bank per player and hand
  readonly botDelayMs: number; // a bot moves no sooner than this after its turn begins (humans present)
  readonly handPauseMs: number; // pause between hands
  readonly botTimeMs: number; // thinking budget of the search bots
  readonly clockLevel: BotLevel; // the bot that decides for a player whose bank ran out
  readonly shuffleMs?: number; // fair shuffle: time to commit, and to reveal (default 5 s); then server/fallback seeds
}

/** Where a table's outputs go (the room sends them to connections). */
export interface TableOutput {
  game(seat: number, message: GameMessage): void;
  clock(message: ClockMessage): void;
  seats(message: SeatsMessage): void;
  result(message: ResultMessage): void;
  /** A bot thread failed to decide; the table played a legal card of its own instead. */
  botFailed(error: unknown): void;
  /** The seat went to a bot for good: its player's connections must go. */
  seatLost(seat: number, reason: TakeoverReason): void;
  problem(message: string, error?: unknown): void;
  /** The fair shuffle's messages to one seat (hearts-shuffle/1). */
  shuffle?(seat: number, message: ShuffleMessage): void;
}

/** A deal: the hands in seat order and, under sevenOfDie, the die's suit. Without one, tables deal by the fair shuffle. */
export type DealSource = (
  state: GameState,
  tableId: string,
) => Promise<{ hands: CardSet[]; sevenSuit: Suit | null }>;

export const randomDeal: DealSource = (state) => {
  const dealt = dealRandom(state, cryptoRandom());
  const log = dealt.log[dealt.handNumber]!;
  return Promise.resolve({ hands: [...log.deal], sevenSuit: log.sevenSuit });
};

export interface TableDeps {
  readonly append: (rows: EventRow[]) => Promise<void>; // durable before it resolves
  readonly bots: BotDecider;
  readonly times: TableTimes;
  readonly out: TableOutput;
  readonly finish: (table: Table) => Promise<ResultMessage>; // results, ratings, record: stored
  readonly deal?: DealSource; // tests: deal without the fair shuffle
  readonly now?: () => number;
}

export type SubmitOutcome =
  { readonly ok: true; readonly v: number } | { readonly ok: false; readonly error: ErrorMessage };

const decisionToWire = (d: Decision): WireMove =>
  d.kind === 'pass'
    ? { kind: 'pass', cards: [...d.cards] }
    : d.kind === 'play'
      ? { kind: 'play', card: d.card }
      : { kind: 'moon', choice: d.choice };

/** A legal decision without a bot, when the bot thread fails. */
function fallbackDecision(view: Observation): WireMove {
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

export class Table {
  /** The table's replayable state: game, seats, version, last event, move ids, transcripts. */
  state: TableState;
  finished = false; // results stored
  result: ResultMessage | null = null;

  private readonly clockStart: (number | null)[]; // when each running clock started (ms since the epoch)
  private readonly graceTimers: (ReturnType<typeof setTimeout> | null)[];
  private readonly bankTimers: (ReturnType<typeof setTimeout> | null)[];
  private readonly botTokens: number[];
  private readonly botPending: boolean[];
  private queue: Promise<unknown> = Promise.resolve();
  private dealTimer: ReturnType<typeof setTimeout> | null = null;
  private finishing = false;
  private disposed = false;
  private readonly now: () => number;
  private readonly fair: TableShuffle | null; // null: deps.deal deals

  private constructor(
    readonly record: TableRecord,
    private readonly deps: TableDeps,
  ) {
    const s = newTableState(record.rules, record.seats, deps.times);
    if (!s.ok) throw new Error(`table ${record.id}: ${s.error.message}`);
    this.state = s.value;
    const n = record.rules.players;
    this.clockStart = new Array<number | null>(n).fill(null);
    this.graceTimers = new Array<null>(n).fill(null);
    this.bankTimers = new Array<null>(n).fill(null);
    this.botTokens = new Array<number>(n).fill(0);
    this.botPending = new Array<boolean>(n).fill(false);
    this.now = deps.now ?? Date.now;
    this.fair = deps.deal
      ? null
      : new TableShuffle({
          tableId: record.id,
          players: n,
          removedCards: record.rules.removedCards,
          timeoutMs: deps.times.shuffleMs ?? 5000,
          isHuman: (seat) => this.seats[seat]?.kind === 'human',
          send: (seat, m) => this.deps.out.shuffle?.(seat, m),
          persist: (event) => this.persistApplied(event),
          enqueue: (f) => void this.enqueue(f),
          deal: (handNumber, transcript, hands) => this.dealShuffled(handNumber, transcript, hands),
          problem: (message, e) => this.deps.out.problem(message, e),
        });
  }

  get id(): string {
    return this.record.id;
  }
  get game(): GameState {
    return this.state.game;
  }
  get version(): number {
    return this.state.version; // events applied
  }
  get seats(): readonly SeatRecord[] {
    return this.state.seats;
  }
  get lastEvent(): TableEvent {
    return this.state.lastEvent;
  }
  get transcripts(): ReadonlyMap<number, Transcript> {
    return this.state.transcripts; // hearts-shuffle/1, by hand number
  }

  static create(record: TableRecord, deps: TableDeps): Table {
    return new Table(record, deps);
  }

  /** Rebuilds a table from its stored events (`applyEvent` folded over them); throws when they do not replay. */
  static restore(record: TableRecord, events: readonly EventRow[], deps: TableDeps): Table {
    const t = new Table(record, deps);
    for (const row of events) {
      if (row.seq !== t.version) throw new Error(`table ${record.id}: event ${row.seq} out of order`);
      const e = row.event;
      const r = applyEvent(t.state, e, deps.times);
      if (!r.ok)
        throw new Error(
          `table ${record.id}: stored ${e.type} ${JSON.stringify(e)} refused: ${r.error.message}`,
        );
      t.state = r.value;
      if (e.type === 'commitments') t.fair?.restore(e);
      else if (e.type === 'deal') t.fair?.dealt(t.game.handNumber);
    }
    return t;
  }

  /** Starts the table's life in this process: deal if due, clocks, bots, or the results of a finished game. */
  begin(): void {
    this.enqueue(async () => this.afterChange());
  }

  /** Humans who still hold their seat. */
  humanSeats(): number[] {
    return humanSeats(this.state);
  }

  seatOfUser(userId: string): number {
    return this.seats.findIndex((s) => s.kind === 'human' && s.userId === userId);
  }

  /** A player's move. Duplicate ids are answered, never applied twice. */
  submit(seat: number, id: string, move: WireMove): Promise<SubmitOutcome> {
    return this.enqueue(async () => {
      const done = this.state.moveIds.get(seat, id);
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

  /** A player leaves, is kicked or stayed away too long: a bot plays the seat to the end of the game. */
  takeover(seat: number, reason: TakeoverReason): Promise<boolean> {
    return this.enqueue(() => this.takeoverNow(seat, reason));
  }

  /**
   * A vote to kick a seat that is out of time: its bank ran out and its player has not decided by themselves
   * since (the clock decides for them). Enough votes put a bot in it — if the seat is still out of time when the
   * takeover comes; a decision of the player's own in time, or a new hand's bank, clears the votes.
   */
  voteKick(voter: number, target: number): Promise<ErrorMessage | null> {
    return this.enqueue(async () => {
      const r = castKickVote(this.state, voter, target);
      if (!r.ok) return r.error;
      this.state = r.value.state;
      if (r.value.kick) void this.enqueue(() => this.takeoverNow(target, 'kicked'));
      this.deps.out.seats(this.seatsMessage());
      return null;
    });
  }

  private async takeoverNow(seat: number, reason: TakeoverReason): Promise<boolean> {
    if (takeoverRefusal(this.state, seat)) return false;
    if (reason === 'kicked' && !this.seats[seat]!.kickable) return false; // back in time since the vote
    const event: StoredEvent = { type: 'takeover', seat, level: this.record.botLevel, reason };
    const before = this.state;
    const next = unwrapState(applyEvent(before, event, this.deps.times));
    await this.persist(event);
    this.adopt(next, event, before);
    this.stopClock(seat);
    this.deps.out.seatLost(seat, reason);
    await this.fair?.takeover(seat);
    this.afterChange();
    this.sendSnapshots(this.lastEvent, null);
    return true;
  }

  /** `announce`: false when every seat is sent a snapshot right after (which shows who is connected). */
  setConnected(seat: number, connected: boolean, announce = true): void {
    if (this.seats[seat]?.connected === connected) return;
    this.state = setConnected(this.state, seat, connected);
    if (announce) this.deps.out.seats(this.seatsMessage());
    if (connected) this.fair?.connected(seat);
  }

  /** A seat's fair-shuffle step: its commitment, or its seed once the list is out. */
  shuffleStep(
    seat: number,
    step: 'commit' | 'reveal',
    handNumber: number,
    value: string,
  ): Promise<ErrorMessage | null> {
    return this.enqueue(async () => {
      if (this.seats[seat]?.kind !== 'human')
        return { code: 'ERR_NOT_SEATED', message: 'a bot plays this seat' };
      if (!this.fair) return { code: 'ERR_NOT_NOW', message: 'this table deals without the fair shuffle' };
      return step === 'commit'
        ? this.fair.commit(seat, handNumber, value)
        : this.fair.reveal(seat, handNumber, value);
    });
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

  /** Stops timers; the table object is done with (its log stays in the store). */
  dispose(): void {
    this.disposed = true;
    if (this.dealTimer) clearTimeout(this.dealTimer);
    this.fair?.dispose();
    for (let s = 0; s < this.seats.length; s++) this.stopClock(s);
    this.botTokens.fill(-1);
  }

  /** Waits until every queued change is done (tests, shutdown). */
  idle(): Promise<void> {
    return this.queue.then(
      () => undefined,
      () => undefined,
    );
  }

  // --- changes -------------------------------------------------------------------------------------------------

  private enqueue<T>(f: () => Promise<T>): Promise<T> {
    const run = this.queue.then(f, f);
    this.queue = run.catch((e: unknown) => this.deps.out.problem(`table ${this.id}: a change failed`, e));
    return run;
  }

  private async persist(event: StoredEvent): Promise<void> {
    await this.deps.append([{ tableId: this.id, seq: this.version, event, at: this.now() }]);
  }

  /** Checks, writes and applies an event that needs nothing else (the fair shuffle's commitments). */
  private async persistApplied(event: StoredEvent): Promise<void> {
    const before = this.state;
    const next = unwrapState(applyEvent(before, event, this.deps.times));
    await this.persist(event);
    this.adopt(next, event, before);
  }

  /**
   * Keeps the state that `applyEvent` gave for a stored event from `before`. A connection may have changed while
   * the event was being written (connections do not wait in the queue): then the event is applied again to the
   * state now.
   */
  private adopt(next: TableState, event: StoredEvent, before: TableState): void {
    this.state = this.state === before ? next : unwrapState(applyEvent(this.state, event, this.deps.times));
  }

  private async apply(
    seat: number,
    wire: WireMove,
    by: 'player' | 'bot' | 'clock',
    id: string | null,
  ): Promise<SubmitOutcome> {
    const cheat = shuffleTestHooks.cheat?.move;
    if (cheat && by === 'player') wire = cheat(seat, wire);
    const bankMs =
      by === 'clock'
        ? 0
        : by === 'player'
          ? bankAfter(
              this.seats[seat]?.bankMs ?? 0,
              this.clockStart[seat] ?? null,
              this.now(),
              this.deps.times.graceMs,
            )
          : this.seats[seat]!.bankMs;
    const event: StoredEvent = { type: 'move', seat, move: wire, by, bankMs, clientId: id };
    const before = this.state;
    const checked = applyEvent(before, event, this.deps.times);
    if (!checked.ok) return { ok: false, error: refusal(checked.error, id) };
    try {
      await this.persist(event);
    } catch (e) {
      this.deps.out.problem(`table ${this.id}: storing a move failed`, e);
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
    this.stopClock(seat);
    this.botTokens[seat]!++; // a bot still thinking for this seat answers a question no longer asked
    this.botPending[seat] = false;
    this.afterChange();
    this.sendMove(prev, seat, wire, bankMs, id);
    if (backInTime) this.deps.out.seats(this.seatsMessage()); // no longer kickable, its votes gone
    if (this.game.handNumber !== prev.handNumber || this.game.phase === 'gameOver')
      this.sendTranscript(prev.handNumber);
    return { ok: true, v: this.version };
  }

  /** What follows a change: the next deal, the results, clocks for humans to act, decisions from bots. */
  private afterChange(): void {
    if (this.disposed) return;
    const phase = this.game.phase;
    if (phase === 'gameOver') {
      for (let s = 0; s < this.seats.length; s++) this.stopClock(s);
      if (!this.finished && !this.finishing) {
        this.finishing = true;
        this.enqueue(() => this.finishGame());
      }
      return;
    }
    if (phase === 'deal') {
      for (let s = 0; s < this.seats.length; s++) this.stopClock(s);
      if (!this.dealTimer) {
        const wait = this.game.handNumber === 0 || this.allBots() ? 0 : this.deps.times.handPauseMs;
        this.dealTimer = setTimeout(() => {
          this.dealTimer = null;
          this.enqueue(() => this.dealNow());
        }, wait);
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

  private async dealNow(): Promise<void> {
    if (this.disposed || this.game.phase !== 'deal') return;
    if (this.fair) {
      this.fair.run(this.game.handNumber);
      return;
    }
    const { hands, sevenSuit } = await (this.deps.deal ?? randomDeal)(this.game, this.id);
    await this.dealHands(hands, sevenSuit, null, () => this.dealNow());
  }

  /** The fair shuffle's deal: never re-dealt; a failed write is retried with the very same deal. */
  private async dealShuffled(handNumber: number, transcript: Transcript, dealt: Card[][]): Promise<void> {
    if (this.disposed || this.game.phase !== 'deal' || this.game.handNumber !== handNumber) return;
    const hands = dealt.map((h) => CardSet.fromCards(h));
    const seven = this.game.rules.sevenOfDie ? DIE_SUITS[randomInt(cryptoRandom(), 6)]! : null;
    await this.dealHands(hands, seven, transcript, () => this.dealShuffled(handNumber, transcript, dealt));
  }

  /** After a hand: every seat gets all seeds and the deal, to verify on its own. */
  private sendTranscript(handNumber: number): void {
    const transcript = this.transcripts.get(handNumber);
    if (!transcript) return;
    const m: ShuffleMessage = { step: 'transcript', handNumber, transcript }; // one object: encoded once
    for (let s = 0; s < this.seats.length; s++) this.deps.out.shuffle?.(s, m);
  }

  private async dealHands(
    hands: CardSet[],
    sevenSuit: Suit | null,
    shuffle: Transcript | null,
    retry: () => Promise<void>,
  ): Promise<void> {
    const event: StoredEvent = {
      type: 'deal',
      hands: hands.map((h) => h.toString()),
      sevenSuit: sevenSuit === null ? null : (SUITS[sevenSuit] as 'C' | 'D' | 'S'),
      ...(shuffle ? { shuffle } : {}),
    };
    const before = this.state;
    const checked = applyEvent(before, event, this.deps.times);
    if (!checked.ok) throw new Error(`table ${this.id}: the deal was refused: ${checked.error.message}`);
    try {
      await this.persist(event);
    } catch (e) {
      this.deps.out.problem(`table ${this.id}: storing a deal failed; retrying`, e);
      this.dealTimer = setTimeout(() => {
        this.dealTimer = null;
        this.enqueue(retry);
      }, 1000);
      return;
    }
    this.fair?.dealt(this.game.handNumber);
    this.adopt(checked.value, event, before);
    this.afterChange();
    this.sendSnapshots(this.lastEvent, null);
  }

  private async finishGame(): Promise<void> {
    try {
      this.result = await this.deps.finish(this);
      this.finished = true;
      this.deps.out.result(this.result);
    } catch (e) {
      this.deps.out.problem(`table ${this.id}: storing the results failed; retrying`, e);
      if (!this.disposed)
        setTimeout(() => {
          if (!this.disposed) this.enqueue(() => this.finishGame());
        }, 2000);
      return;
    }
    this.finishing = false;
  }

  private allBots(): boolean {
    return this.seats.every((s) => s.kind === 'bot');
  }

  // --- bots ----------------------------------------------------------------------------------------------------

  /** Asks a bot for the seat's decision; `clock`: the player's bank ran out and the bot decides for them. */
  private askBot(seat: number, by: 'bot' | 'clock'): void {
    const token = ++this.botTokens[seat]!;
    this.botPending[seat] = true;
    const view = observation(this.game, seat);
    const started = this.now();
    const level = by === 'clock' ? this.deps.times.clockLevel : (this.seats[seat]!.level ?? 'medium');
    this.deps.bots
      .decide(level, view, this.deps.times.botTimeMs)
      .then(decisionToWire, (e: unknown) => {
        this.deps.out.botFailed(e);
        return fallbackDecision(view);
      })
      .then((wire) => {
        const delay = by === 'bot' && !this.allBots() ? started + this.deps.times.botDelayMs - this.now() : 0;
        const go = () =>
          this.enqueue(async () => {
            if (this.disposed || token !== this.botTokens[seat]) return;
            if (!seatsToAct(this.game).includes(seat)) {
              this.botPending[seat] = false;
              return;
            }
            const r = await this.apply(seat, wire, by, null);
            if (!r.ok && r.error.code !== 'ERR_STORAGE') {
              // Not legal after all (should not happen): play the first legal decision.
              await this.apply(seat, fallbackDecision(observation(this.game, seat)), by, null);
            } else if (!r.ok) {
              this.botPending[seat] = false;
              setTimeout(() => this.enqueue(async () => this.afterChange()), 1000);
            }
          });
        if (delay > 0) setTimeout(go, delay);
        else void go();
      });
  }

  // --- clocks --------------------------------------------------------------------------------------------------

  private startClock(seat: number): void {
    const now = this.now();
    const { graceEndsAt, bankEndsAt } = clockDeadlines(
      this.seats[seat]!.bankMs,
      now,
      this.deps.times.graceMs,
    );
    this.clockStart[seat] = now;
    this.graceTimers[seat] = setTimeout(() => {
      this.graceTimers[seat] = null;
      this.deps.out.clock({ clock: this.clockInfo(seat), kickable: this.kickable() });
    }, graceEndsAt - now);
    this.bankTimers[seat] = setTimeout(() => {
      this.bankTimers[seat] = null;
      this.enqueue(async () => this.bankRanOut(seat));
    }, bankEndsAt - now);
  }

  private bankRanOut(seat: number): void {
    if (this.disposed || this.clockStart[seat] === null || this.seats[seat]!.kind !== 'human') return;
    if (!seatsToAct(this.game).includes(seat)) return;
    this.state = bankRanOut(this.state, seat);
    this.stopClock(seat);
    this.deps.out.clock({ clock: this.clockInfo(seat), kickable: this.kickable() });
    this.askBot(seat, 'clock');
  }

  private stopClock(seat: number): void {
    const g = this.graceTimers[seat];
    const b = this.bankTimers[seat];
    if (g) clearTimeout(g);
    if (b) clearTimeout(b);
    this.graceTimers[seat] = null;
    this.bankTimers[seat] = null;
    this.clockStart[seat] = null;
  }

  private clockInfo(seat: number): ClockInfo {
    return clockInfo(
      seat,
      this.seats[seat]!.bankMs,
      this.clockStart[seat] ?? null,
      this.now(),
      this.deps.times.graceMs,
    );
  }

  private kickable(): boolean[] {
    return this.seats.map((s) => s.kickable);
  }

  // --- views ---------------------------------------------------------------------------------------------------

  seatsMessage(): SeatsMessage {
    return seatsMessage(this.state);
  }

  private tableInfo(you: number): TableInfo {
    return {
      id: this.id,
      kind: this.record.kind,
      rated: this.record.rated,
      you,
      ...this.seatsMessage(),
      clocks: this.seats.map((_, s) => this.clockInfo(s)),
      graceMs: this.deps.times.graceMs,
      bankMs: this.deps.times.bankMs,
    };
  }

  private sendSnapshots(event: TableEvent, ack: { seat: number; id: string } | null): void {
    for (let s = 0; s < this.seats.length; s++)
      this.deps.out.game(s, this.snapshot(s, event, ack && ack.seat === s ? ack.id : undefined));
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
      this.sendSnapshots(this.lastEvent, id === null ? null : { seat, id });
      return;
    }
    // The seats that get one shared object go one after the other, so that the room encodes it only once.
    const shared = plays.find((m, s) => plays.indexOf(m) !== s);
    if (shared) for (let s = 0; s < plays.length; s++) if (plays[s] === shared) this.deps.out.game(s, shared);
    for (let s = 0; s < plays.length; s++) if (plays[s] !== shared) this.deps.out.game(s, plays[s]!);
  }
}
