/**
 * One live table, without any transport: the engine's game, who sits where, the clocks, kick votes, bots and the
 * event log. Every change is one event: checked by the engine, written to the store, and only then applied and
 * sent — each seat gets its own view (`observation(state, seat)`), nothing else. A table restores itself by
 * replaying its stored events.
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
  applyMove,
  cryptoRandom,
  deal,
  dealRandom,
  newGame,
  observation,
  moveErrorMessage,
  parseNamedMove,
  randomInt,
  DIE_SUITS,
  seatsToAct,
  type Card,
  type GameState,
  type IllegalMove,
  type Observation,
  type Suit,
} from '@hearts/engine';
import type { Decision } from '@hearts/bots';
import type {
  BotLevel,
  ClockInfo,
  ClockMessage,
  ErrorMessage,
  GameMessage,
  ResultMessage,
  SeatInfo,
  SeatsMessage,
  SnapshotMessage,
  TableEvent,
  TableInfo,
  TakeoverReason,
  WireMove,
} from '@hearts/live/protocol';
import type { SeatLook } from '@hearts/live/cosmetics';
import type { ShuffleMessage } from '@hearts/live/protocol';
import type { Transcript } from '@hearts/shuffle';
import type { BotDecider } from './bots.js';
import { passedMessages, playMessages } from './views.js';
import { TableShuffle, shuffleTestHooks } from './shuffle-table.js';
import type { EventRow, StoredEvent, StoredSeat, TableRecord } from './store/types.js';

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

/** A seat now. A human seat taken over by a bot keeps the player's name and is marked `replaced`. */
export interface SeatState {
  readonly kind: 'human' | 'bot';
  readonly userId: string | null; // the human dealt into the seat (kept after a takeover)
  readonly name: string;
  readonly level: BotLevel | null;
  readonly replaced: boolean;
  readonly rating: number | null;
  readonly provisional: boolean; // the rating was provisional (too few rated games): shown as "1500?"
  readonly look: SeatLook | null; // humans: the cosmetics they chose
}

export type SubmitOutcome =
  { readonly ok: true; readonly v: number } | { readonly ok: false; readonly error: ErrorMessage };

const seatFromStored = (s: StoredSeat): SeatState =>
  s.kind === 'human'
    ? {
        kind: 'human',
        userId: s.userId,
        name: s.name,
        level: null,
        replaced: false,
        rating: s.rating,
        provisional: s.provisional === true,
        look: s.look ?? null,
      }
    : {
        kind: 'bot',
        userId: null,
        name: s.name,
        level: s.level,
        replaced: false,
        rating: s.rating,
        provisional: false,
        look: null,
      };

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

const illegal = (e: IllegalMove, id?: string): ErrorMessage => ({
  code: 'ERR_ILLEGAL',
  message: e.message,
  rule: e.code,
  ...(id === undefined ? {} : { id }),
});

export class Table {
  game: GameState;
  version = 0; // events applied
  readonly seats: SeatState[];
  readonly connected: boolean[];
  lastEvent: TableEvent = { type: 'join' };
  finished = false; // results stored
  result: ResultMessage | null = null;
  readonly transcripts = new Map<number, Transcript>(); // hearts-shuffle/1, by hand number

  private readonly banks: number[];
  private readonly clockStart: (number | null)[];
  private readonly graceTimers: (ReturnType<typeof setTimeout> | null)[];
  private readonly bankTimers: (ReturnType<typeof setTimeout> | null)[];
  private readonly kickable: boolean[];
  private readonly votes: Set<number>[];
  private readonly botTokens: number[];
  private readonly botPending: boolean[];
  private readonly moveIds = new Map<string, number>(); // `${seat}|${id}` → version that applied it
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
    const g = newGame(record.rules);
    if (!g.ok) throw new Error(`table ${record.id}: bad rules: ${g.error.message}`);
    this.game = g.value;
    const n = record.rules.players;
    if (record.seats.length !== n) throw new Error(`table ${record.id}: ${n} seats expected`);
    this.seats = record.seats.map(seatFromStored);
    this.connected = new Array<boolean>(n).fill(false);
    this.banks = new Array<number>(n).fill(deps.times.bankMs);
    this.clockStart = new Array<number | null>(n).fill(null);
    this.graceTimers = new Array<null>(n).fill(null);
    this.bankTimers = new Array<null>(n).fill(null);
    this.kickable = new Array<boolean>(n).fill(false);
    this.votes = Array.from({ length: n }, () => new Set<number>());
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
          persist: (event) => this.persist(event),
          enqueue: (f) => void this.enqueue(f),
          deal: (handNumber, transcript, hands) => this.dealShuffled(handNumber, transcript, hands),
          problem: (message, e) => this.deps.out.problem(message, e),
        });
  }

  get id(): string {
    return this.record.id;
  }

  static create(record: TableRecord, deps: TableDeps): Table {
    return new Table(record, deps);
  }

  /** Rebuilds a table from its stored events; throws when they do not replay (a corrupt log). */
  static restore(record: TableRecord, events: readonly EventRow[], deps: TableDeps): Table {
    const t = new Table(record, deps);
    for (const row of events) {
      if (row.seq !== t.version) throw new Error(`table ${record.id}: event ${row.seq} out of order`);
      t.replay(row.event);
      t.version++;
    }
    return t;
  }

  private replay(e: StoredEvent): void {
    switch (e.type) {
      case 'deal': {
        const hands = e.hands.map((h) => CardSet.fromNames(h.trim() === '' ? [] : h.trim().split(/\s+/)));
        if (hands.some((h) => h === undefined))
          throw new Error(`table ${this.id}: bad card in a stored deal`);
        const seven = e.sevenSuit === null ? null : (SUITS.indexOf(e.sevenSuit) as Suit);
        const r = deal(this.game, hands as CardSet[], seven);
        if (!r.ok) throw new Error(`table ${this.id}: stored deal refused: ${r.error.message}`);
        this.game = r.value;
        this.newHandClocks();
        this.lastEvent = { type: 'deal', handNumber: this.game.handNumber };
        if (e.shuffle) this.transcripts.set(e.shuffle.handNumber, e.shuffle);
        this.fair?.dealt(this.game.handNumber);
        return;
      }
      case 'commitments':
        if (this.fair) this.fair.restore(e);
        return;
      case 'move': {
        const m = parseNamedMove(e.move);
        const r = m.ok ? applyMove(this.game, e.seat, m.value) : null;
        if (!r?.ok) throw new Error(`table ${this.id}: stored move ${JSON.stringify(e)} refused`);
        this.game = r.value;
        this.banks[e.seat] = e.bankMs;
        if (e.by === 'clock') this.kickable[e.seat] = true;
        else if (e.by === 'player') this.backInTime(e.seat);
        if (e.clientId !== null) this.moveIds.set(`${e.seat}|${e.clientId}`, this.version + 1);
        this.lastEvent = this.moveEvent(e.seat, e.move);
        return;
      }
      case 'takeover':
        this.replaceSeat(e.seat, e.level);
        this.lastEvent = { type: 'takeover', seat: e.seat, level: e.level, reason: e.reason };
        return;
    }
  }

  /** Starts the table's life in this process: deal if due, clocks, bots, or the results of a finished game. */
  begin(): void {
    this.enqueue(async () => this.afterChange());
  }

  /** Humans who still hold their seat. */
  humanSeats(): number[] {
    return this.seats.flatMap((s, i) => (s.kind === 'human' ? [i] : []));
  }

  seatOfUser(userId: string): number {
    return this.seats.findIndex((s) => s.kind === 'human' && s.userId === userId);
  }

  /** A player's move. Duplicate ids are answered, never applied twice. */
  submit(seat: number, id: string, move: WireMove): Promise<SubmitOutcome> {
    return this.enqueue(async () => {
      const done = this.moveIds.get(`${seat}|${id}`);
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
      const t = this.seats[target];
      if (this.seats[voter]?.kind !== 'human' || voter === target)
        return { code: 'ERR_NOT_KICKABLE', message: 'only the other players vote' } as ErrorMessage;
      if (!t || t.kind !== 'human' || !this.kickable[target] || this.game.phase === 'gameOver')
        return { code: 'ERR_NOT_KICKABLE', message: 'that seat cannot be kicked now' } as ErrorMessage;
      this.votes[target]!.add(voter);
      const others = this.humanSeats().filter((s) => s !== target).length;
      if (this.votes[target]!.size >= Math.floor(others / 2) + 1) {
        void this.enqueue(() => this.takeoverNow(target, 'kicked'));
      }
      this.deps.out.seats(this.seatsMessage());
      return null;
    });
  }

  private async takeoverNow(seat: number, reason: TakeoverReason): Promise<boolean> {
    const s = this.seats[seat];
    if (!s || s.kind !== 'human' || this.game.phase === 'gameOver') return false;
    if (reason === 'kicked' && !this.kickable[seat]) return false; // back in time since the vote
    const level = this.record.botLevel;
    await this.persist({ type: 'takeover', seat, level, reason });
    this.replaceSeat(seat, level);
    this.lastEvent = { type: 'takeover', seat, level, reason };
    this.deps.out.seatLost(seat, reason);
    await this.fair?.takeover(seat);
    this.afterChange();
    this.sendSnapshots(this.lastEvent, null);
    return true;
  }

  /** `announce`: false when every seat is sent a snapshot right after (which shows who is connected). */
  setConnected(seat: number, connected: boolean, announce = true): void {
    if (this.connected[seat] === connected) return;
    this.connected[seat] = connected;
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
    this.version++;
  }

  private async apply(
    seat: number,
    wire: WireMove,
    by: 'player' | 'bot' | 'clock',
    id: string | null,
  ): Promise<SubmitOutcome> {
    const cheat = shuffleTestHooks.cheat?.move;
    if (cheat && by === 'player') wire = cheat(seat, wire);
    const move = parseNamedMove(wire);
    if (!move.ok)
      return {
        ok: false,
        error: { code: 'ERR_MALFORMED', message: moveErrorMessage(move.error), ...(id ? { id } : {}) },
      };
    const r = applyMove(this.game, seat, move.value);
    if (!r.ok) return { ok: false, error: illegal(r.error, id ?? undefined) };
    const bankMs = by === 'clock' ? 0 : by === 'player' ? this.bankAfter(seat) : this.banks[seat]!;
    try {
      await this.persist({ type: 'move', seat, move: wire, by, bankMs, clientId: id });
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
    const prev = this.game;
    this.game = r.value;
    this.banks[seat] = bankMs;
    if (id !== null) this.moveIds.set(`${seat}|${id}`, this.version);
    this.stopClock(seat);
    this.botTokens[seat]!++; // a bot still thinking for this seat answers a question no longer asked
    this.botPending[seat] = false;
    const backInTime = by === 'player' && this.backInTime(seat);
    this.lastEvent = this.moveEvent(seat, wire);
    this.afterChange();
    this.sendMove(prev, seat, wire, bankMs, id);
    if (backInTime) this.deps.out.seats(this.seatsMessage()); // no longer kickable, its votes gone
    if (this.game.handNumber !== prev.handNumber || this.game.phase === 'gameOver')
      this.sendTranscript(prev.handNumber);
    return { ok: true, v: this.version };
  }

  private moveEvent(seat: number, m: WireMove): TableEvent {
    return m.kind === 'pass'
      ? { type: 'pass', seat }
      : m.kind === 'play'
        ? { type: 'play', seat, card: m.card }
        : { type: 'moon', seat, choice: m.choice };
  }

  private replaceSeat(seat: number, level: BotLevel): void {
    const s = this.seats[seat]!;
    this.seats[seat] = { ...s, kind: 'bot', level, replaced: true };
    this.connected[seat] = false;
    this.kickable[seat] = false;
    this.votes[seat]!.clear();
    for (const v of this.votes) v.delete(seat);
    this.stopClock(seat);
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
    const r = deal(this.game, hands, sevenSuit);
    if (!r.ok) throw new Error(`table ${this.id}: the deal was refused: ${r.error.message}`);
    try {
      await this.persist({
        type: 'deal',
        hands: hands.map((h) => h.toString()),
        sevenSuit: sevenSuit === null ? null : (SUITS[sevenSuit] as 'C' | 'D' | 'S'),
        ...(shuffle ? { shuffle } : {}),
      });
    } catch (e) {
      this.deps.out.problem(`table ${this.id}: storing a deal failed; retrying`, e);
      this.dealTimer = setTimeout(() => {
        this.dealTimer = null;
        this.enqueue(retry);
      }, 1000);
      return;
    }
    if (shuffle) this.transcripts.set(shuffle.handNumber, shuffle);
    this.fair?.dealt(this.game.handNumber);
    this.game = r.value;
    this.newHandClocks();
    this.lastEvent = { type: 'deal', handNumber: this.game.handNumber };
    this.afterChange();
    this.sendSnapshots(this.lastEvent, null);
  }

  /** The seat's player decided by themselves: it is no longer out of time, and votes against it are void. */
  private backInTime(seat: number): boolean {
    if (!this.kickable[seat]) return false;
    this.kickable[seat] = false;
    this.votes[seat]!.clear();
    return true;
  }

  private newHandClocks(): void {
    this.banks.fill(this.deps.times.bankMs);
    this.kickable.fill(false);
    for (const v of this.votes) v.clear();
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

  private bankAfter(seat: number): number {
    const start = this.clockStart[seat];
    if (start === null || start === undefined) return this.banks[seat]!;
    const used = Math.max(0, this.now() - start - this.deps.times.graceMs);
    return Math.max(0, this.banks[seat]! - used);
  }

  private startClock(seat: number): void {
    const t = this.deps.times;
    this.clockStart[seat] = this.now();
    this.graceTimers[seat] = setTimeout(() => {
      this.graceTimers[seat] = null;
      this.deps.out.clock({ clock: this.clockInfo(seat), kickable: [...this.kickable] });
    }, t.graceMs);
    this.bankTimers[seat] = setTimeout(() => {
      this.bankTimers[seat] = null;
      this.enqueue(async () => this.bankRanOut(seat));
    }, t.graceMs + this.banks[seat]!);
  }

  private bankRanOut(seat: number): void {
    if (this.disposed || this.clockStart[seat] === null || this.seats[seat]!.kind !== 'human') return;
    if (!seatsToAct(this.game).includes(seat)) return;
    this.banks[seat] = 0;
    this.kickable[seat] = true;
    this.stopClock(seat);
    this.deps.out.clock({ clock: this.clockInfo(seat), kickable: [...this.kickable] });
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
    const start = this.clockStart[seat];
    if (start === null || start === undefined)
      return { seat, bankMs: this.banks[seat]!, graceMs: 0, running: false };
    const elapsed = this.now() - start;
    const grace = this.deps.times.graceMs;
    return {
      seat,
      bankMs: Math.max(0, this.banks[seat]! - Math.max(0, elapsed - grace)),
      graceMs: Math.max(0, grace - elapsed),
      running: true,
    };
  }

  // --- views ---------------------------------------------------------------------------------------------------

  private seatInfos(): SeatInfo[] {
    return this.seats.map((s, i) => ({
      name: s.name,
      bot: s.kind === 'bot',
      level: s.level,
      replaced: s.replaced,
      connected: s.kind === 'human' && this.connected[i]!,
      rating: s.rating === null ? null : Math.round(s.rating),
      ...(s.provisional && s.rating !== null ? { provisional: true } : {}),
      ...(s.look && s.kind === 'human' ? { look: s.look } : {}),
    }));
  }

  seatsMessage(): SeatsMessage {
    return {
      seats: this.seatInfos(),
      kickable: [...this.kickable],
      kickVotes: this.votes.map((v) => v.size),
    };
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
