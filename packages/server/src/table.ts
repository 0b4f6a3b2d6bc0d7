/**
 * One live table on the server: the wiring around `@hearts/table`'s `TableDriver`, which runs the table's life
 * (the work queue, moves and their dedupe, clocks, kick votes, takeovers, bot requests, pacing, dealing and the
 * per-seat messages). The server gives it real time (`setTimeout` behind the `Scheduler`), the bot worker pool, the
 * event writer, its deals (a `DealPort`: the fair shuffle `hearts-shuffle/1` of `@hearts/table`'s `FairShuffle`, a
 * daily table's day seed, or another port in tests), finishing the game (results, ratings, records) and the room's
 * outbox.
 *
 * ```ts
 * const table = Table.create(record, deps); // or Table.restore(record, events, deps)
 * table.begin(); // deals, starts clocks, asks bots
 * const r = await table.submit(seat, 'm1', { kind: 'play', card: '2C' });
 * ```
 */
import type { GameState } from '@hearts/engine';
import {
  FairShuffle,
  TableDriver,
  newTableState,
  type DealPort,
  type DealStep,
  type DealTable,
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
} from '@hearts/protocol/socket';
import type { Transcript } from '@hearts/shuffle';
import type { BotDecider } from './bots.js';
import type { EventRow, TableRecord } from './store/types.js';

export type { SubmitOutcome } from '@hearts/table';

/** The clock and pace of a table. */
export interface TableTimes extends DriverTimes {
  readonly shuffleMs?: number; // fair shuffle: time to commit, and to reveal (default 5 s); then server/fallback seeds
}

/** Where a table's outputs go (the room sends them to connections). */
export type TableOutput = Outbox;

/** How a table's deals are made: the driver calls it once with what the port may use of the table. */
export type Deals = (table: DealTable) => DealPort;

/** The deals of a live table: the fair shuffle, each seat given `shuffleMs` (default 5 s) to commit and to reveal. */
export const fairDeals =
  (times: TableTimes): Deals =>
  (table) =>
    new FairShuffle(table, { timeoutMs: times.shuffleMs ?? 5000 });

export interface TableDeps {
  readonly append: (rows: EventRow[]) => Promise<void>; // durable before it resolves
  readonly bots: BotDecider;
  readonly times: TableTimes;
  readonly out: TableOutput;
  readonly finish: (table: Table) => Promise<ResultMessage>; // results, ratings, record: stored
  readonly deals?: Deals; // default: the fair shuffle (fairDeals)
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

/** A live table: its record and its driver; the room's handle on the game. */
export class Table {
  /** The table's life: queue, clocks, bots, takeovers, dealing, messages. */
  readonly driver: TableDriver;

  private constructor(
    readonly record: TableRecord,
    deps: TableDeps,
    events: readonly EventRow[],
  ) {
    const s = newTableState(record.rules, record.seats, deps.times);
    if (!s.ok) throw new Error(`table ${record.id}: ${s.error.message}`);
    const ports: DriverPorts = {
      times: deps.times,
      scheduler: realScheduler(deps.now ?? Date.now),
      bots: deps.bots,
      append: deps.append,
      deal: deps.deals ?? fairDeals(deps.times),
      out: deps.out,
      finish: () => deps.finish(this),
    };
    const info = { id: record.id, kind: record.kind, rated: record.rated, botLevel: record.botLevel };
    this.driver = TableDriver.restore(info, s.value, events, ports);
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
    this.driver.setConnected(seat, connected, announce, reconnectBy);
  }

  /** A seat's fair-shuffle step: its commitment, or its seed once the list is out. */
  dealStep(seat: number, step: DealStep): Promise<ErrorMessage | null> {
    return this.driver.dealStep(seat, step);
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
  }

  /** Waits until every queued change is done (tests, shutdown). */
  idle(): Promise<void> {
    return this.driver.idle();
  }
}
