/**
 * One live table on the server: the wiring around `@hearts/table`'s `TableDriver`, which runs the table's life
 * (the work queue, moves and their dedupe, clocks, kick votes, takeovers, bot requests, pacing, dealing and the
 * per-seat messages). The server gives it real time (`setTimeout`), the bot worker pool, the event writer, its deals
 * (the fair shuffle `hearts-shuffle/1` of `shuffle-table.ts`, or `deps.deal` in tests), finishing the game (results,
 * ratings, records) and the room's outbox.
 *
 * ```ts
 * const table = Table.create(record, deps); // or Table.restore(record, events, deps)
 * table.begin(); // deals, starts clocks, asks bots
 * const r = await table.submit(seat, 'm1', { kind: 'play', card: '2C' });
 * ```
 */
import {
  CardSet,
  cryptoRandom,
  dealRandom,
  randomInt,
  DIE_SUITS,
  type Card,
  type GameState,
  type Suit,
} from '@hearts/engine';
import {
  TableDriver,
  newTableState,
  type Deal,
  type DealPort,
  type DriverPorts,
  type DriverTimes,
  type Outbox,
  type Scheduler,
  type SeatRecord,
  type SubmitOutcome,
  type TableState,
} from '@hearts/table';
import type {
  ErrorMessage,
  ResultMessage,
  SeatsMessage,
  SnapshotMessage,
  TableEvent,
  TakeoverReason,
  WireMove,
} from '@hearts/table/protocol';
import type { Transcript } from '@hearts/shuffle';
import type { BotDecider } from './bots.js';
import { TableShuffle, shuffleTestHooks } from './shuffle-table.js';
import type { EventRow, TableRecord } from './store/types.js';

export type { SubmitOutcome } from '@hearts/table';

/** The clock and pace of a table. */
export interface TableTimes extends DriverTimes {
  readonly shuffleMs?: number; // fair shuffle: time to commit, and to reveal (default 5 s); then server/fallback seeds
}

/** Where a table's outputs go (the room sends them to connections). */
export type TableOutput = Outbox;

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

/** Real time: `now` (the deps' clock, or the system's) and `setTimeout`. */
const realScheduler = (now: () => number): Scheduler => ({
  now,
  after: (ms, fn) => {
    const t = setTimeout(fn, Math.max(0, ms));
    return () => clearTimeout(t);
  },
});

/** The fair shuffle as the driver's deal port: a hand's deal comes once every seed is in. */
class FairDeals implements DealPort {
  readonly shuffle: TableShuffle;
  private waiting: { handNumber: number; resolve: (d: Deal) => void } | null = null;

  constructor(record: TableRecord, deps: TableDeps, table: () => Table) {
    this.shuffle = new TableShuffle({
      tableId: record.id,
      players: record.rules.players,
      removedCards: record.rules.removedCards,
      timeoutMs: deps.times.shuffleMs ?? 5000,
      isHuman: (seat) => table().seats[seat]?.kind === 'human',
      send: (seat, m) => deps.out.shuffle?.(seat, m),
      persist: (event) => table().driver.record(event),
      enqueue: (f) => void table().driver.run(f),
      deal: (handNumber, transcript, hands) => {
        this.dealShuffled(handNumber, transcript, hands, table().game);
        return Promise.resolve();
      },
      problem: (message, e) => deps.out.problem(message, e),
    });
  }

  deal(handNumber: number): Promise<Deal> {
    return new Promise((resolve) => {
      this.waiting = { handNumber, resolve };
      this.shuffle.run(handNumber);
    });
  }

  dealt(handNumber: number): void {
    this.shuffle.dealt(handNumber);
  }

  takeover(seat: number): Promise<void> {
    return this.shuffle.takeover(seat);
  }

  private dealShuffled(handNumber: number, transcript: Transcript, dealt: Card[][], game: GameState): void {
    const w = this.waiting;
    if (!w || w.handNumber !== handNumber) return;
    this.waiting = null;
    const hands = dealt.map((h) => CardSet.fromCards(h));
    const sevenSuit = game.rules.sevenOfDie ? DIE_SUITS[randomInt(cryptoRandom(), 6)]! : null;
    w.resolve({ hands, sevenSuit, shuffle: transcript });
  }
}

/** A live table: its record, its driver, and the fair shuffle that deals it; the room's handle on the game. */
export class Table {
  /** The table's life: queue, clocks, bots, takeovers, dealing, messages. */
  readonly driver: TableDriver;
  private readonly fair: FairDeals | null; // null: deps.deal deals

  private constructor(
    readonly record: TableRecord,
    deps: TableDeps,
    events: readonly EventRow[],
  ) {
    const s = newTableState(record.rules, record.seats, deps.times);
    if (!s.ok) throw new Error(`table ${record.id}: ${s.error.message}`);
    this.fair = deps.deal ? null : new FairDeals(record, deps, () => this);
    const dealSource = deps.deal;
    const ports: DriverPorts = {
      times: deps.times,
      scheduler: realScheduler(deps.now ?? Date.now),
      bots: { decide: (view, level, timeMs) => deps.bots.decide(level, view, timeMs) },
      append: deps.append,
      deal: this.fair ?? ({ deal: (_handNumber, game) => dealSource!(game, record.id) } satisfies DealPort),
      out: deps.out,
      finish: () => deps.finish(this),
      playerMove: (seat, move) => shuffleTestHooks.cheat?.move?.(seat, move) ?? move,
    };
    const info = { id: record.id, kind: record.kind, rated: record.rated, botLevel: record.botLevel };
    this.driver = TableDriver.restore(info, s.value, events, ports, (e, state) => {
      if (e.type === 'commitments') this.fair?.shuffle.restore(e);
      else if (e.type === 'deal') this.fair?.shuffle.dealt(state.game.handNumber);
    });
  }

  get id(): string {
    return this.record.id;
  }
  /** The table's replayable state: game, seats, version, last event, move ids, transcripts. */
  get state(): TableState {
    return this.driver.state;
  }
  get game(): GameState {
    return this.driver.game;
  }
  get version(): number {
    return this.driver.version; // events applied
  }
  get seats(): readonly SeatRecord[] {
    return this.driver.seats;
  }
  get lastEvent(): TableEvent {
    return this.driver.state.lastEvent;
  }
  get transcripts(): ReadonlyMap<number, Transcript> {
    return this.driver.state.transcripts; // hearts-shuffle/1, by hand number
  }
  /** Results stored. */
  get finished(): boolean {
    return this.driver.finished;
  }
  get result(): ResultMessage | null {
    return this.driver.result;
  }

  static create(record: TableRecord, deps: TableDeps): Table {
    return new Table(record, deps, []);
  }

  /** Rebuilds a table from its stored events (`applyEvent` folded over them); throws when they do not replay. */
  static restore(record: TableRecord, events: readonly EventRow[], deps: TableDeps): Table {
    return new Table(record, deps, events);
  }

  /** Starts the table's life in this process: deal if due, clocks, bots, or the results of a finished game. */
  begin(): void {
    this.driver.begin();
  }

  /** Humans who still hold their seat. */
  humanSeats(): number[] {
    return this.driver.humanSeats();
  }

  seatOfUser(userId: string): number {
    return this.seats.findIndex((s) => s.kind === 'human' && s.userId === userId);
  }

  /** A player's move. Duplicate ids are answered, never applied twice. */
  submit(seat: number, id: string, move: WireMove): Promise<SubmitOutcome> {
    return this.driver.submit(seat, id, move);
  }

  /** A player leaves, is kicked or stayed away too long: a bot plays the seat to the end of the game. */
  takeover(seat: number, reason: TakeoverReason): Promise<boolean> {
    return this.driver.takeover(seat, reason);
  }

  /** A vote to kick a seat that is out of time (see `TableDriver.voteKick`). */
  voteKick(voter: number, target: number): Promise<ErrorMessage | null> {
    return this.driver.voteKick(voter, target);
  }

  /**
   * `announce`: false when every seat is sent a snapshot right after (which shows who is connected).
   * `reconnectBy`: a seat away, when its reconnection window ends (ms since the epoch).
   */
  setConnected(seat: number, connected: boolean, announce = true, reconnectBy: number | null = null): void {
    if (this.driver.setConnected(seat, connected, announce, reconnectBy) && connected)
      this.fair?.shuffle.connected(seat);
  }

  /** A seat's fair-shuffle step: its commitment, or its seed once the list is out. */
  shuffleStep(
    seat: number,
    step: 'commit' | 'reveal',
    handNumber: number,
    value: string,
  ): Promise<ErrorMessage | null> {
    return this.driver.run(async () => {
      if (this.seats[seat]?.kind !== 'human')
        return { code: 'ERR_NOT_SEATED', message: 'a bot plays this seat' };
      if (!this.fair) return { code: 'ERR_NOT_NOW', message: 'this table deals without the fair shuffle' };
      return step === 'commit'
        ? this.fair.shuffle.commit(seat, handNumber, value)
        : this.fair.shuffle.reveal(seat, handNumber, value);
    });
  }

  /** A full picture for one seat (on join, on `sync`); `ack`: the id of the seat's move it applied. */
  snapshot(seat: number, event: TableEvent = { type: 'join' }, ack?: string): SnapshotMessage {
    return this.driver.snapshot(seat, event, ack);
  }

  seatsMessage(): SeatsMessage {
    return this.driver.seatsMessage();
  }

  /** Stops timers; the table object is done with (its log stays in the store). */
  dispose(): void {
    this.driver.dispose();
    this.fair?.shuffle.dispose();
  }

  /** Waits until every queued change is done (tests, shutdown). */
  idle(): Promise<void> {
    return this.driver.idle();
  }
}
