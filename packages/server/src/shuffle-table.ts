/**
 * The fair shuffle `hearts-shuffle/1` at a live table, for one hand at a time: ask every human seat for its
 * commitment (bots and seats taken over get server seeds), store all commitments, publish the list and its hash,
 * collect the seeds (a seat that does not reveal in time gets the fallback seed), and hand the deal to the table.
 * Seeds leave the server only in the transcript, after the hand.
 *
 * Restarts: the commitments are stored (with the seeds the server drew) before the list is published, so a
 * restarted table resumes at the reveal step and never re-deals; seeds revealed before the restart are asked for
 * again (a client that lost its seed gets the fallback). A restart before every commitment was in starts the
 * commit step of that hand over: nothing was published yet, so nothing is lost.
 *
 * ```ts
 * const shuffle = new TableShuffle(host); // host: the table's queue, store and connections
 * shuffle.run(handNumber); // when the table waits for a deal
 * shuffle.commit(seat, handNumber, c); shuffle.reveal(seat, handNumber, seedHex); // from the seats' messages
 * ```
 */
import {
  ShuffleRound,
  commitment,
  makeSeed,
  seedFromHex,
  seedToHex,
  type RandomBytes,
  type Transcript,
} from '@hearts/shuffle';
import type { Card } from '@hearts/engine';
import type { ErrorMessage, ShuffleMessage, WireMove } from '@hearts/table/protocol';
import type { StoredEvent } from '@hearts/table';

/** What the shuffle needs from its table. Every callback runs inside the table's queue. */
export interface ShuffleHost {
  readonly tableId: string;
  readonly players: number;
  readonly removedCards: readonly string[];
  readonly timeoutMs: number; // to commit, and to reveal once the list is out
  isHuman(seat: number): boolean; // a human plays the seat now (not a bot, not taken over)
  send(seat: number, message: ShuffleMessage): void;
  persist(event: StoredEvent): Promise<void>;
  enqueue(f: () => Promise<void>): void;
  /** Every seed is in: deal these hands (by seat, in dealing order). Called once per hand. */
  deal(handNumber: number, transcript: Transcript, hands: Card[][]): Promise<void>;
  problem(message: string, error?: unknown): void;
  readonly random?: RandomBytes; // tests only: the server's seeds
}

/**
 * Test-only: ways a dishonest server could cheat, to show that honest clients catch each one
 * (test/fair-shuffle.test.ts). Never set outside tests.
 */
export interface ShuffleCheat {
  /** The list shown to `seat` instead of the real one. */
  list?(
    seat: number,
    real: { commitments: string[]; commitmentsHash: string },
  ): {
    commitments: string[];
    commitmentsHash: string;
  };
  /** The transcript published and the hands dealt, once every seed is in (`serverSeats`: seeds the server drew). */
  deal?(
    real: { transcript: Transcript; hands: Card[][] },
    serverSeats: readonly number[],
  ): { transcript: Transcript; hands: Card[][] };
  /** A player's move as the table applies it. */
  move?(seat: number, move: WireMove): WireMove;
}
export const shuffleTestHooks: { cheat: ShuffleCheat | null } = { cheat: null };

type Refusal = ErrorMessage & { code: 'ERR_SHUFFLE' | 'ERR_NOT_NOW' };
const refuse = (message: string): Refusal => ({ code: 'ERR_SHUFFLE', message });

interface Hand {
  readonly handNumber: number;
  step: 'commit' | 'storing' | 'reveal' | 'dealing';
  readonly commitments: (string | null)[];
  readonly serverSeeds: (Uint8Array | null)[];
  round: ShuffleRound | null; // from the reveal step on
  published: { commitments: string[]; commitmentsHash: string } | null;
  timer: ReturnType<typeof setTimeout> | null;
  running: boolean; // timers started in this process
}

export class TableShuffle {
  private hand: Hand | null = null;
  private disposed = false;

  constructor(private readonly host: ShuffleHost) {}

  /** The hand whose shuffle is under way, if any. */
  get handNumber(): number | null {
    return this.hand?.handNumber ?? null;
  }

  /** The commitments hash of the hand under way, once published. */
  get commitmentsHash(): string | null {
    return this.hand?.published?.commitmentsHash ?? null;
  }

  /** Replays a stored `commitments` event: the hand resumes at the reveal step. */
  restore(e: Extract<StoredEvent, { type: 'commitments' }>): void {
    const n = this.host.players;
    if (e.commitments.length !== n || e.serverSeeds.length !== n)
      throw new Error(`table ${this.host.tableId}: stored commitments do not list ${n} seats`);
    const seeds = e.serverSeeds.map((s) => (s === null ? null : (seedFromHex(s) ?? null)));
    this.hand = {
      handNumber: e.handNumber,
      step: 'storing',
      commitments: [...e.commitments],
      serverSeeds: seeds,
      round: null,
      published: null,
      timer: null,
      running: false,
    };
    this.openRound(this.hand);
  }

  /** The table waits for hand `handNumber`'s deal: start its shuffle, or resume a restored one. */
  run(handNumber: number): void {
    if (this.disposed) return;
    const h = this.hand;
    if (h && h.handNumber === handNumber) {
      if (!h.running && h.step === 'reveal') {
        h.running = true;
        this.publish(h);
      }
      return;
    }
    this.clear();
    const n = this.host.players;
    const fresh: Hand = {
      handNumber,
      step: 'commit',
      commitments: new Array<string | null>(n).fill(null),
      serverSeeds: new Array<Uint8Array | null>(n).fill(null),
      round: null,
      published: null,
      timer: null,
      running: true,
    };
    this.hand = fresh;
    for (let s = 0; s < n; s++) {
      if (this.host.isHuman(s)) this.host.send(s, this.commitRequest(fresh, s));
      else this.serverCommit(fresh, s);
    }
    fresh.timer = setTimeout(
      () => this.host.enqueue(async () => this.commitTimeout(fresh)),
      this.host.timeoutMs,
    );
    void this.checkCommits(fresh);
  }

  /** A seat's commitment. */
  async commit(seat: number, handNumber: number, c: string): Promise<Refusal | null> {
    const h = this.hand;
    if (!h || h.handNumber !== handNumber || h.step !== 'commit')
      return refuse(`no commitment is asked for hand ${handNumber} now`);
    if (h.commitments[seat] !== null) {
      return h.commitments[seat] === c ? null : refuse('this seat already committed for this hand');
    }
    h.commitments[seat] = c;
    await this.checkCommits(h);
    return null;
  }

  /** A seat's seed, after the list was published. */
  async reveal(seat: number, handNumber: number, seedHex: string): Promise<Refusal | null> {
    const h = this.hand;
    if (!h || h.handNumber !== handNumber || h.step !== 'reveal' || !h.round)
      return refuse(`no seed is asked for hand ${handNumber} now`);
    const r = h.round.reveal(seat, seedHex);
    if (!r.ok) return refuse(r.error.message);
    await this.checkReveals(h);
    return null;
  }

  /** A seat went to a bot: it no longer commits or reveals. */
  async takeover(seat: number): Promise<void> {
    const h = this.hand;
    if (!h) return;
    if (h.step === 'commit' && h.commitments[seat] === null) {
      this.serverCommit(h, seat);
      await this.checkCommits(h);
    } else if (h.step === 'reveal' && h.round?.waitingFor().includes(seat)) {
      h.round.timeout(seat);
      await this.checkReveals(h);
    }
  }

  /** A seat's connection came (back): repeat what it is asked for. */
  connected(seat: number): void {
    const h = this.hand;
    if (!h || !this.host.isHuman(seat)) return;
    if (h.step === 'commit' && h.commitments[seat] === null)
      this.host.send(seat, this.commitRequest(h, seat));
    else if (h.step === 'reveal' && h.published && h.round?.waitingFor().includes(seat))
      this.sendList(h, seat);
  }

  dispose(): void {
    this.disposed = true;
    this.clear();
  }

  // ---------------------------------------------------------------------------------------------------------------

  private clear(): void {
    if (this.hand?.timer) clearTimeout(this.hand.timer);
    this.hand = null;
  }

  private commitRequest(h: Hand, seat: number): ShuffleMessage {
    const { tableId, players } = this.host;
    return { step: 'commit', tableId, handNumber: h.handNumber, seat, players };
  }

  /** The server draws the seat's seed (a bot, or a seat that did not commit in time). */
  private serverCommit(h: Hand, seat: number): void {
    const seed = makeSeed(this.host.random);
    h.serverSeeds[seat] = seed;
    h.commitments[seat] = commitment(this.host.tableId, h.handNumber, seat, seed);
  }

  private async commitTimeout(h: Hand): Promise<void> {
    if (this.hand !== h || h.step !== 'commit') return;
    h.timer = null;
    for (let s = 0; s < this.host.players; s++) if (h.commitments[s] === null) this.serverCommit(h, s);
    await this.checkCommits(h);
  }

  /** Once every commitment is in: store them, then publish. */
  private async checkCommits(h: Hand): Promise<void> {
    if (this.hand !== h || h.step !== 'commit' || h.commitments.some((c) => c === null)) return;
    if (h.timer) clearTimeout(h.timer);
    h.timer = null;
    h.step = 'storing';
    try {
      await this.host.persist({
        type: 'commitments',
        handNumber: h.handNumber,
        commitments: h.commitments as string[],
        serverSeeds: h.serverSeeds.map((s) => (s === null ? null : seedToHex(s))),
      });
    } catch (e) {
      this.host.problem(`table ${this.host.tableId}: storing the commitments failed; retrying`, e);
      h.step = 'commit';
      h.timer = setTimeout(() => this.host.enqueue(() => this.checkCommits(h)), 1000);
      return;
    }
    if (this.hand !== h) return;
    this.openRound(h);
    this.publish(h);
  }

  private openRound(h: Hand): void {
    const { tableId, players, removedCards } = this.host;
    const round = new ShuffleRound({ tableId, handNumber: h.handNumber, players, removedCards });
    h.commitments.forEach((c, s) => {
      const r = round.commit(s, c);
      if (!r.ok) throw new Error(`table ${tableId}: commitment of seat ${s}: ${r.error.message}`);
    });
    h.published = round.published();
    h.serverSeeds.forEach((seed, s) => {
      if (seed) round.reveal(s, seedToHex(seed));
    });
    h.round = round;
    h.step = 'reveal';
  }

  private sendList(h: Hand, seat: number): void {
    const real = h.published!;
    const shown = shuffleTestHooks.cheat?.list?.(seat, real) ?? real;
    this.host.send(seat, { step: 'commitments', handNumber: h.handNumber, ...shown });
  }

  /** Sends the list to every seat whose seed the server does not hold, and waits for the seeds. */
  private publish(h: Hand): void {
    const round = h.round!;
    for (const s of round.waitingFor()) this.sendList(h, s);
    h.running = true;
    h.timer = setTimeout(() => this.host.enqueue(async () => this.revealTimeout(h)), this.host.timeoutMs);
    void this.checkReveals(h);
  }

  private async revealTimeout(h: Hand): Promise<void> {
    if (this.hand !== h || h.step !== 'reveal') return;
    h.timer = null;
    for (const s of h.round!.waitingFor()) h.round!.timeout(s);
    await this.checkReveals(h);
  }

  private async checkReveals(h: Hand): Promise<void> {
    if (this.hand !== h || h.step !== 'reveal' || h.round!.waitingFor().length > 0) return;
    if (h.timer) clearTimeout(h.timer);
    h.timer = null;
    const done = h.round!.finish();
    if (!done.ok) throw new Error(`table ${this.host.tableId}: ${done.error.message}`);
    h.step = 'dealing';
    let { transcript, hands } = done.value;
    const cheat = shuffleTestHooks.cheat?.deal;
    if (cheat) {
      const serverSeats = h.serverSeeds.flatMap((s, i) => (s ? [i] : []));
      ({ transcript, hands } = cheat({ transcript, hands }, serverSeats));
    }
    await this.host.deal(h.handNumber, transcript, hands);
  }

  /** The table dealt this hand: the shuffle is over. */
  dealt(handNumber: number): void {
    if (this.hand?.handNumber === handNumber) this.clear();
  }
}
