/**
 * The fair shuffle `hearts-shuffle/1` as a table's deal port, one hand at a time: ask every human seat for its
 * commitment (bots and seats taken over get seeds drawn here), store all commitments, publish the list and its
 * hash, collect the seeds (a seat that does not reveal in time gets the fallback seed), and deal the hand — the
 * deck and the die — from the seeds (`@hearts/shuffle`'s `ShuffleRound`, whose transcript goes with the deal).
 * Seeds leave the table only in the transcript, after the hand. Its time is the driver's scheduler and its storage
 * the driver's queue (`DealTable`); it has no timers and no I/O of its own.
 *
 * Restarts: the commitments are stored (with the seeds drawn here) before the list is published, so a restored
 * table resumes at the reveal step and never re-deals; seeds revealed before the restart are asked for again (a
 * client that lost its seed gets the fallback). A restart before every commitment was in starts the commit step
 * of that hand over: nothing was published yet, so nothing is lost.
 *
 * ```ts
 * const driver = TableDriver.create(info, state, { ...ports, deal: (table) => new FairShuffle(table, { timeoutMs: 5000 }) });
 * await driver.dealStep(seat, { step: 'commit', handNumber: 0, commitment }); // from the seats' messages
 * ```
 */
import { CardSet, SUITS, type Card, type GameState, type Suit } from '@hearts/engine';
import { ShuffleRound, type DieSuit, type RandomBytes, type Transcript } from '@hearts/shuffle';
import type { Deal, DealPort, DealStep, DealTable } from './driver.js';
import type { StoredEvent } from './events.js';
import type { ErrorMessage, ShuffleMessage } from '@hearts/protocol/socket';

/**
 * A dishonest dealer, for tests that show honest clients catching each way it could cheat (the server's
 * test/fair-shuffle.test.ts). Given to a `FairShuffle` by its constructor; never given outside tests.
 */
export interface ShuffleCheat {
  /** The list shown to `seat` instead of the real one. */
  list?(
    seat: number,
    real: { commitments: string[]; commitmentsHash: string },
  ): { commitments: string[]; commitmentsHash: string };
  /**
   * The transcript published, the hands dealt and the die rolled, once every seed is in (`serverSeats`: seeds drawn
   * here).
   */
  deal?(real: CheatDeal, serverSeats: readonly number[]): CheatDeal;
}

/** A deal as a dishonest dealer may alter it. */
export interface CheatDeal {
  readonly transcript: Transcript;
  readonly hands: Card[][];
  readonly sevenSuit: DieSuit | null;
}

export interface FairShuffleOptions {
  readonly timeoutMs: number; // to commit, and to reveal once the list is out; then drawn or fallback seeds
  readonly random?: RandomBytes; // tests only: the seeds drawn here
  readonly cheat?: ShuffleCheat; // tests only: a dishonest dealer
}

type Refusal = ErrorMessage & { code: 'ERR_SHUFFLE' };
const refuse = (message: string): Refusal => ({ code: 'ERR_SHUFFLE', message });

/** What a failed store of the commitments waits before it is tried again. */
const STORE_RETRY_MS = 1000;

interface Hand {
  readonly handNumber: number;
  step: 'commit' | 'storing' | 'reveal' | 'dealing';
  readonly round: ShuffleRound;
  timer: (() => void) | null;
  running: boolean; // its timers run in this process (a restored hand waits until its deal is asked)
}

/** The fair shuffle as a `DealPort`: made by the driver over its `DealTable` (see `DriverPorts.deal`). */
export class FairShuffle implements DealPort {
  private hand: Hand | null = null;
  private waiting: { readonly handNumber: number; readonly resolve: (d: Deal) => void } | null = null;
  private disposed = false;

  constructor(
    private readonly table: DealTable,
    private readonly options: FairShuffleOptions,
  ) {}

  deal(handNumber: number, _game: GameState): Promise<Deal> {
    return new Promise((resolve) => {
      this.waiting = { handNumber, resolve };
      this.start(handNumber);
    });
  }

  dealt(handNumber: number): void {
    if (this.hand?.handNumber === handNumber) this.clear();
  }

  /** A stored `commitments` event: the hand resumes at the reveal step once its deal is asked for. */
  replay(event: StoredEvent): void {
    if (event.type === 'deal') {
      if (event.shuffle) this.dealt(event.shuffle.handNumber);
      else this.clear();
      return;
    }
    if (event.type !== 'commitments') return;
    const round = ShuffleRound.restore(this.info(event.handNumber), event);
    if (!round.ok) throw new Error(`table ${this.table.id}: stored commitments: ${round.error.message}`);
    this.clear();
    this.hand = {
      handNumber: event.handNumber,
      step: 'reveal',
      round: round.value,
      timer: null,
      running: false,
    };
  }

  async receive(seat: number, m: DealStep): Promise<Refusal | null> {
    const h = this.hand;
    if (m.step === 'commit') {
      if (!h || h.handNumber !== m.handNumber || h.step !== 'commit')
        return refuse(`no commitment is asked for hand ${m.handNumber} now`);
      const before = h.round.committed(seat);
      if (before !== null)
        return before === m.commitment ? null : refuse('this seat already committed for this hand');
      const r = h.round.commit(seat, m.commitment);
      if (!r.ok) return refuse(r.error.message);
      await this.checkCommits(h);
      return null;
    }
    if (!h || h.handNumber !== m.handNumber || h.step !== 'reveal')
      return refuse(`no seed is asked for hand ${m.handNumber} now`);
    const r = h.round.reveal(seat, m.seed);
    if (!r.ok) return refuse(r.error.message);
    this.checkReveals(h);
    return null;
  }

  /** A seat went to a bot: it no longer commits or reveals. */
  async takeover(seat: number): Promise<void> {
    const h = this.hand;
    if (!h) return;
    if (h.step === 'commit' && h.round.committed(seat) === null) {
      h.round.commitBot(seat);
      await this.checkCommits(h);
    } else if (h.step === 'reveal' && h.round.waitingFor().includes(seat)) {
      h.round.timeout(seat);
      this.checkReveals(h);
    }
  }

  /** A seat's connection came (back): repeat what it is asked for. */
  connected(seat: number): void {
    const h = this.hand;
    if (!h || !this.table.isHuman(seat)) return;
    if (h.step === 'commit' && h.round.committed(seat) === null)
      this.table.send(seat, this.commitRequest(h, seat));
    else if (h.step === 'reveal' && h.running && h.round.waitingFor().includes(seat)) this.sendList(h, seat);
  }

  dispose(): void {
    this.disposed = true;
    this.clear();
  }

  // ---------------------------------------------------------------------------------------------------------------

  private info(handNumber: number) {
    const { id, rules } = this.table;
    return {
      tableId: id,
      handNumber,
      players: rules.players,
      removedCards: rules.removedCards,
      sevenOfDie: rules.sevenOfDie,
    };
  }

  /** The table waits for hand `handNumber`'s deal: start its shuffle, or resume a restored one. */
  private start(handNumber: number): void {
    if (this.disposed) return;
    const h = this.hand;
    if (h && h.handNumber === handNumber) {
      if (!h.running && h.step === 'reveal') this.publish(h);
      return;
    }
    this.clear();
    const fresh: Hand = {
      handNumber,
      step: 'commit',
      round: new ShuffleRound(this.info(handNumber), this.options.random),
      timer: null,
      running: true,
    };
    this.hand = fresh;
    for (let s = 0; s < this.table.rules.players; s++) {
      if (this.table.isHuman(s)) this.table.send(s, this.commitRequest(fresh, s));
      else fresh.round.commitBot(s);
    }
    fresh.timer = this.table.after(this.options.timeoutMs, () => this.commitTimeout(fresh));
    void this.checkCommits(fresh);
  }

  private clear(): void {
    this.hand?.timer?.();
    this.hand = null;
  }

  private commitRequest(h: Hand, seat: number): ShuffleMessage {
    const { id, rules } = this.table;
    return { step: 'commit', tableId: id, handNumber: h.handNumber, seat, players: rules.players };
  }

  /** Seats that did not commit in time get seeds drawn here. */
  private async commitTimeout(h: Hand): Promise<void> {
    if (this.hand !== h || h.step !== 'commit') return;
    h.timer = null;
    for (const s of h.round.uncommitted()) h.round.commitBot(s);
    await this.checkCommits(h);
  }

  /** Once every commitment is in: store them, then publish. */
  private async checkCommits(h: Hand): Promise<void> {
    const stored = h.round.stored();
    if (this.hand !== h || h.step !== 'commit' || !stored) return;
    h.timer?.();
    h.timer = null;
    h.step = 'storing';
    try {
      await this.table.record({ type: 'commitments', handNumber: h.handNumber, ...stored });
    } catch (e) {
      this.table.problem(`table ${this.table.id}: storing the commitments failed; retrying`, e);
      h.step = 'commit';
      h.timer = this.table.after(STORE_RETRY_MS, () => this.checkCommits(h));
      return;
    }
    if (this.hand !== h) return;
    h.step = 'reveal';
    this.publish(h);
  }

  private sendList(h: Hand, seat: number): void {
    const real = h.round.published()!;
    const shown = this.options.cheat?.list?.(seat, real) ?? real;
    this.table.send(seat, { step: 'commitments', handNumber: h.handNumber, ...shown });
  }

  /** Sends the list to every seat whose seed is not drawn here, and waits for the seeds. */
  private publish(h: Hand): void {
    h.running = true;
    h.round.published(); // fixed from now on, whether or not a seat is waiting for it
    for (const s of h.round.waitingFor()) this.sendList(h, s);
    h.timer = this.table.after(this.options.timeoutMs, () => this.revealTimeout(h));
    this.checkReveals(h);
  }

  private revealTimeout(h: Hand): void {
    if (this.hand !== h || h.step !== 'reveal') return;
    h.timer = null;
    for (const s of h.round.waitingFor()) h.round.timeout(s);
    this.checkReveals(h);
  }

  /** Once every seed is in (or timed out): the deal, to the driver. */
  private checkReveals(h: Hand): void {
    if (this.hand !== h || h.step !== 'reveal' || h.round.waitingFor().length > 0) return;
    h.timer?.();
    h.timer = null;
    const done = h.round.finish();
    if (!done.ok) throw new Error(`table ${this.table.id}: ${done.error.message}`);
    h.step = 'dealing';
    const honest: CheatDeal = done.value;
    const cheat = this.options.cheat?.deal;
    const { transcript, hands, sevenSuit } = cheat ? cheat(honest, h.round.serverSeats()) : honest;
    const w = this.waiting;
    if (!w || w.handNumber !== h.handNumber) return;
    this.waiting = null;
    w.resolve({
      hands: hands.map((cards) => CardSet.fromCards(cards)),
      sevenSuit: sevenSuit === null ? null : (SUITS.indexOf(sevenSuit) as Suit),
      shuffle: transcript,
    });
  }
}
